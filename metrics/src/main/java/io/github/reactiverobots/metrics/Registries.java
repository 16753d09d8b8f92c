package io.github.reactiverobots.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;

/**
 * What this module's meter binders share: one instance binds to one registry; a counter per value
 * of a bounded tag.
 */
final class Registries {
  private Registries() {}

  /**
   * Checks that a binder bound to {@code current} is asked for the same registry again (which does
   * nothing).
   *
   * @param current the registry the binder is bound to
   * @param registry the registry asked for
   * @param who the binder's name, for the error
   * @throws IllegalStateException if {@code registry} is another one
   */
  static void requireSame(MeterRegistry current, MeterRegistry registry, String who) {
    if (current != registry) {
      throw new IllegalStateException(
          who
              + " is already bound to another registry; bind it"
              + " once to a CompositeMeterRegistry to publish to several");
    }
  }

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
