package io.github.reactiverobots.core.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.store.RobotsStore;
import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.usage.TdmRepFile;
import java.time.Duration;
import reactor.core.publisher.Mono;

/**
 * The origins' {@code /.well-known/tdmrep.json} (SEMANTICS.md §8, §6), fetched only when a caller
 * asks what TDMRep says of a URL: through the cache's fetcher ({@link RobotsFetcher#fetchResource},
 * with its address policy, body cap and redirects), one fetch per origin at a time, kept for a time
 * of its own. A 2xx body is parsed (one longer than {@link TdmRepFile#MAX_BYTES}, or cut short, is
 * unreadable); a 4xx other than 429 is unset; a 429, 5xx, bot challenge or network failure is
 * unreadable, asked again after {@link #RETRY}. Unset and unreadable both answer unknown. With a
 * shared store, a file (or its absence) another worker fetched is read from the store before
 * fetching, held to this cache's time to keep, and what this cache fetches is written there; a
 * failure stays local. Thread-safe and non-blocking.
 */
public final class TdmRepFiles {
  /** The path asked for. */
  public static final String PATH = "/.well-known/tdmrep.json";

  /** How long a file, or its absence, is kept. */
  public static final Duration KEEP = Duration.ofHours(24);

  /** How long an unreachable origin's unknown answer is kept before asking again. */
  public static final Duration RETRY = Duration.ofMinutes(5);

  /** The most origins held; the least recently used go first. */
  static final int MAX_ORIGINS = 100_000;

  private record Held(TdmRepFile file, long untilNanos) {}

  private final RobotsFetcher fetcher;
  private final TimeSource time;
  private final SingleFlight<Origin, TdmRepFile> flights = new SingleFlight<>();
  private final Cache<Origin, Held> held =
      Caffeine.newBuilder().maximumSize(MAX_ORIGINS).executor(Runnable::run).build();

  private final RobotsStore store;
  private final Duration storeWait;

  TdmRepFiles(RobotsFetcher fetcher, TimeSource time, RobotsStore store, Duration storeWait) {
    this.fetcher = fetcher;
    this.time = time;
    this.store = store;
    this.storeWait = storeWait;
  }

  /** The file of {@code origin}, fetched when not held or past its time, lazily. */
  public Mono<TdmRepFile> file(Origin origin) {
    return Mono.defer(
        () -> {
          Held h = held.getIfPresent(origin);
          if (h != null && time.nanos() - h.untilNanos < 0) {
            return Mono.just(h.file);
          }
          return flights.join(origin, this::fetch).result();
        });
  }

  private Mono<TdmRepFile> fetch(Origin origin) {
    Mono<Held> shared =
        store == null
            ? Mono.empty()
            : Mono.defer(() -> store.getResource(origin, PATH))
                .timeout(storeWait)
                .onErrorResume(e -> Mono.empty())
                .flatMap(value -> Mono.justOrEmpty(restored(value, time.nanos())));
    return shared
        .switchIfEmpty(Mono.defer(() -> fetchNow(origin)))
        .map(
            h -> {
              held.put(origin, h);
              return h.file;
            });
  }

  /**
   * A value another worker stored, its times held to this cache's policy as a robots.txt copy's are
   * ({@link RestoredTimes}: fetched no later than now, kept no longer than {@link #KEEP} after);
   * null when expired or not a file nor an absence.
   */
  private Held restored(StoredRobots value, long now) {
    long until = RestoredTimes.of(value, time, now, KEEP.toNanos(), 0).expiresAt();
    int status = value.state().status();
    if (until - now <= 0) {
      return null;
    }
    if (status >= 200 && status < 300 && value.body() != null) {
      byte[] body = value.body();
      return new Held(
          body.length > TdmRepFile.MAX_BYTES ? TdmRepFile.UNREADABLE : TdmRepFile.parse(body),
          until);
    }
    return status >= 400 && status < 500 && status != 429
        ? new Held(TdmRepFile.UNSET, until)
        : null;
  }

  /** Writes what was fetched to the shared store, a file or an absence; never a failure. */
  private void share(Origin origin, FetchResult r, long now) {
    boolean file = r.hasStatus() && r.status() >= 200 && r.status() < 300 && !r.bodyTruncated();
    boolean absent =
        r.hasStatus()
            && r.botChallenge() == null
            && r.status() >= 400
            && r.status() < 500
            && r.status() != 429;
    if (store == null || !(file || absent) || r.bodyLength() > TdmRepFile.MAX_BYTES) {
      return;
    }
    StoredRobots value =
        StoredRobots.builder()
            .state(
                OriginState.builder()
                    .outcome(file ? FetchOutcome.OK : FetchOutcome.UNAVAILABLE)
                    .status(r.status())
                    .fetchedAt(time.instantAt(now))
                    .expiresAt(time.instantAt(now + KEEP.toNanos()))
                    .build())
            .body(file ? r.bodyBytes() : null)
            .confirmedAt(file ? time.instantAt(now) : null)
            .build();
    Mono.defer(() -> store.putResource(origin, PATH, value, KEEP))
        .timeout(storeWait)
        .onErrorResume(e -> Mono.empty())
        .subscribe();
  }

  private Mono<Held> fetchNow(Origin origin) {
    Mono<FetchResult> fetched;
    try {
      fetched = fetcher.fetchResource(origin, PATH);
    } catch (RuntimeException e) {
      fetched = Mono.error(e);
    }
    return fetched
        .onErrorResume(e -> Mono.just(FetchResult.failure(FailureKind.OTHER, e.toString()).build()))
        .defaultIfEmpty(FetchResult.failure(FailureKind.OTHER, "no result").build())
        .map(
            result -> {
              long now = time.nanos();
              share(origin, result, now);
              return read(result, now);
            });
  }

  private static Held read(FetchResult r, long now) {
    long keep = now + KEEP.toNanos();
    long retry = now + RETRY.toNanos();
    if (!r.hasStatus() || r.botChallenge() != null) {
      return new Held(TdmRepFile.UNREADABLE, retry);
    }
    int status = r.status();
    if (status >= 200 && status < 300) {
      return r.bodyTruncated() || r.bodyLength() > TdmRepFile.MAX_BYTES
          ? new Held(TdmRepFile.UNREADABLE, keep)
          : new Held(TdmRepFile.parse(r.bodyBytes()), keep);
    }
    if (status == 429 || status >= 500) {
      return new Held(TdmRepFile.UNREADABLE, retry);
    }
    return new Held(TdmRepFile.UNSET, keep);
  }

  /** Fetches running now. */
  int inFlight() {
    return flights.size();
  }

  /**
   * Drops every file held and cancels the fetches running; their callers receive {@code reason}.
   */
  void close(RuntimeException reason) {
    flights.cancelAll(reason);
    held.invalidateAll();
  }
}
