package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Exports;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The module's shape: it exports exactly the API packages, and its packages depend on each other
 * without a cycle, as {@code jdeps} reads the compiled classes.
 */
class ModuleShapeTest {
  private static final String ROOT = "io.github.reactiverobots.core";

  @Test
  void exportsExactlyTheApiPackages() throws IOException {
    ModuleDescriptor module;
    try (InputStream in = Files.newInputStream(classes().resolve("module-info.class"))) {
      module = ModuleDescriptor.read(in);
    }
    assertThat(module.name()).isEqualTo(ROOT);
    Set<String> exported =
        module.exports().stream()
            .peek(
                e -> assertThat(e.isQualified()).as("qualified export of %s", e.source()).isFalse())
            .map(Exports::source)
            .collect(Collectors.toSet());
    assertThat(exported)
        .containsExactlyInAnyOrder(
            ROOT,
            ROOT + ".fetch",
            ROOT + ".model",
            ROOT + ".pacing",
            ROOT + ".page",
            ROOT + ".parse",
            ROOT + ".store",
            ROOT + ".url");
    Set<String> internal =
        module.packages().stream().filter(p -> !exported.contains(p)).collect(Collectors.toSet());
    assertThat(internal).allMatch(p -> p.startsWith(ROOT + ".internal."));
  }

  @Test
  void packagesDependOnEachOtherWithoutACycle() throws IOException {
    Map<String, Set<String>> graph = packageGraph();
    assertThat(graph).containsKeys(ROOT, ROOT + ".model", ROOT + ".parse");
    assertThat(cycle(graph)).as("package cycle").isEmpty();
    // The value types and origins are leaves: they depend on nothing else in the library but the
    // internal escaper that prints foreign text safely.
    assertThat(graph.getOrDefault(ROOT + ".model", Set.of()))
        .isSubsetOf(Set.of(ROOT + ".internal.text"));
    assertThat(graph.getOrDefault(ROOT + ".url", Set.of())).isEmpty();
  }

  /** Each core package and the core packages it uses, from {@code jdeps -verbose:package}. */
  private static Map<String, Set<String>> packageGraph() throws IOException {
    List<String> args =
        new ArrayList<>(
            List.of(
                "-verbose:package",
                "--multi-release",
                "17",
                "--module-path",
                moduleDependencies(),
                classes().toString()));
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status =
        jdeps.run(
            new PrintStream(out, true, StandardCharsets.UTF_8),
            System.err,
            args.toArray(String[]::new));
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as(text).isZero();
    Map<String, Set<String>> graph = new TreeMap<>();
    for (String line : text.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length >= 3 && f[1].equals("->") && f[0].startsWith(ROOT)) {
        Set<String> uses = graph.computeIfAbsent(f[0], k -> new TreeSet<>());
        if (f[2].startsWith(ROOT) && !f[2].equals(f[0])) {
          uses.add(f[2]);
        }
      }
    }
    return graph;
  }

  /** The main classes' directory (or jar), where RobotsCache was loaded from. */
  private static Path classes() {
    try {
      return Paths.get(
          RobotsCache.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The jars of the modules core requires, from the test class path. */
  private static String moduleDependencies() {
    return Stream.of(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
        .filter(
            p ->
                Stream.of(
                        "reactor-core-",
                        "reactive-streams-",
                        "caffeine-",
                        "jspecify-",
                        "error_prone_annotations-")
                    .anyMatch(n -> Path.of(p).getFileName().toString().startsWith(n)))
        .filter(p -> Files.isRegularFile(Path.of(p)))
        .collect(Collectors.joining(java.io.File.pathSeparator));
  }

  /** A cycle in {@code graph} as a list of packages, or an empty list. */
  private static List<String> cycle(Map<String, Set<String>> graph) {
    Map<String, Integer> state = new HashMap<>();
    for (String start : graph.keySet()) {
      List<String> path = new ArrayList<>();
      List<String> found = visit(start, graph, state, path, new HashSet<>());
      if (!found.isEmpty()) {
        return found;
      }
    }
    return List.of();
  }

  private static List<String> visit(
      String node,
      Map<String, Set<String>> graph,
      Map<String, Integer> state,
      List<String> path,
      Set<String> onPath) {
    if (onPath.contains(node)) {
      List<String> cycle = new ArrayList<>(path.subList(path.indexOf(node), path.size()));
      cycle.add(node);
      return cycle;
    }
    if (state.getOrDefault(node, 0) == 2) {
      return List.of();
    }
    onPath.add(node);
    path.add(node);
    for (String next : graph.getOrDefault(node, Set.of())) {
      List<String> found = visit(next, graph, state, path, onPath);
      if (!found.isEmpty()) {
        return found;
      }
    }
    path.remove(path.size() - 1);
    onPath.remove(node);
    state.put(node, 2);
    return List.of();
  }
}
