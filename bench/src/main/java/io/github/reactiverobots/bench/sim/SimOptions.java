package io.github.reactiverobots.bench.sim;

import java.time.Duration;
import java.util.Locale;

/**
 * The simulator's settings. Immutable; build with {@link #parse(String[])} or {@link #defaults()}
 * and the {@code with} methods.
 *
 * @param origins simulated origins (virtual hosts {@code o0.test} ... on one loopback server)
 * @param checks URL checks to make
 * @param pages pages a visit to an origin checks in a row (the last visit may check fewer)
 * @param concurrency checks in flight at once
 * @param zipfExponent skew of the origin popularity (0 is uniform)
 * @param mix how origins answer
 * @param seed seed of every random draw
 * @param agent the crawler's user agent
 * @param maxDuration the run stops after this even if checks remain
 * @param fetchTimeout the fetcher's response timeout
 * @param slowDelay how long a slow origin waits before answering
 * @param cacheWeightBytes the cache's maximum weight
 * @param ttl the shortest time an entry fetched with a 2xx is kept fresh (its TTL floor)
 * @param prometheusPort port of the metrics endpoint on 127.0.0.1, or -1 for none
 * @param progress whether to print a progress line to standard error every second
 */
public record SimOptions(
    int origins,
    long checks,
    int pages,
    int concurrency,
    double zipfExponent,
    Mix mix,
    long seed,
    String agent,
    Duration maxDuration,
    Duration fetchTimeout,
    Duration slowDelay,
    long cacheWeightBytes,
    Duration ttl,
    int prometheusPort,
    boolean progress) {

  public SimOptions {
    require(origins >= 1 && origins <= 1_000_000, "--origins must be 1..1,000,000");
    require(checks >= 1 && checks <= 1_000_000_000L, "--checks must be 1..1,000,000,000");
    require(pages >= 1 && pages <= 10_000, "--pages must be 1..10,000");
    require(concurrency >= 1 && concurrency <= 65_536, "--concurrency must be 1..65,536");
    require(zipfExponent >= 0 && zipfExponent <= 10, "--zipf must be 0..10");
    require(agent != null && !agent.isBlank(), "--agent must not be blank");
    require(
        !maxDuration.isNegative()
            && !maxDuration.isZero()
            && maxDuration.compareTo(Duration.ofHours(1)) <= 0,
        "--max-seconds must be 1..3600");
    require(
        fetchTimeout.toMillis() >= 50 && fetchTimeout.toMillis() <= 60_000,
        "--fetch-timeout-ms must be 50..60,000");
    require(
        slowDelay.toMillis() >= 0 && slowDelay.compareTo(fetchTimeout) < 0,
        "--slow-ms must be at least 0 and below the fetch timeout");
    require(cacheWeightBytes >= 1 << 20, "--cache-mb must be at least 1");
    require(
        ttl.toSeconds() >= 1 && ttl.compareTo(Duration.ofDays(1)) <= 0,
        "--ttl-seconds must be 1..86,400");
    require(prometheusPort >= -1 && prometheusPort <= 65535, "--prometheus-port must be 0..65535");
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  /**
   * 20,000 origins, 1,000,000 checks in visits of 5 pages, 256 visits at once, Zipf 1.0, the
   * default mix, and a 16 MiB cache, which holds far fewer origins than the run asks for, so it
   * runs full, evicts, and shows what that costs in refetches.
   */
  public static SimOptions defaults() {
    return new SimOptions(
        20_000,
        1_000_000,
        5,
        256,
        1.0,
        Mix.defaults(),
        42,
        "MyCrawler/1.0",
        Duration.ofMinutes(5),
        Duration.ofSeconds(2),
        Duration.ofMillis(300),
        16L << 20,
        Duration.ofHours(1),
        -1,
        true);
  }

  /** Parses command-line options over the defaults; see {@link #usage()}. */
  public static SimOptions parse(String[] args) {
    SimOptions o = defaults();
    int origins = o.origins;
    long checks = o.checks;
    int pages = o.pages;
    int concurrency = o.concurrency;
    double zipf = o.zipfExponent;
    Mix mix = o.mix;
    long seed = o.seed;
    String agent = o.agent;
    Duration max = o.maxDuration;
    Duration timeout = o.fetchTimeout;
    Duration slow = o.slowDelay;
    long weight = o.cacheWeightBytes;
    Duration ttl = o.ttl;
    int prometheus = o.prometheusPort;
    boolean progress = o.progress;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--quiet")) {
        progress = false;
        continue;
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(
            a.startsWith("--") ? a + " needs a value" : "unexpected argument: " + a);
      }
      String v = args[++i];
      switch (a) {
        case "--origins" -> origins = whole(a, v);
        case "--checks" -> checks = number(a, v);
        case "--pages" -> pages = whole(a, v);
        case "--concurrency" -> concurrency = whole(a, v);
        case "--zipf" -> zipf = decimal(a, v);
        case "--mix" -> mix = Mix.parse(v);
        case "--seed" -> seed = number(a, v);
        case "--agent" -> agent = v;
        case "--max-seconds" -> max = Duration.ofSeconds(number(a, v));
        case "--fetch-timeout-ms" -> timeout = Duration.ofMillis(number(a, v));
        case "--slow-ms" -> slow = Duration.ofMillis(number(a, v));
        case "--cache-mb" -> weight = mebibytes(a, v);
        case "--ttl-seconds" -> ttl = Duration.ofSeconds(number(a, v));
        case "--prometheus-port" -> prometheus = whole(a, v);
        default -> throw new IllegalArgumentException("unknown option for simulate: " + a);
      }
    }
    return new SimOptions(
        origins,
        checks,
        pages,
        concurrency,
        zipf,
        mix,
        seed,
        agent,
        max,
        timeout,
        slow,
        weight,
        ttl,
        prometheus,
        progress);
  }

  static long number(String option, String v) {
    try {
      return Long.parseLong(v.replace("_", "").replace(",", ""));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " needs a whole number, got " + v);
    }
  }

  /** A whole number that fits an int: a cast would turn 4294967297 into 1 without a word. */
  private static int whole(String option, String v) {
    long n = number(option, v);
    if (n != (int) n) {
      throw new IllegalArgumentException(option + " is out of range: " + v);
    }
    return (int) n;
  }

  /** A size in MiB, as bytes; a shift past 2^63 would wrap to a small positive size. */
  private static long mebibytes(String option, String v) {
    long n = number(option, v);
    if (n > Long.MAX_VALUE >> 20) {
      throw new IllegalArgumentException(option + " is out of range: " + v);
    }
    return n << 20;
  }

  static double decimal(String option, String v) {
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " needs a number, got " + v);
    }
  }

  /** The options text for {@code simulate --help}. */
  public static String usage() {
    SimOptions d = defaults();
    return String.format(
        Locale.ROOT,
        """
        simulate [options]   crawl simulation against a loopback origin farm
          --origins N            simulated origins (default %,d)
          --checks M             URL checks (default %,d)
          --pages K              pages checked in a row per visit to an origin (default %d)
          --concurrency C        visits in flight (default %d)
          --zipf S               popularity skew of origins (default %.1f)
          --mix SPEC             e.g. 404=8,5xx=3,slow=2,redirect=3,gzip=10,timeout=0.5 (default)
          --seed N               random seed (default %d)
          --agent UA             crawler user agent (default %s)
          --max-seconds S        stop after S seconds (default %d)
          --fetch-timeout-ms T   fetcher response timeout (default %d)
          --slow-ms D            delay of slow origins (default %d)
          --cache-mb W           cache maximum weight in MiB (default %d)
          --ttl-seconds T        shortest freshness of a fetched robots.txt (default %d)
          --prometheus-port P    serve /metrics on 127.0.0.1:P while running
          --quiet                no progress line
          --polite               a crawl of pages through the Pacer instead of checks
                                 (simulate --polite --help)
        """,
        d.origins,
        d.checks,
        d.pages,
        d.concurrency,
        d.zipfExponent,
        d.seed,
        d.agent,
        d.maxDuration.toSeconds(),
        d.fetchTimeout.toMillis(),
        d.slowDelay.toMillis(),
        d.cacheWeightBytes >> 20,
        d.ttl.toSeconds());
  }

  /** These options with {@code origins} and {@code checks}. */
  public SimOptions withSize(int origins, long checks) {
    return new SimOptions(
        origins,
        checks,
        pages,
        concurrency,
        zipfExponent,
        mix,
        seed,
        agent,
        maxDuration,
        fetchTimeout,
        slowDelay,
        cacheWeightBytes,
        ttl,
        prometheusPort,
        progress);
  }

  /** These options with {@code mix}, {@code concurrency} and the progress line on or off. */
  public SimOptions with(Mix mix, int concurrency, boolean progress) {
    return new SimOptions(
        origins,
        checks,
        pages,
        concurrency,
        zipfExponent,
        mix,
        seed,
        agent,
        maxDuration,
        fetchTimeout,
        slowDelay,
        cacheWeightBytes,
        ttl,
        prometheusPort,
        progress);
  }
}
