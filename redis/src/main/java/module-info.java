/**
 * A shared robots.txt store on Redis for crawler fleets: {@link
 * io.github.reactiverobots.redis.RedisRobotsStore}, a {@code RobotsStore} on Lettuce's reactive
 * API.
 */
module io.github.reactiverobots.redis {
  requires transitive io.github.reactiverobots.core;
  requires transitive io.github.reactiverobots.pacing;
  // The builder takes Lettuce's ClientResources (event bus, reconnect delay) from its caller.
  requires transitive lettuce.core;

  exports io.github.reactiverobots.redis;
}
