package io.github.reactiverobots.spring.actuate;

import io.github.reactiverobots.core.CacheStats;
import io.github.reactiverobots.core.RobotsCache;
import java.util.Objects;
import java.util.OptionalInt;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Reports how busy the robots.txt fetcher is: fetches running ({@code active}), waiting for a slot
 * ({@code queued}), the in-flight cap ({@code capacity}, when the fetcher has one), the share of it
 * in use ({@code saturation}, 0 to 1) and whether fetches are waiting ({@code saturated}). The
 * status is always {@code UP}: a saturated fetcher queues fetches, it does not fail them, and the
 * sites crawled failing is their health, not the application's (the {@code robots.fetch} meter
 * counts their failures). Cheap and non-blocking.
 */
public class RobotsHealthIndicator implements HealthIndicator {
  private final RobotsCache cache;
  private final OptionalInt capacity;

  /**
   * An indicator over {@code cache}'s fetch figures.
   *
   * @param cache the cache whose fetcher is reported
   * @param capacity the fetcher's in-flight cap, when known
   */
  public RobotsHealthIndicator(RobotsCache cache, OptionalInt capacity) {
    this.cache = Objects.requireNonNull(cache, "cache");
    this.capacity = Objects.requireNonNull(capacity, "capacity");
  }

  /**
   * The fetcher's figures now.
   *
   * @return {@code UP} with the figures as details
   */
  @Override
  public Health health() {
    CacheStats stats = cache.stats();
    Health.Builder health =
        Health.up()
            .withDetail("active", stats.fetchesActive())
            .withDetail("queued", stats.fetchesQueued());
    capacity.ifPresent(
        cap ->
            health
                .withDetail("capacity", cap)
                .withDetail("saturation", Math.min(1.0, (double) stats.fetchesActive() / cap)));
    return health.withDetail("saturated", stats.fetchesQueued() > 0).build();
  }
}
