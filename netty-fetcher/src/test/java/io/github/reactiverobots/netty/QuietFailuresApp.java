package io.github.reactiverobots.netty;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.model.OriginState;
import io.github.reactiverobots.core.model.Printable;
import io.github.reactiverobots.core.model.Verdict;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import reactor.util.Logger;
import reactor.util.Loggers;

/**
 * A plain application, as a crawler without an SLF4J binding is: checks one URL on each
 * {@code NAME=ORIGIN} argument through a cache over the Netty fetcher, and reports on its real
 * standard output what the libraries logged meanwhile. Run by {@link QuietFailuresTest} in a
 * JVM of its own, so that every logger is created after the capture is in place.
 *
 * <p>Captured: reactor's and reactor-netty's loggers (a capturing {@link Logger} for every
 * name, with DEBUG on only for {@code io.github.reactiverobots}, as an application would
 * configure it), Netty's (JDK logging, default levels) and anything printed on the console.
 * Report lines: {@code RESULT name failure-kind-or-status outcome}, {@code LOG level
 * logger thrown message} and {@code CONSOLE text}.
 */
public final class QuietFailuresApp {
  private static final String LIBRARY = "io.github.reactiverobots";

  private QuietFailuresApp() {}

  public static void main(String[] args) {
    PrintStream report = System.out;
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    PrintStream captured = new PrintStream(console, true, StandardCharsets.UTF_8);
    System.setOut(captured);
    System.setErr(captured);
    List<String> records = Collections.synchronizedList(new ArrayList<>());
    Loggers.useCustomLoggers(name -> new CapturingLogger(name, records));
    java.util.logging.Logger.getLogger("").addHandler(new Handler() {
      @Override
      public void publish(LogRecord r) {
        records.add(line(r.getLevel().intValue() >= Level.SEVERE.intValue() ? "ERROR"
            : r.getLevel().intValue() >= Level.WARNING.intValue() ? "WARN" : r.getLevel().getName(),
            r.getLoggerName(), r.getThrown() != null, r.getMessage()));
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    });
    List<String> results = new ArrayList<>();
    try (RobotsCache cache = RobotsCaches.create(NettyRobotsFetcher.builder()
            .userAgent("QuietBot/1.0").resolver(new TestResolver())
            .responseTimeout(Duration.ofMillis(300)).deadline(Duration.ofSeconds(10)),
        RobotsCache.builder().crawler("QuietBot/1.0"))) {
      for (String arg : args) {
        String[] nameAndOrigin = arg.split("=", 2);
        Verdict v = cache.check(nameAndOrigin[1] + "/page").block(Duration.ofSeconds(30));
        OriginState state = v.originState().orElseThrow();
        results.add("RESULT " + nameAndOrigin[0] + " "
            + (state.failure() != null ? state.failure() : Integer.toString(state.status()))
            + " " + state.outcome());
      }
    }
    results.forEach(report::println);
    synchronized (records) {
      records.forEach(report::println);
    }
    for (String text : console.toString(StandardCharsets.UTF_8).split("\n")) {
      if (!text.isEmpty()) {
        report.println("CONSOLE " + Printable.escape(text));
      }
    }
    report.flush();
  }

  static String line(String level, String logger, boolean thrown, String message) {
    return "LOG " + level + " " + logger + " " + thrown + " " + Printable.escape(message);
  }

  /** Records every message it is given, formatted, with whether it carried a throwable. */
  private static final class CapturingLogger implements Logger {
    private final String name;
    private final List<String> records;
    private final boolean debug;

    CapturingLogger(String name, List<String> records) {
      this.name = name;
      this.records = records;
      this.debug = name.startsWith(LIBRARY);
    }

    private void log(String level, String format, Object... args) {
      boolean thrown = args.length > 0 && args[args.length - 1] instanceof Throwable;
      StringBuilder sb = new StringBuilder();
      int arg = 0;
      int from = 0;
      for (int at = format.indexOf("{}"); at >= 0; at = format.indexOf("{}", from)) {
        sb.append(format, from, at).append(arg < args.length ? args[arg++] : "{}");
        from = at + 2;
      }
      records.add(line(level, name, thrown, sb.append(format.substring(from)).toString()));
    }

    @Override
    public String getName() {
      return name;
    }

    @Override
    public boolean isTraceEnabled() {
      return false;
    }

    @Override
    public void trace(String msg) {
      log("TRACE", msg);
    }

    @Override
    public void trace(String format, Object... arguments) {
      log("TRACE", format, arguments);
    }

    @Override
    public void trace(String msg, Throwable t) {
      log("TRACE", msg, t);
    }

    @Override
    public boolean isDebugEnabled() {
      return debug;
    }

    @Override
    public void debug(String msg) {
      log("DEBUG", msg);
    }

    @Override
    public void debug(String format, Object... arguments) {
      log("DEBUG", format, arguments);
    }

    @Override
    public void debug(String msg, Throwable t) {
      log("DEBUG", msg, t);
    }

    @Override
    public boolean isInfoEnabled() {
      return true;
    }

    @Override
    public void info(String msg) {
      log("INFO", msg);
    }

    @Override
    public void info(String format, Object... arguments) {
      log("INFO", format, arguments);
    }

    @Override
    public void info(String msg, Throwable t) {
      log("INFO", msg, t);
    }

    @Override
    public boolean isWarnEnabled() {
      return true;
    }

    @Override
    public void warn(String msg) {
      log("WARN", msg);
    }

    @Override
    public void warn(String format, Object... arguments) {
      log("WARN", format, arguments);
    }

    @Override
    public void warn(String msg, Throwable t) {
      log("WARN", msg, t);
    }

    @Override
    public boolean isErrorEnabled() {
      return true;
    }

    @Override
    public void error(String msg) {
      log("ERROR", msg);
    }

    @Override
    public void error(String format, Object... arguments) {
      log("ERROR", format, arguments);
    }

    @Override
    public void error(String msg, Throwable t) {
      log("ERROR", msg, t);
    }
  }
}
