package io.github.reactiverobots.bench.sim;

import java.util.Arrays;
import java.util.Locale;

/**
 * The run's trace of origin requests (one per visit, in visit order) and the fetch counts of {@link
 * CacheBounds} for the cache's capacity in entries, beside the cache's own; and the hot set a scan
 * left ({@link ScanProbe}). Immutable.
 *
 * @param requests visits in the trace
 * @param capacityEntries the capacity in entries: maximum weight over the run's mean weight per
 *     cached entry
 * @param meanEntryBytes that mean weight, in bytes
 * @param fetches the cache's own fetches
 * @param belady Belady's MIN on the trace
 * @param popularity the popularity bound on the trace
 * @param lru plain LRU on the trace
 * @param popularityByWeight the popularity bound with each origin at its own weight
 * @param popularityPerByte the bound of a cache holding the most expected requests per byte
 * @param scan the scan probe after the run, or null
 */
public record TraceBounds(
    int requests,
    int capacityEntries,
    long meanEntryBytes,
    long fetches,
    long belady,
    long popularity,
    long lru,
    long popularityByWeight,
    long popularityPerByte,
    ScanProbe scan) {

  /**
   * Bounds for {@code trace} (visit index to origin rank, -1 for a visit not made) and a cache of
   * {@code maximumWeight} bytes whose cached entries weighed {@code meanEntryBytes} on average;
   * {@code weights} by origin rank, 0 where unknown (read as the mean), and the Zipf exponent.
   */
  static TraceBounds of(
      int[] trace,
      long maximumWeight,
      long meanEntryBytes,
      long[] weights,
      double zipf,
      long fetches,
      ScanProbe scan) {
    int[] made = Arrays.stream(trace).filter(o -> o >= 0).toArray();
    long[] known = new long[weights.length];
    for (int i = 0; i < weights.length; i++) {
      known[i] = weights[i] > 0 ? weights[i] : Math.max(1, meanEntryBytes);
    }
    int capacity = (int) Math.min(Integer.MAX_VALUE, maximumWeight / Math.max(1, meanEntryBytes));
    return new TraceBounds(
        made.length,
        capacity,
        meanEntryBytes,
        fetches,
        CacheBounds.belady(made, capacity),
        CacheBounds.popularity(made, capacity),
        CacheBounds.lru(made, capacity),
        CacheBounds.popularityByWeight(made, known, maximumWeight),
        CacheBounds.popularityPerByte(made, known, maximumWeight, zipf),
        scan);
  }

  /** The cache's fetches over the popularity bound. */
  public double overPopularity() {
    return popularity == 0 ? 0 : (double) fetches / popularity;
  }

  /** The cache's fetches over Belady's MIN. */
  public double overBelady() {
    return belady == 0 ? 0 : (double) fetches / belady;
  }

  private static double ratio(long a, long b) {
    return b == 0 ? 0 : (double) a / b;
  }

  /** The report's lines. */
  public String text() {
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "  yardsticks    on this run's trace (%,d visits), a cache"
                + " of %,d entries (maximum weight / %,d bytes, the mean cached entry's weight):%n",
            requests,
            capacityEntries,
            meanEntryBytes));
    sb.append(
        String.format(
            Locale.ROOT,
            "                  this cache                   %,d"
                + " fetches (%.2fx the popularity bound, %.2fx Belady)%n",
            fetches,
            overPopularity(),
            overBelady()));
    sb.append(
        String.format(
            Locale.ROOT,
            "                  popularity bound             %,d (a cache that always holds the"
                + " most-asked origins that fit, and nothing else: with requests drawn independently,"
                + " as here, no cache that cannot see the future does better once warm)%n",
            popularity));
    sb.append(
        String.format(
            Locale.ROOT,
            "                  Belady's MIN                 %,d (the offline optimum: a cache"
                + " that knows the future evicts the origin asked for again furthest ahead, and"
                + " none can fetch less)%n",
            belady));
    sb.append(
        String.format(Locale.ROOT, "                  plain LRU                    %,d%n", lru));
    sb.append(
        String.format(
            Locale.ROOT,
            "  by weight     each origin at its own weight (the entry it last had),"
                + " not the mean:%n"
                + "                  popularity bound by weight   %,d (%.2fx; the most popular"
                + " origins that fit)%n"
                + "                  per-byte popularity bound    %,d (%.2fx; the most expected"
                + " checks per byte that fit)%n",
            popularityByWeight,
            ratio(fetches, popularityByWeight),
            popularityPerByte,
            ratio(fetches, popularityPerByte)));
    if (scan != null) {
      sb.append(
          String.format(
              Locale.ROOT,
              "  hot set       %,d of the %,d most popular origins"
                  + " cached; after a scan of %,d one-shot origins %,d still are (%.1f%%)%n",
              scan.cachedBefore(),
              scan.hot(),
              scan.scanned(),
              scan.survived(),
              100 * scan.survival()));
    }
    return sb.toString();
  }
}
