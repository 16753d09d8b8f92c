package io.github.reactiverobots.redis;

import io.github.reactiverobots.core.store.RobotsStore;
import io.github.reactiverobots.core.store.RobotsStore.Lease;
import io.github.reactiverobots.core.store.RobotsStore.RejectedValueException;
import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.lettuce.core.resource.ClientResources;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * A {@link RobotsStore} on Redis, through Lettuce's reactive API: the shared robots.txt state of a
 * fleet of crawler workers, each with its own {@code RobotsCache} ({@code
 * RobotsCache.builder().store(store)}).
 *
 * <p>Keys, for an origin {@code https://example.com} and the default prefix {@code robots:}: the
 * value {@code robots:{https://example.com}}, the fetch lease {@code
 * robots:{https://example.com}:lease}, and the pub/sub channel that wakes waiters {@code
 * robots:{https://example.com}:done}. The braces are a Redis Cluster hash tag: an origin's keys
 * always share a slot, so the scripts that touch two of them work on a cluster too.
 *
 * <p>A value is kept with a TTL equal to the retention the cache asks for (the cache's own
 * retention of the entry), in a versioned binary format with a checksum (see {@code ValueFormat}):
 * bytes that are not such a value (written by something else, another format version, corrupted, or
 * written under another origin's key) are rejected, counted in {@link #rejectedValues()}, and
 * signalled as a {@link RejectedValueException}, which the cache counts and then overwrites with
 * what it fetches. A lease is a key set with {@code NX} and a {@code PX} expiry holding a random
 * token (a lease key found without an expiry, which no store writes, is given one when next asked
 * for, so that it cannot hold the origin for good); completing or releasing it deletes it only if
 * the token is still the caller's, atomically with the value's write (one Lua script) and a {@code
 * PUBLISH} ({@code SPUBLISH} on a cluster) to the origin's channel. Waiters subscribe to that
 * channel and re-read on each message, and on a backoff (default 50 ms doubling to 1 s) in case a
 * message is missed. A completion or release that fails is sent again on that backoff until it
 * lands or the lease would have expired, and then confirmed (the lease read again, and ended again
 * while it holds the caller's token): a lease whose end is lost holds the waiters off until it
 * expires, and on a cluster it lives on in the replica promoted after its primary was lost.
 *
 * <p>Faults: with the connection down, commands fail at once (Lettuce's {@code REJECT_COMMANDS})
 * rather than queueing, and Lettuce reconnects on its own (10 ms doubling to 1 s); a Redis that
 * hangs is cut off by the cache's store wait (and by the command timeout here, a safety net).
 * Losses and failed reconnects are counted ({@link #connectionLosses()}, {@link
 * #failedReconnects()}); the store logs one line when the first connection is lost and one when the
 * last is back, never one per attempt (Lettuce's own reconnect lines are its loggers' {@code
 * io.lettuce.core.protocol.ConnectionWatchdog} and {@code ReconnectionHandler}). On a Redis Cluster
 * ({@link Builder#uri(String)}), a primary lost makes the calls on its slots fail at once until a
 * topology refresh sees its replica promoted: each failed call starts one (at most one at a time, a
 * quarter of a second apart), besides Lettuce's periodic and adaptive refreshes, whose triggers can
 * all come before the promotion.
 *
 * <p>Threads: every command is sent from the store's own sending thread (one, with a queue of at
 * most {@value #SEND_QUEUE} commands, beyond which a command fails at once), never from the
 * subscriber's thread. Sending a command takes Lettuce's per-connection lock, which its event loop
 * holds while a connection comes up or goes down, so a sender can wait there for a moment; on a
 * Reactor or Netty thread that wait would block a non-blocking thread (and under BlockHound the
 * error it raises inside the lock leaves the lock's writer count unbalanced, after which every
 * sender spins in it for good). The thread is the store's own rather than Reactor's shared bounded
 * elastic pool, where commands queued behind other users' blocking work and a busy machine made
 * them miss the cache's store wait. No command is dispatched while the store closes: {@link
 * #close()} waits for those being dispatched and refuses later ones (an error the cache counts as a
 * failed call), since Lettuce 6.8.2 can spin a sender forever when a command is written while the
 * connection's close holds its exclusive lock (redis/lettuce#3880). Results are emitted on
 * Lettuce's computation threads. Thread-safe; nothing blocks except {@link Builder#build()} and
 * {@link #close()}.
 */
public final class RedisRobotsStore implements RobotsStore, AutoCloseable {
  /** Threads sending commands. */
  static final int SENDERS = 4;

  /** Commands queued for each sending thread at most. */
  static final int SEND_QUEUE = 16_384;

  private final Scheduler sending =
      Schedulers.newBoundedElastic(SENDERS, SEND_QUEUE, "robots-redis-send", 60, true);
  private final ClientResources ownResources;
  private final RedisConnection redis;

  /** No command is dispatched while the connection closes (redis/lettuce#3880). */
  private final ClosingGate gate = new ClosingGate("robots store");

  private final ConnectionWatch watch;
  private final StoreScripts scripts;
  private final String prefix;
  private final ValueWait waiting;
  private final LeaseEnds ends;
  private final ValueReads reads = new ValueReads();

  RedisRobotsStore(RedisRobotsStoreBuilder b) {
    ClientResources resources = b.resources();
    this.ownResources = b.resources == null ? resources : null;
    this.prefix = b.keyPrefix;
    this.waiting = new ValueWait(b.clock, b.backoffMin, b.backoffMax);
    this.watch = new ConnectionWatch(resources);
    try {
      this.redis = RedisConnection.open(b, resources, Schedulers.single(sending));
    } catch (RuntimeException e) {
      watch.close();
      shutdown();
      throw e;
    }
    this.scripts = new StoreScripts(redis);
    this.ends =
        new LeaseEnds(this::send, key -> redis.get(key), gate::closed, b.backoffMin, b.backoffMax);
  }

  /**
   * A builder; {@link Builder#uri(String)} is required.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new RedisRobotsStoreBuilder();
  }

  /** Builds a {@link RedisRobotsStore}. Not thread-safe. */
  public sealed interface Builder permits RedisRobotsStoreBuilder {
    /**
     * The Redis server, as a Lettuce URI ({@code redis://127.0.0.1:6379/0}, {@code rediss://...}
     * for TLS, a password or database in the URI); or a Redis Cluster, as {@code redis+cluster://}
     * (or {@code rediss+cluster://}) followed by one or more seed nodes, comma-separated, sharing
     * the URI's user information and options ({@code
     * redis+cluster://:password@10.0.0.1:6379,10.0.0.2:6379}): the store then uses Lettuce's
     * cluster client, keys go to their slot's primary, notifications use sharded pub/sub ({@code
     * SSUBSCRIBE}/{@code SPUBLISH}, Redis 7 or later) and the topology is refreshed periodically
     * and on Lettuce's adaptive triggers; required.
     *
     * @param uri the URI
     * @return this builder
     * @throws IllegalArgumentException if it is not a Redis URI
     */
    Builder uri(String uri);

    /**
     * On a Redis Cluster, how often the topology is read again even when nothing triggered it (a
     * redirect or a lost node triggers a refresh at once); default 10 s. Ignored standalone.
     *
     * @param period the period, positive
     * @return this builder
     * @throws IllegalArgumentException if it is not positive
     */
    Builder clusterRefreshPeriod(Duration period);

    /**
     * Lettuce's client resources (threads, event bus, reconnect delay) to share with other clients;
     * default the store's own, which it shuts down on {@link #close()}.
     *
     * @param resources the resources; not shut down by the store
     * @return this builder
     */
    Builder clientResources(ClientResources resources);

    /**
     * The prefix of every key and channel; default {@code robots:}. Give each fleet (or each
     * crawler identity with its own settings) its own.
     *
     * @param prefix the prefix, without braces
     * @return this builder
     * @throws IllegalArgumentException if it contains a brace (it would break the hash tags)
     */
    Builder keyPrefix(String prefix);

    /**
     * The clock that decides whether a value read while waiting is fresh; default {@link
     * Clock#systemUTC()}.
     *
     * @param clock the clock
     * @return this builder
     */
    Builder clock(Clock clock);

    /**
     * Lettuce's own timeout per command, a safety net behind the cache's store wait; default 5 s.
     *
     * @param timeout the timeout, positive
     * @return this builder
     * @throws IllegalArgumentException if it is not positive
     */
    Builder commandTimeout(Duration timeout);

    /**
     * The backoff of a waiter's fallback re-reads (in case a notification is lost), and of a
     * lease's completion or release sent again after it failed: {@code min} doubling to {@code
     * max}; default 50 ms to 1 s.
     *
     * @param min the first delay, positive
     * @param max the longest delay, at least {@code min}
     * @return this builder
     * @throws IllegalArgumentException if either is not positive or {@code min > max}
     */
    Builder waitBackoff(Duration min, Duration max);

    /**
     * Connects (blocking: call at start-up, never on a Reactor or Netty thread).
     *
     * @return the store
     * @throws IllegalStateException if no URI was given
     * @throws io.lettuce.core.RedisConnectionException if Redis cannot be reached
     */
    RedisRobotsStore build();
  }

  @Override
  public Mono<StoredRobots> get(Origin origin) {
    return send(() -> redis.get(valueKey(origin))).map(bytes -> reads.decode(origin, bytes));
  }

  @Override
  public Mono<Void> put(Origin origin, StoredRobots value, Duration retention) {
    return send(
        () ->
            scripts.put(
                valueKey(origin), ValueFormat.write(origin, value), retention, channel(origin)));
  }

  @Override
  public Mono<StoredRobots> getResource(Origin origin, String path) {
    return send(() -> redis.get(resourceKey(origin, path)))
        .map(bytes -> reads.decode(origin, bytes));
  }

  @Override
  public Mono<Void> putResource(
      Origin origin, String path, StoredRobots value, Duration retention) {
    return send(() ->
            redis.psetex(
                resourceKey(origin, path),
                Math.max(1, retention.toMillis()),
                ValueFormat.write(origin, value)))
        .then();
  }

  @Override
  public Mono<Lease> acquire(Origin origin, Duration duration) {
    return Mono.defer(
        () -> {
          String token = ends.token(duration);
          return send(() -> scripts.acquire(origin, leaseKey(origin), token, duration));
        });
  }

  @Override
  public Mono<Void> complete(Lease lease, StoredRobots value, Duration retention) {
    requireGranted(lease);
    Origin origin = lease.origin();
    return ends.end(
        lease,
        leaseKey(origin),
        () ->
            scripts.complete(
                valueKey(origin),
                leaseKey(origin),
                ValueFormat.write(origin, value),
                retention,
                lease.token(),
                channel(origin)));
  }

  @Override
  public Mono<Void> release(Lease lease) {
    requireGranted(lease);
    Origin origin = lease.origin();
    return ends.end(
        lease,
        leaseKey(origin),
        () -> scripts.release(leaseKey(origin), lease.token(), channel(origin)));
  }

  /** Sends a command as the store sends every command: on its sending threads, through its gate. */
  @FunctionalInterface
  interface Sender {
    <T> Mono<T> send(Supplier<Mono<T>> command);
  }

  /** Ends of leases sent again so far, after a failure or a confirmation that found one held. */
  long leaseEndRetries() {
    return ends.retries();
  }

  @Override
  public Mono<StoredRobots> awaitValue(Origin origin, Duration maxWait) {
    return waiting.await(
        redis.notifications().on(channel(origin)),
        send(() -> redis.exists(leaseKey(origin))),
        get(origin),
        maxWait);
  }

  /**
   * A command, sent (subscribed and requested) on the sending thread: see the class comment on
   * threads.
   */
  private <T> Mono<T> send(Supplier<Mono<T>> command) {
    return Mono.defer(() -> gate.send(command.get())).subscribeOn(sending);
  }

  /**
   * Values read and rejected so far: bytes that were not a value of this format (foreign, another
   * version, corrupted, or under another origin's key).
   *
   * @return the count
   */
  public long rejectedValues() {
    return reads.rejected();
  }

  /**
   * On a Redis Cluster, the id of the primary that holds {@code origin}'s keys (its slot's node in
   * the client's current topology), so that a lost primary turns off only its own origins in a
   * cache's cool-down; standalone, one shard.
   *
   * @param origin the origin
   * @return the node's id, or "" standalone
   */
  @Override
  public String shard(Origin origin) {
    return redis.nodeOf(origin.key());
  }

  /**
   * The key a value of {@code origin} is stored under.
   *
   * @param origin the origin
   * @return the key: the prefix, then the origin's key in braces (a hash tag)
   */
  public String valueKey(Origin origin) {
    return prefix + "{" + origin.key() + "}";
  }

  /** The key of another of the origin's resources: in the origin's slot, beside its value. */
  String resourceKey(Origin origin, String path) {
    return valueKey(origin) + ":" + path;
  }

  String leaseKey(Origin origin) {
    return valueKey(origin) + ":lease";
  }

  String channel(Origin origin) {
    return valueKey(origin) + ":done";
  }

  /**
   * Losses of a Redis node's connections so far (on the client resources the store uses), a node
   * counted once per outage however many connections and attempts it took: each loss is counted
   * here, and only the first loss and the last recovery of a run of them are logged.
   *
   * @return the count
   */
  public long connectionLosses() {
    return watch.losses();
  }

  /**
   * Reconnect attempts that failed so far (on the client resources the store uses); counted, not
   * logged.
   *
   * @return the count
   */
  public long failedReconnects() {
    return watch.failedReconnects();
  }

  /**
   * Values read and rejected so far because another version of the format wrote them (a fleet in
   * the middle of a rolling upgrade, say); included in {@link #rejectedValues()}.
   *
   * @return the count
   */
  public long otherVersionValues() {
    return reads.otherVersions();
  }

  private static void requireGranted(Lease lease) {
    if (!lease.granted()) {
      throw new IllegalArgumentException("the lease on " + lease.origin() + " is not held");
    }
  }

  /** Closes the connections, and the client with its resources when the store created them. */
  @Override
  public void close() {
    watch.close();
    gate.close(redis::close);
    shutdown();
  }

  private void shutdown() {
    if (ownResources != null) {
      ownResources.shutdown();
    }
    sending.dispose();
  }
}
