package io.github.reactiverobots.pacing;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.testing.ModuleShape;
import org.junit.jupiter.api.Test;

/** The pacing module's shape: it exports its one API package and nothing else. */
class ModuleShapeTest {
  private static final ModuleShape MODULE = ModuleShape.of(Pacer.class);

  @Test
  void exportsExactlyTheApiPackage() {
    assertThat(MODULE.descriptor().name()).isEqualTo("io.github.reactiverobots.pacing");
    assertThat(MODULE.exported()).containsExactly("io.github.reactiverobots.pacing");
    assertThat(MODULE.qualifiedExports()).isEmpty();
    assertThat(MODULE.descriptor().packages())
        .filteredOn(p -> !MODULE.exported().contains(p))
        .allMatch(p -> p.startsWith("io.github.reactiverobots.pacing.internal"));
  }
}
