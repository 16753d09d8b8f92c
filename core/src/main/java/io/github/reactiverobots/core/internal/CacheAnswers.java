package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.core.event.RobotsCacheListener.Lookup;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.internal.url.RecentOrigins;
import io.github.reactiverobots.robotstxt.internal.url.RecentOrigins.Located;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import io.github.reactiverobots.robotstxt.usage.TdmReservation;
import io.github.reactiverobots.robotstxt.usage.Usage;
import io.github.reactiverobots.robotstxt.usage.UsageAnswer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import reactor.core.publisher.Mono;

/**
 * How a cache answers, behind {@code RobotsCache}'s methods: a URL located (its origin and path
 * bytes), its origin's entry resolved (one fetch in flight) or peeked at, and the entry's rules
 * asked about the path in place. Agents arrive as checked product tokens. Thread-safe.
 */
public final class CacheAnswers {
  /** A start time that says the answer is not timed (no listener wants it). */
  private static final long UNTIMED = Long.MIN_VALUE;

  private final CacheParts parts;
  private final TimeSource time;
  private final Events events;
  private final RecentOrigins recentOrigins = new RecentOrigins();
  private final WarmPath warmPath = new WarmPath(recentOrigins);
  private final EntryAnswer<Verdict> verdictAnswer = this::verdict;
  private final EntryAnswer<Usage> usageAnswer = this::usage;

  /** Answers from {@code parts}. */
  public CacheAnswers(CacheParts parts) {
    this.parts = parts;
    this.time = parts.time;
    this.events = parts.events;
  }

  /** The verdict for {@code url} and {@code token}, lazily; an invalid URL is the Mono's error. */
  public Mono<Verdict> check(String url, String token) {
    return answer(url, token, verdictAnswer);
  }

  /** The usage answer for {@code url} and {@code token}, lazily, as {@link #check} answers. */
  public Mono<Usage> usage(String url, String token) {
    return answer(url, token, usageAnswer);
  }

  /**
   * The one usage answer for {@code url} and {@code token}, lazily: the robots.txt usage answer and
   * licences, then, for a URL robots.txt allows, what the origin's {@code tdmrep.json} says of it
   * (fetched as {@link #tdm} fetches; a disallowed URL fetches none).
   */
  public Mono<UsageAnswer> usageAnswer(String url, String token) {
    return answer(url, token, this::robotsAnswer)
        .flatMap(
            robots ->
                robots.verdict().allowed()
                    ? tdm(url).map(robots::answer)
                    : Mono.just(robots.answer(TdmReservation.UNKNOWN)))
        .doOnNext(events::usageAnswer);
  }

  /**
   * What the origin's {@code /.well-known/tdmrep.json} says of {@code url}, lazily: the file is
   * fetched here only, never for a check (SEMANTICS.md §8); an invalid URL or a closed cache is the
   * Mono's error.
   */
  public Mono<TdmReservation> tdm(String url) {
    Objects.requireNonNull(url, "url");
    Located target;
    try {
      target = recentOrigins.locate(url);
    } catch (InvalidUrlException e) {
      return Mono.error(e);
    }
    int from = target.pathFrom();
    int to = target.pathTo();
    String path =
        from == to ? "/" : new String(target.bytes(), from, to - from, StandardCharsets.UTF_8);
    String rooted = path.startsWith("/") ? path : "/" + path;
    return Mono.defer(
        () ->
            parts.closed()
                ? Mono.error(CacheParts.closedException())
                : parts.tdmRep.file(target.origin()).map(file -> file.lookup(rooted)));
  }

  /** The entry of {@code origin}, fetched if needed, lazily; a closed cache is the Mono's error. */
  public Mono<Entry> entry(Origin origin) {
    return Mono.defer(
        () ->
            parts.closed()
                ? Mono.error(CacheParts.closedException())
                : parts.resolver.resolve(origin));
  }

  /**
   * The verdict from what is cached now, never fetching: a canonical URL's origin found from its
   * own characters and its path matched in place ({@link WarmPath}), any other URL located first.
   */
  public Optional<Verdict> checkIfCached(String url, String token) {
    parts.ensureOpen();
    int keyLength = SplitUrl.originKeyLength(url);
    Located target = keyLength < 0 ? recentOrigins.locate(url) : null;
    Origin origin = target == null ? warmPath.origin(url, keyLength) : target.origin();
    boolean timed = events.active();
    long start = timed ? System.nanoTime() : 0;
    long now = time.nanos();
    Entry entry = parts.resolver.peek(origin, now);
    if (entry == null) {
      return Optional.empty();
    }
    Verdict v =
        target == null
            ? WarmPath.verdict(entry, url, keyLength, token, now)
            : entry.verdict(target, token, now);
    if (timed) {
      events.lookup(origin, entry.isHit(now) ? Lookup.HIT : Lookup.STALE);
      events.verdict(v, System.nanoTime() - start);
    }
    return Optional.of(v);
  }

  /** Forgets the origins remembered for the warm path. */
  public void clear() {
    warmPath.clear();
  }

  private Verdict verdict(Entry entry, Located target, String token, long startNanos) {
    Verdict v = entry.verdict(target, token, time.nanos());
    if (startNanos != UNTIMED) {
      events.verdict(v, System.nanoTime() - startNanos);
    }
    return v;
  }

  private Usage usage(Entry entry, Located target, String token, long startNanos) {
    return entry
        .matcherFor(token)
        .usage(target.bytes(), target.pathFrom(), target.pathTo(), entry.stateAt(time.nanos()));
  }

  private RobotsAnswer robotsAnswer(Entry entry, Located target, String token, long startNanos) {
    RobotsTxt robots = entry.robots();
    return new RobotsAnswer(
        usage(entry, target, token, startNanos), robots == null ? List.of() : robots.licenses());
  }

  /** What robots.txt says, before TDMRep is asked. */
  private record RobotsAnswer(Usage usage, List<String> licenses) {
    Verdict verdict() {
      return usage.verdict();
    }

    UsageAnswer answer(TdmReservation file) {
      return UsageAnswer.of(usage, licenses, file);
    }
  }

  /**
   * What {@code answer} makes of the entry of {@code url}'s origin (fetched if needed) for {@code
   * token}, lazily; an invalid URL or a closed cache is the Mono's error.
   */
  private <T> Mono<T> answer(String url, String token, EntryAnswer<T> answer) {
    Objects.requireNonNull(url, "url");
    parts.policy.agentAsked(token);
    Located target;
    try {
      target = recentOrigins.locate(url);
    } catch (InvalidUrlException e) {
      return Mono.error(e);
    }
    return Mono.defer(
        () -> {
          if (parts.closed()) {
            return Mono.error(CacheParts.closedException());
          }
          long start = events.active() ? System.nanoTime() : UNTIMED;
          return parts
              .resolver
              .resolve(target.origin())
              .map(entry -> answer.of(entry, target, token, start));
        });
  }

  /** An answer made from an origin's entry for one URL and agent. */
  @FunctionalInterface
  private interface EntryAnswer<T> {
    /** {@code startNanos} is when the question was asked, or {@link #UNTIMED}. */
    T of(Entry entry, Located target, String token, long startNanos);
  }
}
