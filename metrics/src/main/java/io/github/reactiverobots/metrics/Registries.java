package io.github.reactiverobots.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;

/**
 * What this module's meter binders share when they register: a counter per value of a bounded tag.
 */
final class Registries {
  private Registries() {}

  /**
   * Registers one counter {@code name} for each of {@code values} of the tag {@code tag}.
   *
   * @return the counters, in the order of {@code values}
   */
  static Counter[] counters(
      MeterRegistry registry,
      Tags tags,
      String name,
      String description,
      String tag,
      String[] values) {
    Counter[] counters = new Counter[values.length];
    for (int i = 0; i < counters.length; i++) {
      counters[i] =
          Counter.builder(name)
              .description(description)
              .tags(tags)
              .tag(tag, values[i])
              .register(registry);
    }
    return counters;
  }
}
