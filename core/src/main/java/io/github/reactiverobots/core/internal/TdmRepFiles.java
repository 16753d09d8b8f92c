package io.github.reactiverobots.core.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.robotstxt.model.FailureKind;
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
 * unreadable, asked again after {@link #RETRY}. Unset and unreadable both answer unknown.
 * Thread-safe and non-blocking.
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

  TdmRepFiles(RobotsFetcher fetcher, TimeSource time) {
    this.fetcher = fetcher;
    this.time = time;
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
              Held h = read(result, time.nanos());
              held.put(origin, h);
              return h.file;
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
