package io.github.reactiverobots.bench.sim;

/**
 * Draws ranks 0..n-1 with probability proportional to {@code 1 / (rank + 1)^s}: a few origins get
 * most checks, as in a real crawl frontier. Immutable and thread-safe; the caller supplies the
 * uniform draw, so sequences are reproducible from a seed.
 */
public final class ZipfSampler {
  private final double[] cdf;

  /**
   * @param n the number of ranks, at least 1
   * @param exponent the skew {@code s}, at least 0 (0 is uniform)
   */
  public ZipfSampler(int n, double exponent) {
    if (n < 1) {
      throw new IllegalArgumentException("n must be at least 1, was " + n);
    }
    if (exponent < 0 || Double.isNaN(exponent)) {
      throw new IllegalArgumentException("exponent must be at least 0, was " + exponent);
    }
    cdf = new double[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += 1 / Math.pow(i + 1, exponent);
      cdf[i] = sum;
    }
    for (int i = 0; i < n; i++) {
      cdf[i] /= sum;
    }
  }

  /** The rank for a uniform draw {@code u} in [0, 1). */
  public int sample(double u) {
    int lo = 0;
    int hi = cdf.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cdf[mid] > u) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  /** The probability of {@code rank}. */
  public double probability(int rank) {
    return rank == 0 ? cdf[0] : cdf[rank] - cdf[rank - 1];
  }
}
