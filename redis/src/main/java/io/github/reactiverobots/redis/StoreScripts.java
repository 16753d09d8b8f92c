package io.github.reactiverobots.redis;

import io.github.reactiverobots.core.store.RobotsStore.Lease;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.lettuce.core.ScriptOutputType;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * The Lua scripts of {@link RedisRobotsStore} and the commands that run them on its connection:
 * taking a lease, writing a value, and completing or releasing a lease, each one script on the keys
 * of one origin (one slot). The commands are built here, not sent: the store sends them from its
 * own threads. Thread-safe.
 */
final class StoreScripts {
  /**
   * Takes the lease: {@code {1, 0}} when granted, else {@code {0, milliseconds left}}. A lease key
   * found without an expiry (left by something else) is given the lease time, so that it ends.
   */
  private static final String ACQUIRE =
      "if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return {1, 0} end\n"
          + "local left = redis.call('PTTL', KEYS[1])\n"
          + "if left < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) left = tonumber(ARGV[2]) end\n"
          + "return {0, left}";

  // The scripts below publish with PUBLISH (standalone) or SPUBLISH (cluster), given as "%s".
  private static final String PUT =
      "redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])\n"
          + "redis.call('%s', ARGV[3], 'put')\n"
          + "return 1";
  private static final String COMPLETE =
      "redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])\n"
          + "if redis.call('GET', KEYS[2]) == ARGV[3] then redis.call('DEL', KEYS[2]) end\n"
          + "redis.call('%s', ARGV[4], 'done')\n"
          + "return 1";
  private static final String RELEASE =
      "if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end\n"
          + "redis.call('%s', ARGV[2], 'released')\n"
          + "return 1";

  private final RedisConnection redis;
  private final String put;
  private final String complete;
  private final String release;

  StoreScripts(RedisConnection redis) {
    this.redis = redis;
    this.put = PUT.formatted(redis.publishCommand());
    this.complete = COMPLETE.formatted(redis.publishCommand());
    this.release = RELEASE.formatted(redis.publishCommand());
  }

  /** Takes {@code origin}'s lease under {@code leaseKey} for {@code token}, if free. */
  Mono<Lease> acquire(Origin origin, String leaseKey, String token, Duration duration) {
    return redis
        .<List<Object>>eval(
            ACQUIRE, ScriptOutputType.MULTI, new String[] {leaseKey}, utf8(token), millis(duration))
        .next()
        .map(answer -> granted(origin, token, answer));
  }

  /** Writes {@code value} under {@code valueKey} and publishes on {@code channel}. */
  Mono<Void> put(String valueKey, byte[] value, Duration retention, String channel) {
    return redis
        .<Long>eval(
            put,
            ScriptOutputType.INTEGER,
            new String[] {valueKey},
            value,
            millis(retention),
            utf8(channel))
        .then();
  }

  /**
   * Writes {@code value}, deletes the lease if {@code token} still holds it, and publishes, as one
   * step.
   */
  Mono<Void> complete(
      String valueKey,
      String leaseKey,
      byte[] value,
      Duration retention,
      String token,
      String channel) {
    return redis
        .<Long>eval(
            complete,
            ScriptOutputType.INTEGER,
            new String[] {valueKey, leaseKey},
            value,
            millis(retention),
            utf8(token),
            utf8(channel))
        .then();
  }

  /** Deletes the lease if {@code token} still holds it, and publishes. */
  Mono<Void> release(String leaseKey, String token, String channel) {
    return redis
        .<Long>eval(
            release, ScriptOutputType.INTEGER, new String[] {leaseKey}, utf8(token), utf8(channel))
        .then();
  }

  /** The lease {@link #ACQUIRE} answered: granted only on its explicit flag. */
  private static Lease granted(Origin origin, String token, List<Object> answer) {
    if (answer.size() == 2
        && answer.get(0) instanceof Long flag
        && answer.get(1) instanceof Long left) {
      return flag == 1
          ? Lease.granted(origin, token)
          : Lease.heldElsewhere(origin, Duration.ofMillis(Math.max(0, left)));
    }
    throw new IllegalStateException("unexpected answer to the lease script: " + answer);
  }

  private static byte[] millis(Duration d) {
    return utf8(Long.toString(Math.max(1, d.toMillis())));
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
