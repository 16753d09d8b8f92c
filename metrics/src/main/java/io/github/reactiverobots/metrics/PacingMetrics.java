package io.github.reactiverobots.metrics;

import io.github.reactiverobots.pacing.Pacer;
import io.github.reactiverobots.pacing.PacerListener;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Micrometer meters for a {@link Pacer}: a {@link PacerListener} that counts and times what the
 * pacer does, and a {@link MeterBinder} that registers them with gauges read from the pacer.
 *
 * <pre>{@code
 * PacingMetrics.bind(pacer, registry);
 * }</pre>
 *
 * <p>Meters: {@value #WAITING} and {@value #IN_FLIGHT} gauges; {@value #WAIT} timer with a
 * percentile histogram (arrival to release); {@value #DISALLOWED} counter, tag {@code reason} (a
 * {@code Reason}, lower case); {@value #CAPPED} counter, tag {@code value} ({@code crawl_delay},
 * {@code request_rate}, {@code retry_after}); {@value #SLOWDOWNS} counter, tag {@code status}
 * ({@code 429}, {@code 503}, {@code none} for a failure without a response); {@value #DEFERRED}
 * counter (items handed back because their origin's queue was full); {@value #SHARED} counter, tag
 * {@code result} ({@code granted}, {@code wait}, {@code fallback}: released under the local rules
 * alone because the fleet's shared spacing failed or answered too late), moved only by a pacer with
 * shared spacing. No tag carries an origin, URL or agent. The gauges report {@code NaN} until
 * {@link #gaugesFrom} (or {@link #bind}) gives them a pacer; events before {@link #bindTo} are not
 * counted.
 *
 * <p>Thread-safe: listener methods may be called concurrently and never block.
 */
public final class PacingMetrics implements PacerListener, MeterBinder {
  /** Items a pacer holds: waiting for robots.txt, for their turn, or for room. */
  public static final String WAITING = "robots.pacing.waiting";

  /** Released items whose fetch has not been reported yet. */
  public static final String IN_FLIGHT = "robots.pacing.in.flight";

  /** Time from an item's arrival to its release. */
  public static final String WAIT = "robots.pacing.wait";

  /** Items not released because robots.txt disallows them, by reason. */
  public static final String DISALLOWED = "robots.pacing.disallowed";

  /** Values capped to the pacer's maximum (crawl-delay, request-rate, Retry-After). */
  public static final String CAPPED = "robots.pacing.capped";

  /** Origins slowed down by a 429, a 503 or a failure. */
  public static final String SLOWDOWNS = "robots.pacing.slowdowns";

  /** Items handed back as deferred because their origin's queue was full. */
  public static final String DEFERRED = "robots.pacing.deferred";

  /**
   * Reservations in the fleet's shared spacing, by result: granted, wait (asked again later) or
   * fallback (released under the pacer's local rules alone).
   */
  public static final String SHARED = "robots.pacing.shared.reservations";

  private static final String[] SLOWDOWN_STATUSES = {"429", "503", "none"};

  /** {@code result} values of {@link #SHARED}, indexed by the constants below. */
  private static final String[] RESERVATION_RESULTS = {"granted", "wait", "fallback"};

  private static final int GRANTED = 0;
  private static final int WAIT_AGAIN = 1;
  private static final int FALLBACK = 2;

  private final MeterBinding<Pacer, Bound> binding;

  /** Meters without extra tags. */
  public PacingMetrics() {
    this(Tags.empty());
  }

  /**
   * Meters carrying {@code tags} as well (bounded values only), e.g. {@code pacer=crawler-a}.
   *
   * @param tags tags added to every meter
   */
  public PacingMetrics(Iterable<Tag> tags) {
    this.binding = new MeterBinding<>("PacingMetrics", tags);
  }

  /**
   * Meters for {@code pacer}, published in {@code registry}: a new instance, added to the pacer's
   * listeners, its gauges reading the pacer. Call once per pacer.
   *
   * @param pacer the pacer to measure
   * @param registry the registry to publish in
   * @return the bound instance
   */
  public static PacingMetrics bind(Pacer pacer, MeterRegistry registry) {
    Objects.requireNonNull(pacer, "pacer");
    Objects.requireNonNull(registry, "registry");
    PacingMetrics metrics = new PacingMetrics().gaugesFrom(pacer);
    metrics.bindTo(registry);
    pacer.addListener(metrics);
    return metrics;
  }

  /**
   * Makes the gauges read {@code pacer}; for an instance given to the pacer's builder as its
   * listener ({@link #bind} does this itself). Does not add this instance as a listener.
   *
   * @param pacer the pacer the gauges read
   * @return this
   */
  public PacingMetrics gaugesFrom(Pacer pacer) {
    binding.readFrom(Objects.requireNonNull(pacer, "pacer"));
    return this;
  }

  /**
   * Registers the meters in {@code registry}; binding again to the same registry does nothing.
   *
   * @throws IllegalStateException if already bound to a different registry
   */
  @Override
  public synchronized void bindTo(MeterRegistry registry) {
    binding.bindTo(registry, this::register);
  }

  private Bound register(MeterRegistry registry) {
    binding.gauge(
        registry,
        WAITING,
        "Items a pacer holds, not yet released or reported",
        null,
        Pacer::waiting);
    binding.gauge(
        registry,
        IN_FLIGHT,
        "Released items whose fetch has not been reported",
        null,
        Pacer::inFlight);
    return new Bound(registry, binding.tags());
  }

  @Override
  public void onReleased(Origin origin, long waitedNanos) {
    Bound b = binding.meters();
    if (b != null) {
      b.wait.record(waitedNanos, TimeUnit.NANOSECONDS);
    }
  }

  @Override
  public void onDisallowed(Origin origin, Verdict verdict) {
    Bound b = binding.meters();
    if (b != null) {
      b.disallowed.get(verdict.reason().ordinal()).increment();
    }
  }

  @Override
  public void onDeferred(Origin origin) {
    Bound b = binding.meters();
    if (b != null) {
      b.deferred.increment();
    }
  }

  @Override
  public void onCapped(Origin origin, Capped what, Duration asked, Duration applied) {
    Bound b = binding.meters();
    if (b != null) {
      b.capped[what.ordinal()].increment();
    }
  }

  @Override
  public void onSlowedDown(Origin origin, int status, Duration pause) {
    Bound b = binding.meters();
    if (b != null) {
      b.slowdowns[status == 429 ? 0 : status == 503 ? 1 : 2].increment();
    }
  }

  @Override
  public void onSharedSpacingReserved(Origin origin, Duration wait) {
    Bound b = binding.meters();
    if (b != null) {
      b.shared[wait.isZero() ? GRANTED : WAIT_AGAIN].increment();
    }
  }

  @Override
  public void onSharedSpacingFallback(Origin origin) {
    Bound b = binding.meters();
    if (b != null) {
      b.shared[FALLBACK].increment();
    }
  }

  @Override
  public String toString() {
    return binding.toString();
  }

  /** The meters of one registry. */
  private static final class Bound {
    final Timer wait;
    final Counter[] capped;
    final Counter[] slowdowns;
    final Counter[] shared;
    final Counter deferred;
    final LazyMeters<Counter> disallowed;

    Bound(MeterRegistry registry, Tags tags) {
      wait =
          Timer.builder(WAIT)
              .description("Time from an item's arrival in a pacer to its release")
              .tags(tags)
              .publishPercentileHistogram()
              .minimumExpectedValue(Duration.ofMillis(1))
              .maximumExpectedValue(Duration.ofHours(1))
              .register(registry);
      capped =
          Registries.counters(
              registry,
              tags,
              CAPPED,
              "Pacing values capped to the pacer's configured maximum",
              "value",
              TagValues.CAPPED);
      slowdowns =
          Registries.counters(
              registry,
              tags,
              SLOWDOWNS,
              "Origins slowed down by a 429, a 503 or a failed fetch",
              "status",
              SLOWDOWN_STATUSES);
      shared =
          Registries.counters(
              registry,
              tags,
              SHARED,
              "Reservations of an origin's slot in"
                  + " the fleet's shared spacing; fallback: released under the local rules alone",
              "result",
              RESERVATION_RESULTS);
      deferred =
          Counter.builder(DEFERRED)
              .description(
                  "Items a pacer handed back as deferred because their origin's queue was full")
              .tags(tags)
              .register(registry);
      disallowed =
          new LazyMeters<>(
              TagValues.REASONS.length,
              i ->
                  Counter.builder(DISALLOWED)
                      .description(
                          "Items a pacer did not release because robots.txt disallows them")
                      .tags(tags)
                      .tag("reason", TagValues.REASONS[i])
                      .register(registry));
    }
  }
}
