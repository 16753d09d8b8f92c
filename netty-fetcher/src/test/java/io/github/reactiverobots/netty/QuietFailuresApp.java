package io.github.reactiverobots.netty;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.netty.testing.TestResolver;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.ref.Reference;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;
import reactor.util.Loggers;

/**
 * A plain application, as a crawler without an SLF4J binding is: checks one URL on each {@code
 * NAME=ORIGIN} argument through a cache over the Netty fetcher, and reports on its real standard
 * output what the libraries logged meanwhile. Run by {@link QuietFailuresTest} in a JVM of its own,
 * so that every logger is created after the capture is in place.
 *
 * <p>Captured, by a handler on the root of JDK logging: Netty's records (Netty logs through JDK
 * logging when no SLF4J is present) and Reactor's and reactor-netty's (sent to JDK logging here
 * instead of Reactor's console logger; both print INFO and above, so the same code paths run), at
 * the default levels, with DEBUG on only for {@code io.github.reactiverobots}, as an application
 * would configure it; and anything printed on the console. Each {@code https} origin is also
 * fetched twice by a fetcher offering HTTP/2. Report lines: {@code RESULT name
 * failure-kind-or-status outcome}, {@code RESULT h2:name kind kind}, {@code LOG level logger thrown
 * message} and {@code CONSOLE text}.
 */
public final class QuietFailuresApp {

  private QuietFailuresApp() {}

  public static void main(String[] args) {
    PrintStream report = System.out;
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    PrintStream captured = new PrintStream(console, true, StandardCharsets.UTF_8);
    System.setOut(captured);
    System.setErr(captured);
    List<String> records = Collections.synchronizedList(new ArrayList<>());
    Loggers.useJdkLoggers();
    // Held to the end: JDK logging keeps a logger's level only while the logger is referenced.
    java.util.logging.Logger library =
        java.util.logging.Logger.getLogger("io.github.reactiverobots");
    library.setLevel(Level.FINE);
    java.util.logging.Logger.getLogger("")
        .addHandler(
            new Handler() {
              @Override
              public void publish(LogRecord r) {
                records.add(
                    line(
                        level(r.getLevel()),
                        r.getLoggerName(),
                        r.getThrown() != null,
                        new SimpleFormatter().formatMessage(r)));
              }

              @Override
              public void flush() {}

              @Override
              public void close() {}
            });
    List<String> results = new ArrayList<>();
    try (RobotsCache cache =
        RobotsCaches.create(
            NettyRobotsFetcher.builder()
                .userAgent("QuietBot/1.0")
                .resolver(new TestResolver())
                .addressPolicy(AddressPolicy.permitAll())
                .responseTimeout(Duration.ofMillis(300))
                .deadline(Duration.ofSeconds(10)),
            RobotsCache.builder().crawler("QuietBot/1.0"))) {
      for (String arg : args) {
        String[] nameAndOrigin = arg.split("=", 2);
        Verdict v = cache.check(nameAndOrigin[1] + "/page").block(Duration.ofSeconds(30));
        OriginState state = v.originState().orElseThrow();
        results.add(
            "RESULT "
                + nameAndOrigin[0]
                + " "
                + (state.failure() != null ? state.failure() : Integer.toString(state.status()))
                + " "
                + state.outcome());
      }
    }
    // With HTTP/2 offered, every TLS origin twice, under another name (so that its DEBUG lines
    // are its own): the second attempt must fail as the first, as quietly.
    try (NettyRobotsFetcher h2 =
        NettyRobotsFetcher.builder()
            .userAgent("QuietBot/1.0")
            .resolver(new TestResolver())
            .addressPolicy(AddressPolicy.permitAll())
            .responseTimeout(Duration.ofMillis(300))
            .deadline(Duration.ofSeconds(10))
            .http2(true)
            .build()) {
      for (String arg : args) {
        String[] nameAndOrigin = arg.split("=", 2);
        if (nameAndOrigin[1].startsWith("https://")) {
          Origin origin = Origin.of(nameAndOrigin[1].replace("https://", "https://h2."));
          StringBuilder line = new StringBuilder("RESULT h2:" + nameAndOrigin[0]);
          for (int attempt = 0; attempt < 2; attempt++) {
            line.append(' ')
                .append(h2.fetch(origin, Conditional.NONE).block(Duration.ofSeconds(30)).failure());
          }
          results.add(line.toString());
        }
      }
    }
    results.forEach(report::println);
    synchronized (records) {
      records.forEach(report::println);
    }
    for (String text : console.toString(StandardCharsets.UTF_8).split("\n")) {
      if (!text.isEmpty()) {
        report.println("CONSOLE " + oneLine(text));
      }
    }
    report.flush();
    Reference.reachabilityFence(library);
  }

  static String line(String level, String logger, boolean thrown, String message) {
    return "LOG " + level + " " + logger + " " + thrown + " " + oneLine(message);
  }

  /** {@code text} on one report line: control characters as {@code \xHH}. */
  static String oneLine(String text) {
    if (text == null) {
      return "null";
    }
    StringBuilder out = new StringBuilder(text.length());
    text.chars()
        .forEach(
            c ->
                out.append(
                    c < 0x20 || c == 0x7f
                        ? String.format("\\x%02X", c)
                        : String.valueOf((char) c)));
    return out.toString();
  }

  /** The SLF4J name of a JDK logging level. */
  private static String level(Level level) {
    int v = level.intValue();
    return v >= Level.SEVERE.intValue()
        ? "ERROR"
        : v >= Level.WARNING.intValue()
            ? "WARN"
            : v >= Level.INFO.intValue() ? "INFO" : v >= Level.FINE.intValue() ? "DEBUG" : "TRACE";
  }
}
