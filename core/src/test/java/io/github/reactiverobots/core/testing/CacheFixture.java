package io.github.reactiverobots.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.RobotsCacheBuilder;
import io.github.reactiverobots.core.RobotsRules;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * A cache on virtual time with a {@link FakeFetcher} to script and a recording listener, plus
 * helpers that verify each answer with {@link StepVerifier}. The wall clock starts at {@link #T0}.
 */
public final class CacheFixture implements AutoCloseable {
  public static final Instant T0 = Instant.parse("2026-03-01T00:00:00Z");
  public static final String AGENT = "TestBot/1.0";
  public static final String BODY = "User-agent: *\nDisallow: /private\n";

  public final VirtualClock clock = new VirtualClock();
  public final FakeFetcher fetcher = new FakeFetcher();
  public final RecordingListener events = new RecordingListener();
  public final RobotsCache cache;

  public CacheFixture() {
    this(b -> b);
  }

  public CacheFixture(UnaryOperator<RobotsCacheBuilder> config) {
    RobotsCacheBuilder b =
        RobotsCache.builder()
            .fetcher(fetcher)
            .ticker(clock.ticker())
            .clock(Clock.fixed(T0, ZoneOffset.UTC))
            .parseScheduler(clock.scheduler())
            .listener(events);
    cache = config.apply(b).build();
  }

  /** Checks {@code url}, expecting exactly one verdict without any time passing. */
  public Verdict check(String url) {
    AtomicReference<Verdict> out = new AtomicReference<>();
    StepVerifier.create(cache.check(url, AGENT))
        .consumeNextWith(out::set)
        .expectComplete()
        .verify(Duration.ofSeconds(10));
    return out.get();
  }

  /** Checks {@code url}, expecting no verdict until {@code wait} of virtual time passes. */
  public Verdict checkAfter(String url, Duration wait) {
    AtomicReference<Verdict> out = new AtomicReference<>();
    StepVerifier.create(cache.check(url, AGENT))
        .expectSubscription()
        .then(() -> clock.advance(wait.minusMillis(1)))
        .expectNoEvent(Duration.ZERO)
        .then(() -> clock.advance(Duration.ofMillis(1)))
        .consumeNextWith(out::set)
        .expectComplete()
        .verify(Duration.ofSeconds(10));
    return out.get();
  }

  /** The state held now for {@code origin} (through {@code rules}, which may fetch). */
  public OriginState state(String origin) {
    AtomicReference<RobotsRules> out = new AtomicReference<>();
    StepVerifier.create(cache.rules(origin))
        .consumeNextWith(out::set)
        .expectComplete()
        .verify(Duration.ofSeconds(10));
    return out.get().state();
  }

  /** Wall time now. */
  public Instant now() {
    return T0.plus(clock.elapsed());
  }

  public void advance(Duration d) {
    clock.advance(d);
  }

  public static FetchResult ok(String body) {
    return FetchResult.status(200).body(body.getBytes(StandardCharsets.UTF_8)).build();
  }

  public static FetchResult.Builder okBuilder(String body) {
    return FetchResult.status(200).body(body.getBytes(StandardCharsets.UTF_8));
  }

  public static FetchResult status(int status) {
    return FetchResult.status(status).build();
  }

  public static FetchResult failure(FailureKind kind) {
    return FetchResult.failure(kind, "scripted " + kind).build();
  }

  /** Asserts the time between fetchedAt and expiresAt. */
  public static void assertKeptFor(OriginState state, Duration ttl) {
    assertThat(Duration.between(state.fetchedAt(), state.expiresAt())).isEqualTo(ttl);
  }

  /** A Mono that never answers and records its cancellation. */
  public static Mono<FetchResult> never(AtomicReference<Boolean> cancelled) {
    return Mono.<FetchResult>never().doOnCancel(() -> cancelled.set(true));
  }

  @Override
  public void close() {
    cache.close();
    clock.close();
  }
}
