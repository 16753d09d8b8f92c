package io.github.reactiverobots.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * What this module's meter binders ({@link RobotsMetrics}, {@link PacingMetrics}) keep apart from
 * their meters: the tags added to every meter, the source their gauges read, and the meters of the
 * one registry they are bound to.
 *
 * <p>The gauges report {@code NaN} until {@link #readFrom} gives them a source, before or after
 * {@link #bindTo}. Their state object is this instance, which Micrometer references weakly: the
 * binder that holds it keeps its gauges reading, and publishing never keeps the source of a
 * discarded binder alive.
 *
 * <p>Thread-safe: {@link #meters()} and {@link #readFrom} may be called from any thread.
 *
 * @param <S> what the gauges read
 * @param <M> the meters of one registry
 */
final class MeterBinding<S, M> {
  private final String owner;
  private final Tags tags;
  private volatile S source;
  private volatile M meters;
  private MeterRegistry registry; // guarded by this

  /**
   * @param owner the binder's name, for errors and {@link #toString()}
   * @param tags tags added to every meter
   */
  MeterBinding(String owner, Iterable<Tag> tags) {
    this.owner = owner;
    this.tags = Tags.of(Objects.requireNonNull(tags, "tags"));
  }

  /** The tags added to every meter. */
  Tags tags() {
    return tags;
  }

  /** Makes the gauges read {@code source} from now on; the caller has checked it is not null. */
  void readFrom(S source) {
    this.source = source;
  }

  /** The meters, or {@code null} before {@link #bindTo}: an event before binding is not counted. */
  M meters() {
    return meters;
  }

  /**
   * Registers the meters in {@code registry} the first time; asked again for the same registry,
   * does nothing. Should {@code register} throw, nothing is bound and a later call tries again.
   *
   * @param registry the registry to publish in
   * @param register registers the gauges (through {@link #gauge}) and the meters in the registry
   * @throws IllegalStateException if already bound to a different registry
   */
  synchronized void bindTo(MeterRegistry registry, Function<MeterRegistry, M> register) {
    Objects.requireNonNull(registry, "registry");
    if (this.registry != null) {
      if (this.registry != registry) {
        throw new IllegalStateException(
            owner
                + " is already bound to another registry; bind it"
                + " once to a CompositeMeterRegistry to publish to several");
      }
      return;
    }
    meters = register.apply(registry);
    this.registry = registry;
  }

  /**
   * Registers a gauge carrying {@link #tags()} that reads the source, {@code NaN} while there is
   * none.
   *
   * @param baseUnit the unit, or {@code null} for none
   */
  void gauge(
      MeterRegistry registry,
      String name,
      String description,
      String baseUnit,
      ToDoubleFunction<S> read) {
    Gauge.builder(name, this, b -> b.read(read))
        .description(description)
        .baseUnit(baseUnit)
        .tags(tags)
        .register(registry);
  }

  private double read(ToDoubleFunction<S> read) {
    S s = source;
    return s == null ? Double.NaN : read.applyAsDouble(s);
  }

  @Override
  public String toString() {
    return owner + tags;
  }
}
