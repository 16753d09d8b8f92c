package io.github.reactiverobots.robotstxt.testing;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.net.URISyntaxException;
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

/**
 * A library module's shape, read from its compiled classes: its module descriptor, and the graph of
 * its packages as {@code jdeps -verbose:package} reads them. Each module's {@code ModuleShapeTest}
 * asserts on these.
 */
public final class ModuleShape {
  private final Path classes;
  private final ModuleDescriptor descriptor;

  private ModuleShape(Path classes) {
    this.classes = classes;
    try (InputStream in = Files.newInputStream(classes.resolve("module-info.class"))) {
      this.descriptor = ModuleDescriptor.read(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The module whose main classes {@code anchor} was loaded from.
   *
   * @param anchor a main class of the module
   * @return its shape
   */
  public static ModuleShape of(Class<?> anchor) {
    try {
      return new ModuleShape(
          Paths.get(anchor.getProtectionDomain().getCodeSource().getLocation().toURI()));
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The module descriptor. */
  public ModuleDescriptor descriptor() {
    return descriptor;
  }

  /** The packages exported to every module. */
  public Set<String> exported() {
    return descriptor.exports().stream()
        .filter(e -> !e.isQualified())
        .map(ModuleDescriptor.Exports::source)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** The packages exported only to named modules, each with those modules. */
  public Map<String, Set<String>> qualifiedExports() {
    Map<String, Set<String>> qualified = new TreeMap<>();
    descriptor.exports().stream()
        .filter(ModuleDescriptor.Exports::isQualified)
        .forEach(e -> qualified.put(e.source(), new TreeSet<>(e.targets())));
    return qualified;
  }

  /**
   * Each package of the module under {@code root} and the packages under {@code root} it uses, by
   * {@code jdeps}; the modules it requires are found on the test class path by their jar names'
   * prefixes, or as the class directories of this build's own modules.
   *
   * @param root the package prefix to keep ({@code io.github.reactiverobots})
   * @param dependencyPrefixes the file-name prefixes of the jars of the modules it requires
   * @return package to the packages it uses
   */
  public Map<String, Set<String>> packageGraph(String root, String... dependencyPrefixes) {
    List<String> args = new ArrayList<>(List.of("-verbose:package", "--multi-release", "17"));
    String modulePath = modulePath(dependencyPrefixes);
    if (!modulePath.isEmpty()) {
      args.add("--module-path");
      args.add(modulePath);
    }
    args.add(classes.toString());
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status =
        jdeps.run(
            new PrintStream(out, true, StandardCharsets.UTF_8),
            System.err,
            args.toArray(String[]::new));
    String text = out.toString(StandardCharsets.UTF_8);
    if (status != 0) {
      throw new IllegalStateException("jdeps exited with " + status + ":\n" + text);
    }
    Set<String> own = descriptor.packages();
    Map<String, Set<String>> graph = new TreeMap<>();
    for (String line : text.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length >= 3 && f[1].equals("->") && own.contains(f[0])) {
        Set<String> uses = graph.computeIfAbsent(f[0], k -> new TreeSet<>());
        if (f[2].startsWith(root) && !f[2].equals(f[0])) {
          uses.add(f[2]);
        }
      }
    }
    return graph;
  }

  /**
   * A cycle in {@code graph} as a list of packages, the first repeated last, or an empty list.
   *
   * @param graph package to the packages it uses
   * @return the cycle, or empty
   */
  public static List<String> cycle(Map<String, Set<String>> graph) {
    Set<String> done = new HashSet<>();
    for (String start : graph.keySet()) {
      List<String> found = visit(start, graph, done, new ArrayList<>(), new HashSet<>());
      if (!found.isEmpty()) {
        return found;
      }
    }
    return List.of();
  }

  private static List<String> visit(
      String node,
      Map<String, Set<String>> graph,
      Set<String> done,
      List<String> path,
      Set<String> onPath) {
    if (onPath.contains(node)) {
      List<String> cycle = new ArrayList<>(path.subList(path.indexOf(node), path.size()));
      cycle.add(node);
      return cycle;
    }
    if (done.contains(node)) {
      return List.of();
    }
    onPath.add(node);
    path.add(node);
    for (String next : graph.getOrDefault(node, Set.of())) {
      List<String> found = visit(next, graph, done, path, onPath);
      if (!found.isEmpty()) {
        return found;
      }
    }
    path.remove(path.size() - 1);
    onPath.remove(node);
    done.add(node);
    return List.of();
  }

  private String modulePath(String... prefixes) {
    Map<String, String> seen = new HashMap<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path p = Path.of(entry);
      if (p.equals(classes) || p.getFileName() == null) {
        continue;
      }
      String name = p.getFileName().toString();
      boolean ownModule = Files.isDirectory(p) && Files.exists(p.resolve("module-info.class"));
      boolean library =
          name.startsWith("reactive-robots-")
              && name.endsWith(".jar")
              && !name.endsWith("-tests.jar");
      boolean jar =
          Files.isRegularFile(p) && (library || Stream.of(prefixes).anyMatch(name::startsWith));
      if (ownModule || jar) {
        seen.putIfAbsent(entry, entry);
      }
    }
    return String.join(File.pathSeparator, seen.keySet());
  }
}
