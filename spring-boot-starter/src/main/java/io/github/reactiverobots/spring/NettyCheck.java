package io.github.reactiverobots.spring;

import io.netty.util.Version;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.jar.Attributes;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The Netty on the class path, checked at start-up against what reactor-netty asks for: one version
 * for every Netty artifact, inside the range reactor-netty's manifest imports ({@code [4.2,5)} for
 * reactor-netty 1.3). A class path that fails either answers nothing at run time (a {@code
 * NoSuchMethodError} or {@code NoClassDefFoundError} on every fetch), so the start fails instead,
 * naming the versions ({@link NettyMismatchException}, which {@link NettyMismatchFailureAnalyzer}
 * reports). Stateless.
 */
final class NettyCheck {
  /** The Netty this starter was built and tested on (the build's netty.version). */
  static final String BUILT_ON = "4.2.17.Final";

  private static final Pattern CHANNEL_RANGE =
      Pattern.compile(
          "(?:^|,)io\\.netty\\.channel;[^,]*?version=\"([\\[(])([0-9.]+),([0-9.]+)([\\])])\"");
  private static final String REACTOR_NETTY = "io.projectreactor.netty.reactor-netty-core";

  private NettyCheck() {}

  /**
   * Reads the Netty artifacts and reactor-netty's manifest that {@code loader} sees, and fails if
   * they do not fit.
   *
   * @throws NettyMismatchException naming the versions found and the range asked for
   */
  static void check(ClassLoader loader) {
    Map<String, String> netty = new TreeMap<>();
    Version.identify(loader)
        .forEach(
            (artifact, v) -> {
              // netty-tcnative and the incubator codecs have version lines of their own.
              if (!artifact.startsWith("netty-tcnative")
                  && !artifact.startsWith("netty-incubator")) {
                netty.put(artifact, v.artifactVersion());
              }
            });
    Optional<Manifest> reactorNetty = reactorNettyManifest(loader);
    String reactorNettyVersion =
        reactorNetty.map(m -> m.getMainAttributes().getValue("Bundle-Version")).orElse(null);
    String range =
        reactorNetty
            .map(m -> m.getMainAttributes().getValue("Import-Package"))
            .map(NettyCheck::channelRange)
            .orElse(null);
    problem(netty, reactorNettyVersion, range)
        .ifPresent(
            p -> {
              throw new NettyMismatchException(p);
            });
  }

  /**
   * What is wrong with {@code netty} (artifact to version), if anything.
   *
   * @param reactorNetty reactor-netty's version, or null when its manifest was not found
   * @param range the range of {@code io.netty.channel} reactor-netty imports, such as {@code
   *     [4.2,5)}; null to use the line this starter was built on
   */
  static Optional<String> problem(Map<String, String> netty, String reactorNetty, String range) {
    if (netty.isEmpty()) {
      return Optional.empty();
    }
    String asked = range != null ? range : "[" + line(BUILT_ON) + ",5)";
    String who =
        "reactor-netty"
            + (reactorNetty != null ? " " + reactorNetty.replace(".RELEASE", "") : "")
            + " (which reactive-robots-netty-fetcher runs on) needs Netty "
            + asked
            + ", one version for every Netty artifact; reactive-robots is built and tested on"
            + " Netty "
            + BUILT_ON
            + ".";
    Map<String, List<String>> byVersion = new TreeMap<>();
    netty.forEach((a, v) -> byVersion.computeIfAbsent(v, k -> new ArrayList<>()).add(a));
    if (byVersion.size() > 1) {
      return Optional.of(
          "Netty artifacts of "
              + byVersion.size()
              + " versions are on the class path: "
              + found(byVersion)
              + ". "
              + who);
    }
    String version = byVersion.keySet().iterator().next();
    if (!inRange(version, asked)) {
      return Optional.of(
          "Netty "
              + version
              + " is on the class path ("
              + String.join(", ", byVersion.get(version))
              + "). "
              + who);
    }
    return Optional.empty();
  }

  private static String found(Map<String, List<String>> byVersion) {
    return byVersion.entrySet().stream()
        .map(e -> e.getKey() + " (" + String.join(", ", e.getValue()) + ")")
        .collect(Collectors.joining(", "));
  }

  /** Whether {@code version} is inside an OSGi range such as {@code [4.2,5)}. */
  static boolean inRange(String version, String range) {
    Matcher m = Pattern.compile("([\\[(])([0-9.]+),([0-9.]+)([\\])])").matcher(range);
    if (!m.matches()) {
      return true;
    }
    int low = compare(version, m.group(2));
    int high = compare(version, m.group(3));
    return (m.group(1).equals("[") ? low >= 0 : low > 0)
        && (m.group(4).equals("]") ? high <= 0 : high < 0);
  }

  /** Compares the leading numeric parts: 4.1.125.Final against 4.2 is below. */
  private static int compare(String version, String bound) {
    String[] a = version.split("\\.");
    String[] b = bound.split("\\.");
    for (int i = 0; i < b.length; i++) {
      int x = i < a.length && a[i].matches("[0-9]+") ? Integer.parseInt(a[i]) : 0;
      int c = Integer.compare(x, Integer.parseInt(b[i]));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private static String line(String version) {
    String[] parts = version.split("\\.");
    return parts[0] + "." + parts[1];
  }

  /** The {@code io.netty.channel} range of an OSGi {@code Import-Package} header, or null. */
  static String channelRange(String importPackage) {
    Matcher m = CHANNEL_RANGE.matcher(importPackage);
    return m.find() ? m.group(1) + m.group(2) + "," + m.group(3) + m.group(4) : null;
  }

  private static Optional<Manifest> reactorNettyManifest(ClassLoader loader) {
    try {
      Enumeration<URL> manifests = loader.getResources("META-INF/MANIFEST.MF");
      while (manifests.hasMoreElements()) {
        try (InputStream in = manifests.nextElement().openStream()) {
          Manifest m = new Manifest(in);
          Attributes main = m.getMainAttributes();
          if (REACTOR_NETTY.equals(main.getValue("Bundle-SymbolicName"))) {
            return Optional.of(m);
          }
        }
      }
    } catch (IOException e) {
      // Unreadable manifests: fall back to the line this starter was built on.
    }
    return Optional.empty();
  }
}
