package io.github.reactiverobots.bench.sim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The polite run's settings: the simulator's own (origins, pages as {@code --checks}, mix, seed,
 * agent, timeouts, time bound; polite defaults below) and the pacer's. Immutable.
 *
 * @param sim the simulator's settings; {@code checks} is the number of page URLs
 * @param minimumDelay the pacer's minimum delay
 * @param maximumDelay the pacer's cap on crawl-delay and request-rate
 * @param pacedPercent share of origins whose robots.txt gets a generated pacing line
 * @param busyPercent share of origins that answer their first page 503 with Retry-After
 * @param retryAfterSeconds that Retry-After
 * @param heavyPercent share of the page URLs that go to one busy origin (the first crawled), spread
 *     evenly among the others'; 0 for none
 * @param defer the pacer's {@code deferWhenFull}: hand back an item whose origin's queue is full
 */
public record PoliteOptions(
    SimOptions sim,
    Duration minimumDelay,
    Duration maximumDelay,
    double pacedPercent,
    double busyPercent,
    int retryAfterSeconds,
    double heavyPercent,
    boolean defer) {
  /** The simulator options the polite run starts from; the command line overrides them. */
  private static final List<String> SIM_DEFAULTS =
      List.of("--origins", "400", "--checks", "2400", "--max-seconds", "120");

  public PoliteOptions {
    require(!minimumDelay.isNegative(), "--min-delay-ms must be at least 0");
    require(
        maximumDelay.compareTo(minimumDelay) >= 0
            && maximumDelay.compareTo(Duration.ofMinutes(1)) <= 0
            && !maximumDelay.isZero(),
        "--max-delay-ms must be 1..60,000 and at least --min-delay-ms");
    require(pacedPercent >= 0 && pacedPercent <= 100, "--paced must be 0..100");
    require(busyPercent >= 0 && busyPercent <= 100, "--busy must be 0..100");
    require(retryAfterSeconds >= 1 && retryAfterSeconds <= 60, "--retry-after-s must be 1..60");
    require(heavyPercent >= 0 && heavyPercent < 100, "--heavy must be 0 to less than 100");
    require(heavyPercent == 0 || sim.origins() >= 2, "--heavy needs at least 2 origins");
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  /** Parses the polite options and passes the others to {@link SimOptions#parse}. */
  public static PoliteOptions parse(String[] args) {
    List<String> simArgs = new ArrayList<>(SIM_DEFAULTS);
    Duration min = Duration.ofMillis(200);
    Duration max = Duration.ofSeconds(3);
    double paced = 30;
    double busy = 5;
    int retryAfter = 2;
    double heavy = 0;
    boolean defer = true;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      boolean polite =
          a.equals("--min-delay-ms")
              || a.equals("--max-delay-ms")
              || a.equals("--paced")
              || a.equals("--busy")
              || a.equals("--heavy")
              || a.equals("--retry-after-s");
      if (a.equals("--no-defer")) {
        defer = false;
        continue;
      }
      if (!polite) {
        if (!a.equals("--polite")) {
          simArgs.add(a);
        }
        continue;
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(a + " needs a value");
      }
      String v = args[++i];
      switch (a) {
        case "--min-delay-ms" -> min = Duration.ofMillis(SimOptions.number(a, v));
        case "--max-delay-ms" -> max = Duration.ofMillis(SimOptions.number(a, v));
        case "--paced" -> paced = SimOptions.decimal(a, v);
        case "--busy" -> busy = SimOptions.decimal(a, v);
        case "--heavy" -> heavy = SimOptions.decimal(a, v);
        default -> retryAfter = (int) Math.min(Integer.MAX_VALUE, SimOptions.number(a, v));
      }
    }
    return new PoliteOptions(
        SimOptions.parse(simArgs.toArray(String[]::new)),
        min,
        max,
        paced,
        busy,
        retryAfter,
        heavy,
        defer);
  }

  /** The options text for {@code simulate --polite --help}. */
  public static String usage() {
    PoliteOptions d = parse(new String[0]);
    return String.format(
        Locale.ROOT,
        """
        simulate --polite [options]   a crawl through a Pacer: page requests to the farm, paced
          by robots.txt; the farm records each origin's smallest interval between two pages
          --origins N            simulated origins (default %,d)
          --checks M             page URLs, spread evenly over the origins (default %,d)
          --min-delay-ms D       the pacer's minimum delay (default %d)
          --max-delay-ms D       the pacer's cap on crawl-delay and request-rate (default %d)
          --paced P              %% of origins given a generated crawl-delay or request-rate
                                 line (default %.0f)
          --busy P               %% of origins answering their first page 503 (default %.0f)
          --retry-after-s S      the Retry-After of that 503 (default %d)
          --heavy P              %% of the page URLs for one busy origin (the first crawled), spread
                                 evenly among the others'; the run then reports the others'
                                 releases within --max-seconds, and reaching it is no failure
          --no-defer             the pacer keeps an item whose origin's queue is full and
                                 stops its source (deferWhenFull(false)) instead of handing
                                 it back DEFERRED
          --concurrency C        page fetches in flight (default %d)
          --max-seconds S        stop after S seconds (default %d)
          --workers N            N workers on one shared queue, spacing shared on Redis
          --redis-url URI        the Redis they share (default: redis-server from the PATH)
          --redis-outage-s S     kill Redis once half the pages are out, restart it S s later
          --worker-queue Q       items each worker's pacer holds (default 32)
          --spacing S            shared (default), local (no Redis) or partition (by host)
          and --mix, --seed, --agent, --fetch-timeout-ms, --slow-ms, --cache-mb, --quiet as
          for simulate
        """,
        d.sim.origins(),
        d.sim.checks(),
        d.minimumDelay.toMillis(),
        d.maximumDelay.toMillis(),
        d.pacedPercent,
        d.busyPercent,
        d.retryAfterSeconds,
        d.sim.concurrency(),
        d.sim.maxDuration().toSeconds());
  }
}
