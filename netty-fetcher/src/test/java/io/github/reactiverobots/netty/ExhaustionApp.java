package io.github.reactiverobots.netty;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import reactor.core.publisher.Flux;

/**
 * Run by {@link ExhaustionTest} in a JVM of its own: warms up, then lowers its own soft descriptor
 * limit ({@code prlimit}) to a little above what it holds and checks many new origins (served by
 * the test's JVM) far more at once than the limit allows; then raises the limit and checks the
 * origins that failed again. Prints the outcomes of both passes and how many origins the cache held
 * between them.
 *
 * <p>Arguments: the servers as {@code ip:port,...}, origins, checks in flight, headroom.
 */
public final class ExhaustionApp {
  private ExhaustionApp() {}

  /**
   * Runs the two passes.
   *
   * @param args servers, origins, in flight, headroom
   */
  public static void main(String[] args) throws Exception {
    String[] servers = args[0].split(",");
    int origins = Integer.parseInt(args[1]);
    int inFlight = Integer.parseInt(args[2]);
    int headroom = Integer.parseInt(args[3]);
    InetAddress[] ips = new InetAddress[servers.length];
    int[] ports = new int[servers.length];
    for (int i = 0; i < servers.length; i++) {
      ips[i] = InetAddress.getByName(servers[i].substring(0, servers[i].indexOf(':')));
      ports[i] = Integer.parseInt(servers[i].substring(servers[i].indexOf(':') + 1));
    }
    RobotsCache cache =
        RobotsCaches.create(
            "ScanBot/1.0",
            fetcher ->
                fetcher
                    .addressPolicy(AddressPolicy.permitAll())
                    .maxInFlight(inFlight)
                    .resolver(host -> List.of(ips[index(host) % ips.length])));
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < origins; i++) {
      urls.add("http://o" + i + ".test:" + ports[i % ports.length] + "/private/x");
    }
    check(cache, List.of("http://o0.test:" + ports[0] + "/warm-up"), inFlight);
    loadClassesFromDirectories();
    int held = openDescriptors();
    String before =
        Files.readAllLines(Path.of("/proc/self/limits")).stream()
            .filter(l -> l.startsWith("Max open files"))
            .findFirst()
            .orElseThrow()
            .substring("Max open files".length())
            .trim()
            .split("\\s+")[0];
    prlimit(held + headroom);
    Map<String, List<String>> first = check(cache, urls, inFlight);
    long kept = cache.stats().origins();
    prlimit(Integer.parseInt(before));
    Map<String, List<String>> second =
        check(cache, first.getOrDefault("CRAWLER_FAULT/disallowed", List.of()), inFlight);
    System.out.println(
        "RESULT first="
            + counts(first)
            + " kept="
            + kept
            + " second="
            + counts(second)
            + " limit="
            + (held + headroom));
    cache.close();
  }

  /**
   * Loads every class held in a directory of the class path (the modules' build output): each would
   * otherwise need a descriptor to be read once the limit is reached. Classes in jars are read
   * through the jar, held open already.
   */
  private static void loadClassesFromDirectories() throws IOException {
    for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
      Path root = Path.of(entry);
      if (!Files.isDirectory(root)) {
        continue;
      }
      try (Stream<Path> files = Files.walk(root)) {
        for (Path file : (Iterable<Path>) files::iterator) {
          String name = root.relativize(file).toString();
          if (!name.endsWith(".class") || name.endsWith("module-info.class")) {
            continue;
          }
          try {
            Class.forName(
                name.substring(0, name.length() - 6).replace('/', '.'),
                false,
                ExhaustionApp.class.getClassLoader());
          } catch (ClassNotFoundException | LinkageError e) {
            // not loadable on its own here (a test class needing a missing optional dependency)
          }
        }
      }
    }
  }

  private static int index(String host) {
    return Integer.parseInt(host.substring(1, host.indexOf('.')));
  }

  private static Map<String, List<String>> check(
      RobotsCache cache, List<String> urls, int inFlight) {
    Map<String, List<String>> byKind = new TreeMap<>();
    Flux.fromIterable(urls)
        .flatMap(url -> cache.check(url).map(v -> Map.entry(url, kind(v))), inFlight)
        .toStream()
        .forEach(e -> byKind.computeIfAbsent(e.getValue(), k -> new ArrayList<>()).add(e.getKey()));
    return byKind;
  }

  private static String kind(Verdict v) {
    return v.originState()
            .map(s -> s.failure() != null ? s.failure().name() : s.outcome().name())
            .orElse("NONE")
        + (v.allowed() ? "" : "/disallowed");
  }

  private static Map<String, Integer> counts(Map<String, List<String>> byKind) {
    Map<String, Integer> counts = new TreeMap<>();
    byKind.forEach((k, v) -> counts.put(k, v.size()));
    return counts;
  }

  private static void prlimit(int soft) throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder(
                "prlimit",
                "--pid",
                Long.toString(ProcessHandle.current().pid()),
                "--nofile=" + soft + ":")
            .inheritIO()
            .start();
    if (p.waitFor() != 0) {
      throw new IllegalStateException("prlimit failed");
    }
  }

  private static int openDescriptors() {
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      return (int) fds.count() - 1;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
