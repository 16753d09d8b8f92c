package io.github.reactiverobots.core;

import java.util.Objects;

/**
 * A snapshot of a {@link RobotsCache}'s size and fetch activity, for gauges; made by {@link
 * RobotsCache#stats()}, or with named settings ({@link #builder()}), so that no two counts can be
 * swapped by position. Immutable; the figures are read one after another without a lock, so they
 * are each accurate but not mutually consistent.
 */
public final class CacheStats {
  private final long origins;
  private final long weightBytes;
  private final int fetchesActive;
  private final int fetchesQueued;

  private CacheStats(Builder b) {
    origins = b.origins;
    weightBytes = b.weightBytes;
    fetchesActive = b.fetchesActive;
    fetchesQueued = b.fetchesQueued;
  }

  /**
   * A builder with every figure at 0.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The approximate number of origins with an entry.
   *
   * @return the count
   */
  public long origins() {
    return origins;
  }

  /**
   * The summed estimated weight of the entries.
   *
   * @return bytes
   */
  public long weightBytes() {
    return weightBytes;
  }

  /**
   * Fetches running: the fetcher's own figure when it implements {@link
   * io.github.reactiverobots.core.fetch.FetcherStats}, else the cache's fetches in flight.
   *
   * @return the count
   */
  public int fetchesActive() {
    return fetchesActive;
  }

  /**
   * Fetches waiting for a slot in the fetcher.
   *
   * @return the count, or 0 when the fetcher does not report it
   */
  public int fetchesQueued() {
    return fetchesQueued;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CacheStats s
        && origins == s.origins
        && weightBytes == s.weightBytes
        && fetchesActive == s.fetchesActive
        && fetchesQueued == s.fetchesQueued;
  }

  @Override
  public int hashCode() {
    return Objects.hash(origins, weightBytes, fetchesActive, fetchesQueued);
  }

  @Override
  public String toString() {
    return "CacheStats[origins="
        + origins
        + ", weightBytes="
        + weightBytes
        + ", fetchesActive="
        + fetchesActive
        + ", fetchesQueued="
        + fetchesQueued
        + "]";
  }

  /** Named settings for a {@link CacheStats}; every figure defaults to 0. Not thread-safe. */
  public static final class Builder {
    private long origins;
    private long weightBytes;
    private int fetchesActive;
    private int fetchesQueued;

    private Builder() {}

    /**
     * The approximate number of origins with an entry.
     *
     * @param origins the count
     * @return this builder
     */
    public Builder origins(long origins) {
      this.origins = origins;
      return this;
    }

    /**
     * The summed estimated weight of the entries.
     *
     * @param weightBytes bytes
     * @return this builder
     */
    public Builder weightBytes(long weightBytes) {
      this.weightBytes = weightBytes;
      return this;
    }

    /**
     * Fetches running.
     *
     * @param fetchesActive the count
     * @return this builder
     */
    public Builder fetchesActive(int fetchesActive) {
      this.fetchesActive = fetchesActive;
      return this;
    }

    /**
     * Fetches waiting for a slot in the fetcher.
     *
     * @param fetchesQueued the count
     * @return this builder
     */
    public Builder fetchesQueued(int fetchesQueued) {
      this.fetchesQueued = fetchesQueued;
      return this;
    }

    /**
     * The snapshot.
     *
     * @return a new snapshot
     */
    public CacheStats build() {
      return new CacheStats(this);
    }
  }
}
