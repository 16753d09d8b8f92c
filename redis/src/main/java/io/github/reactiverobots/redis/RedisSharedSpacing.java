package io.github.reactiverobots.redis;

import io.github.reactiverobots.pacing.PacerBuilder;
import io.github.reactiverobots.pacing.SharedSpacing;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.reactive.RedisScriptingReactiveCommands;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * A fleet's {@link SharedSpacing} on Redis, standalone or cluster: one hash per origin, under
 * {@code <prefix>{<origin>}} (the origin is the hash tag, so everything about an origin lives in
 * one cluster slot), changed only by two Lua scripts of one key each, sent with {@code EVALSHA}
 * (and {@code EVAL} when Redis does not know the script yet).
 *
 * <p>The hash holds the origin's next slot ({@code n}) and one field per slot held ({@code
 * h:<holder>}, its lease's end), in microseconds of the ledger's clock: Redis's own {@code TIME} by
 * default, so workers whose clocks differ still agree. The reserve script forgets the leases that
 * ran out, answers how long to wait when the origin's {@code visit-time} window is closed (UTC),
 * when as many slots as the origin's concurrency are held (at most the interval, at least 10 ms,
 * before asking again) or when the next slot is later; otherwise it records the holder's lease and
 * moves the next slot to now plus the interval. The finish script drops the holder's lease and
 * keeps the next slot at least the pause from now: the latest and longest pause any worker reported
 * wins. Each script sets the key to expire when neither the next slot nor a lease constrains the
 * origin any more, so Redis holds only active origins.
 *
 * <pre>{@code
 * RedisSharedSpacing spacing = RedisSharedSpacing.builder().uri("redis://redis:6379").build();
 * Pacer pacer = Pacer.builder(robots).sharedSpacing(spacing).build();
 * }</pre>
 *
 * <p>Faults: built from a URI, the connection fails commands at once while it is down (Lettuce's
 * {@code REJECT_COMMANDS}) and reconnects on its own; the pacer falls back to its local rules for a
 * call that fails or answers after its {@link PacerBuilder#sharedSpacingWait}. Commands are sent
 * from this ledger's own threads, never from the caller's. Thread-safe.
 */
public final class RedisSharedSpacing implements SharedSpacing, AutoCloseable {
  private final Scheduler sending =
      Schedulers.newBoundedElastic(2, 16_384, "robots-redis-pacing", 60, true);
  private final RedisScriptingReactiveCommands<String, String> commands;

  /** Closes what {@link Builder#build()} opened; null for commands given. */
  private final Runnable owned;

  private final String prefix;
  private final Clock clock;
  private final String reserveSha;
  private final String finishSha;
  private final LongAdder sent = new LongAdder();
  // Lettuce 6.8 can spin forever when a command is written while its connection closes
  // (redis/lettuce#3880): commands are written under the read side, close takes the write side.
  private final ClosingGate writing = new ClosingGate("shared spacing");

  private RedisSharedSpacing(
      Builder b, RedisScriptingReactiveCommands<String, String> commands, Runnable owned) {
    this.commands = commands;
    this.owned = owned;
    this.prefix = b.keyPrefix;
    this.clock = b.clock;
    this.reserveSha = commands.digest(PacingScripts.RESERVE);
    this.finishSha = commands.digest(PacingScripts.FINISH);
  }

  /**
   * A builder; {@link Builder#uri} or {@link Builder#commands} is required.
   *
   * @return a builder with the defaults
   */
  public static Builder builder() {
    return new Builder();
  }

  @Override
  public Mono<Duration> reserve(Origin origin, Request request) {
    Objects.requireNonNull(origin, "origin");
    String[] args = {
      now(),
      request.holder(),
      micros(request.interval()),
      micros(request.lease()),
      Integer.toString(request.concurrency()),
      request.window() == null ? "-1" : minutes(request.window().from().toSecondOfDay()),
      request.window() == null ? "-1" : minutes(request.window().to().toSecondOfDay())
    };
    return run(reserveSha, PacingScripts.RESERVE, key(origin), args)
        .map(w -> Duration.ofNanos(Math.multiplyExact(w, 1000L)));
  }

  @Override
  public Mono<Void> finish(Origin origin, String holder, Duration pause) {
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(holder, "holder");
    return run(finishSha, PacingScripts.FINISH, key(origin), now(), holder, micros(pause)).then();
  }

  /**
   * Redis commands sent so far ({@code EVALSHA}, and {@code EVAL} after a {@code NOSCRIPT}).
   *
   * @return the count
   */
  public long commandsSent() {
    return sent.sum();
  }

  /**
   * The key holding {@code origin}'s ledger.
   *
   * @param origin the origin
   * @return {@code <prefix>{<origin>}}
   */
  public String key(Origin origin) {
    return prefix + "{" + origin.key() + "}";
  }

  /**
   * Closes the connection this ledger opened (not one it was given) and its threads; a reservation
   * asked for afterwards fails, and the pacer falls back to its local rules. Throws no checked
   * exception: a try-with-resources needs no {@code catch}.
   */
  @Override
  public void close() {
    try {
      writing.close(
          () -> {
            if (owned != null) {
              owned.run();
            }
          });
    } finally {
      sending.dispose();
    }
  }

  private Mono<Long> run(String sha, String script, String key, String... args) {
    String[] keys = {key};
    return Mono.defer(
            () -> write(commands.<Long>evalsha(sha, ScriptOutputType.INTEGER, keys, args).next()))
        .onErrorResume(
            RedisNoScriptException.class,
            e ->
                Mono.defer(
                        () ->
                            write(
                                commands
                                    .<Long>eval(script, ScriptOutputType.INTEGER, keys, args)
                                    .next()))
                    .subscribeOn(sending))
        .subscribeOn(sending);
  }

  /** Writes {@code command} now, unless the ledger is closing; never waits for the lock. */
  private Mono<Long> write(Mono<Long> command) {
    return writing.send(
        Mono.defer(
            () -> {
              sent.increment();
              return command;
            }));
  }

  private String now() {
    if (clock == null) {
      return "";
    }
    Instant t = clock.instant();
    return Long.toString(
        Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000));
  }

  /** Rounded up, so that a wait is never shortened. */
  private static String micros(Duration d) {
    long whole;
    try {
      whole = d.toNanos();
    } catch (ArithmeticException e) {
      whole = Long.MAX_VALUE;
    }
    return Long.toString(whole / 1000 + (whole % 1000 == 0 ? 0 : 1));
  }

  private static String minutes(int secondOfDay) {
    return Integer.toString(secondOfDay / 60);
  }

  /** Builds a {@link RedisSharedSpacing}. Not thread-safe. */
  public static final class Builder {
    private RedisURI uri;
    private ClientResources resources;
    private RedisScriptingReactiveCommands<String, String> given;
    private String keyPrefix = "robots:pace:";
    private Clock clock;

    private Builder() {}

    /**
     * The Redis to open a connection to (closed by {@link #close()}).
     *
     * @param uri a Redis URI, e.g. {@code redis://127.0.0.1:6379}
     * @return this builder
     */
    public Builder uri(String uri) {
      this.uri = RedisURI.create(Objects.requireNonNull(uri, "uri"));
      return this;
    }

    /**
     * The client resources for the connection opened from {@link #uri}; default its own, with
     * reconnects 10 ms doubling to 1 s.
     *
     * @param resources the resources, shut down by their owner
     * @return this builder
     */
    public Builder clientResources(ClientResources resources) {
      this.resources = Objects.requireNonNull(resources, "resources");
      return this;
    }

    /**
     * Commands of a connection the caller owns, instead of {@link #uri}: a standalone connection's
     * {@code reactive()}, or a cluster connection's (keys are single and hash-tagged). Better with
     * {@code REJECT_COMMANDS} when disconnected, so that calls fail at once rather than wait in a
     * queue.
     *
     * @param commands the commands, with a String codec
     * @return this builder
     */
    public Builder commands(RedisScriptingReactiveCommands<String, String> commands) {
      this.given = Objects.requireNonNull(commands, "commands");
      return this;
    }

    /**
     * The prefix of the keys; default {@code robots:pace:}.
     *
     * @param prefix without braces
     * @return this builder
     * @throws IllegalArgumentException if it contains a brace
     */
    public Builder keyPrefix(String prefix) {
      Objects.requireNonNull(prefix, "prefix");
      if (prefix.indexOf('{') >= 0 || prefix.indexOf('}') >= 0) {
        throw new IllegalArgumentException("the key prefix must not contain braces: " + prefix);
      }
      this.keyPrefix = prefix;
      return this;
    }

    /**
     * The ledger's clock, sent with each call; default none: Redis's {@code TIME}, one clock for
     * the whole fleet. For tests on virtual time, or a fleet whose clocks are in step.
     *
     * @param clock the clock
     * @return this builder
     */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /**
     * Builds the ledger, connecting when built from a URI.
     *
     * @return the ledger
     * @throws IllegalStateException if neither a URI nor commands were given, or both
     * @throws io.lettuce.core.RedisConnectionException if Redis cannot be reached
     */
    public RedisSharedSpacing build() {
      if ((uri == null) == (given == null)) {
        throw new IllegalStateException("give either a Redis URI or commands, not both");
      }
      if (given != null) {
        return new RedisSharedSpacing(this, given, null);
      }
      ClientResources r = resources != null ? resources : RedisRobotsStoreBuilder.reconnecting();
      RedisClient client = RedisClient.create(r);
      client.setOptions(
          ClientOptions.builder()
              .autoReconnect(true)
              .publishOnScheduler(true)
              .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
              .socketOptions(SocketOptions.builder().connectTimeout(Duration.ofSeconds(2)).build())
              .timeoutOptions(TimeoutOptions.enabled(Duration.ofSeconds(5)))
              .build());
      StatefulRedisConnection<String, String> c;
      try {
        c = client.connect(StringCodec.UTF8, uri);
      } catch (RuntimeException e) {
        client.shutdown();
        if (resources == null) {
          r.shutdown();
        }
        throw e;
      }
      boolean ownResources = resources == null;
      return new RedisSharedSpacing(
          this,
          c.reactive(),
          () -> {
            c.close();
            client.shutdown();
            if (ownResources) {
              r.shutdown();
            }
          });
    }
  }
}
