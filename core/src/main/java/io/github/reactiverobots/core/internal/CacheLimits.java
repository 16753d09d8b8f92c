package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.internal.settings.Limits;
import io.github.reactiverobots.robotstxt.internal.text.Printable;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import java.util.Objects;
import java.util.Set;

/**
 * The checks {@code RobotsCacheBuilder} applies to its own settings as they are set (the others are
 * {@link Limits}'); each names the setting and the value it refused.
 */
public final class CacheLimits {

  private CacheLimits() {}

  public static int parseLimit(int bytes) {
    if (bytes < ParseOptions.MIN_PARSE_LIMIT) {
      throw new IllegalArgumentException(
          "parseLimit must be at least " + ParseOptions.MIN_PARSE_LIMIT + ", was " + bytes);
    }
    return bytes;
  }

  private static final long MIB = 1024 * 1024;
  private static final long DEFAULT_WEIGHT_CAP = 256 * MIB;

  /**
   * The default weight bound for a JVM whose maximum heap is {@code maxHeap} bytes: a quarter of
   * it, at most 256 MiB.
   */
  public static long defaultMaximumWeight(long maxHeap) {
    return Math.max(MIB, Math.min(DEFAULT_WEIGHT_CAP, maxHeap / 4));
  }

  /**
   * Refuses a weight bound the heap cannot hold: entries take about their weight in heap, so a
   * bound over three quarters of the maximum heap leaves too little for the rest of the JVM.
   */
  public static void requireHeapHolds(long maximumWeight, long maxHeap) {
    if (maxHeap != Long.MAX_VALUE && maximumWeight > maxHeap / 4 * 3) {
      throw new IllegalStateException(
          "maximumWeight ("
              + mib(maximumWeight)
              + ") cannot be held by this JVM's maximum heap ("
              + mib(maxHeap)
              + "): cached entries take about their weight in heap, and at most three quarters of"
              + " it ("
              + mib(maxHeap / 4 * 3)
              + ") is left to them; lower maximumWeight or raise -Xmx");
    }
  }

  private static String mib(long bytes) {
    return bytes >= MIB ? bytes / MIB + " MiB" : bytes + " bytes";
  }

  public static double residencyShare(double share) {
    return Limits.within(share, 0, 0.5, "residencyShare");
  }

  /** The agents, copied, each a product token. */
  public static Set<String> productTokens(Set<String> agents) {
    Set<String> copy = Set.copyOf(Objects.requireNonNull(agents, "agents"));
    for (String agent : copy) {
      if (!CrawlerIdentity.isProductToken(agent)) {
        throw new IllegalArgumentException(
            "explicitAgents: \""
                + Printable.escape(agent)
                + "\" is not a product token; give tokens made of A-Z a-z _ - only, the way a"
                + " crawler(...) identity's token is (\"MyBot\" for \"MyBot/1.0\")");
      }
    }
    return copy;
  }
}
