package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.testing.ModuleShape;
import java.lang.module.ModuleDescriptor.Requires;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The parser module's shape: it requires nothing but {@code java.base} (jsoup only statically),
 * exports exactly the API packages (its internals only to the library's own modules), and its
 * packages depend on each other without a cycle, as {@code jdeps} reads the compiled classes.
 */
class ModuleShapeTest {
  private static final String ROOT = "io.github.reactiverobots.robotstxt";
  private static final ModuleShape MODULE = ModuleShape.of(RobotsTxt.class);

  @Test
  void requiresOnlyTheJdksBaseModuleAndJsoupStatically() {
    assertThat(MODULE.descriptor().name()).isEqualTo(ROOT);
    assertThat(MODULE.descriptor().requires())
        .extracting(Requires::name)
        .containsExactlyInAnyOrder("java.base", "org.jsoup");
    assertThat(MODULE.descriptor().requires())
        .filteredOn(r -> r.name().equals("org.jsoup"))
        .allMatch(r -> r.modifiers().contains(Requires.Modifier.STATIC));
  }

  @Test
  void exportsExactlyTheApiPackagesAndItsInternalsOnlyToTheLibrarysModules() {
    assertThat(MODULE.exported())
        .containsExactlyInAnyOrder(
            ROOT, ROOT + ".model", ROOT + ".page", ROOT + ".url", ROOT + ".usage");
    assertThat(MODULE.qualifiedExports().keySet()).allMatch(p -> p.startsWith(ROOT + ".internal."));
    assertThat(MODULE.qualifiedExports().values())
        .allSatisfy(
            targets ->
                assertThat(targets).allMatch(t -> t.startsWith("io.github.reactiverobots.")));
    assertThat(MODULE.descriptor().packages())
        .filteredOn(p -> !MODULE.exported().contains(p))
        .allMatch(p -> p.startsWith(ROOT + ".internal."));
  }

  @Test
  void packagesDependOnEachOtherWithoutACycle() {
    Map<String, Set<String>> graph = MODULE.packageGraph("io.github.reactiverobots", "jsoup-");
    assertThat(graph).containsKeys(ROOT, ROOT + ".url", ROOT + ".usage", ROOT + ".page");
    assertThat(ModuleShape.cycle(graph)).as("package cycle").isEmpty();
    // Origins are a leaf of the API: they depend on no other API package.
    assertThat(graph.get(ROOT + ".url")).allMatch(p -> p.startsWith(ROOT + ".internal."));
  }
}
