package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.testing.ModuleShape;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The module's shape: it exports exactly the API packages, and its packages depend on each other
 * without a cycle, as {@code jdeps} reads the compiled classes.
 */
class ModuleShapeTest {
  private static final String ROOT = "io.github.reactiverobots.core";
  private static final ModuleShape MODULE = ModuleShape.of(RobotsCache.class);

  @Test
  void exportsExactlyTheApiPackages() {
    assertThat(MODULE.descriptor().name()).isEqualTo(ROOT);
    assertThat(MODULE.exported())
        .containsExactlyInAnyOrder(ROOT, ROOT + ".event", ROOT + ".fetch", ROOT + ".store");
    assertThat(MODULE.qualifiedExports()).isEmpty();
    assertThat(MODULE.descriptor().packages())
        .filteredOn(p -> !MODULE.exported().contains(p))
        .allMatch(p -> p.startsWith(ROOT + ".internal"));
  }

  @Test
  void packagesDependOnEachOtherWithoutACycle() {
    Map<String, Set<String>> graph =
        MODULE.packageGraph(
            "io.github.reactiverobots",
            "reactor-core-",
            "reactive-streams-",
            "caffeine-",
            "jspecify-",
            "error_prone_annotations-");
    assertThat(graph).containsKeys(ROOT, ROOT + ".fetch", ROOT + ".store");
    assertThat(ModuleShape.cycle(graph)).as("package cycle").isEmpty();
  }
}
