package io.github.reactiverobots.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.pacing.Pacer;
import io.github.reactiverobots.pacing.SharedSpacing.Request;
import io.github.reactiverobots.redis.testing.RedisCluster;
import io.github.reactiverobots.redis.testing.RedisServer;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Shared spacing on a real Redis Cluster (three primaries, three replicas, on loopback), on virtual
 * time as {@link RedisSharedSpacingTest}: two workers, each a pacer whose {@link
 * RedisSharedSpacing} has its own cluster connection, crawl origins whose ledgers hash to every
 * primary; each origin is spaced fleet-wide as one pacer would space it (the longest rule wins, a
 * {@code Retry-After} one worker saw holds the other), and each origin's ledger is one key on its
 * own slot's primary.
 */
class RedisClusterSharedSpacingTest {
  private static final Instant NOON = Instant.parse("2026-03-01T12:00:00Z");
  private static final String PREFIX = "robots:pace:";

  @RegisterExtension static final RedisCluster.PerClass CLUSTER = RedisCluster.perClass();
  private static ClientResources resources;
  private static RedisClusterClient client;
  private final List<StatefulRedisClusterConnection<String, String>> connections =
      new ArrayList<>();

  @BeforeAll
  static void connect() {
    resources = ClientResources.create();
    List<RedisURI> seeds =
        Stream.of(CLUSTER.cluster().uri().substring("redis+cluster://".length()).split(","))
            .map(hostPort -> RedisURI.create("redis://" + hostPort))
            .toList();
    client = RedisClusterClient.create(resources, seeds);
    client.setOptions(
        ClusterClientOptions.builder()
            .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
            .build());
  }

  @AfterAll
  static void shutdown() {
    if (client != null) {
      client.shutdown();
    }
    if (resources != null) {
      resources.shutdown();
    }
  }

  @AfterEach
  void closeConnections() {
    connections.forEach(StatefulRedisClusterConnection::close);
  }

  /** A ledger on a cluster connection of its own, as a worker of a fleet would have. */
  private RedisSharedSpacing ledger(Clock clock) {
    StatefulRedisClusterConnection<String, String> c = client.connect(StringCodec.UTF8);
    connections.add(c);
    return RedisSharedSpacing.builder().commands(c.reactive()).clock(clock).build();
  }

  /**
   * One origin host per primary (the first of {@code <stem>0.test}, {@code <stem>1.test}, ... whose
   * ledger key hashes to a primary not yet taken), so that a test covers every shard.
   */
  private static List<String> oneOriginPerPrimary(String stem) {
    List<String> hosts = new ArrayList<>();
    Set<String> primaries = new HashSet<>();
    for (int i = 0; i < 1_000 && hosts.size() < 3; i++) {
      String host = stem + i + ".test";
      if (primaries.add(CLUSTER.cluster().primaryOf(key(host)).uri())) {
        hosts.add(host);
      }
    }
    assertThat(hosts).hasSize(3);
    return hosts;
  }

  private static String key(String host) {
    return PREFIX + "{http://" + host + "}";
  }

  private static List<String> pages(String host, int from, int n) {
    return IntStream.range(from, from + n).mapToObj(i -> "http://" + host + "/page" + i).toList();
  }

  private static List<Long> seconds(long... s) {
    return java.util.Arrays.stream(s).map(v -> v * 1000).boxed().toList();
  }

  @Test
  void twoWorkersSpaceOriginsOnEveryShardAsOnePacerWould() throws Exception {
    List<String> hosts = oneOriginPerPrimary("spaced");
    String slow = hosts.get(0);
    String delayed = hosts.get(1);
    String open = hosts.get(2);
    try (SharedPacingFleet fleet =
        new SharedPacingFleet(this::ledger, NOON)
            .serve("http://" + slow, "User-agent: *\nCrawl-delay: 3\nRequest-rate: 1/5s\n")
            .serve("http://" + delayed, "User-agent: *\nCrawl-delay: 2\n")
            .serve("http://" + open, "User-agent: *\nDisallow:\n")) {
      Pacer a = fleet.worker(b -> b.minimumDelay(Duration.ofSeconds(1)));
      Pacer b = fleet.worker(b2 -> b2.minimumDelay(Duration.ofSeconds(1)));
      fleet.crawl(
          "a",
          a,
          Stream.of(slow, delayed, open).flatMap(h -> pages(h, 0, 3).stream()).toList(),
          200,
          null);
      fleet.crawl(
          "b",
          b,
          Stream.of(slow, delayed, open).flatMap(h -> pages(h, 3, 3).stream()).toList(),
          200,
          null);

      fleet.advance(Duration.ofSeconds(30));

      assertThat(fleet.releaseTimes(slow))
          .as(
              "releases of %s (fallbacks: a %d, b %d; failed ledger calls: %s)",
              slow, a.sharedSpacingFallbacks(), b.sharedSpacingFallbacks(), fleet.failures)
          .isEqualTo(seconds(0, 5, 10, 15, 20, 25));
      assertThat(fleet.releaseTimes(delayed)).isEqualTo(seconds(0, 2, 4, 6, 8, 10));
      assertThat(fleet.releaseTimes(open)).isEqualTo(seconds(0, 1, 2, 3, 4, 5));
      for (String host : hosts) {
        assertThat(fleet.workersOf(host)).as(host).containsExactly("a", "b");
      }
      assertThat(a.sharedSpacingFallbacks() + b.sharedSpacingFallbacks())
          .as("fallbacks (failed ledger calls: %s)", fleet.failures)
          .isZero();
    }
  }

  @Test
  void aRetryAfterOneWorkerSawHoldsTheOtherOnEveryShard() throws Exception {
    List<String> hosts = oneOriginPerPrimary("busy");
    try (SharedPacingFleet fleet = new SharedPacingFleet(this::ledger, NOON)) {
      for (String host : hosts) {
        fleet.serve("http://" + host, "User-agent: *\nDisallow:\n");
      }
      Pacer a = fleet.worker(b -> b);
      Pacer b = fleet.worker(b2 -> b2);
      for (String host : hosts) {
        fleet.crawl("a", a, pages(host, 0, 1), 503, "120");
      }
      fleet.advance(Duration.ofMillis(500));
      for (String host : hosts) {
        fleet.crawl("b", b, pages(host, 1, 2), 503, "30");
      }

      fleet.advance(Duration.ofSeconds(200));

      // b waits out a's 120 s; its own 503 then asks for 30 s, which its second page keeps.
      for (String host : hosts) {
        assertThat(fleet.releaseTimes(host)).as(host).isEqualTo(seconds(0, 120, 150));
        assertThat(fleet.workersOf(host)).as(host).containsExactly("a", "b");
      }
      assertThat(a.sharedSpacingFallbacks() + b.sharedSpacingFallbacks())
          .as("fallbacks (failed ledger calls: %s)", fleet.failures)
          .isZero();
    }
  }

  @Test
  void eachOriginsLedgerIsOneKeyOnItsSlotsPrimaryAndBindsEveryConnection() throws Exception {
    Clock clock = Clock.fixed(NOON, java.time.ZoneOffset.UTC);
    Request held =
        Request.builder()
            .holder("first")
            .interval(Duration.ofSeconds(30))
            .lease(Duration.ofMinutes(1))
            .build();
    try (RedisSharedSpacing first = ledger(clock);
        RedisSharedSpacing second = ledger(clock)) {
      for (String host : oneOriginPerPrimary("keyed")) {
        keyedOnItsPrimary(first, second, held, host);
      }
    }
  }

  private static void keyedOnItsPrimary(
      RedisSharedSpacing first, RedisSharedSpacing second, Request held, String host) {
    Origin origin = Origin.of("http://" + host);
    String key = first.key(origin);
    assertThat(key).isEqualTo(key(host));

    assertThat(first.reserve(origin, held).block(Duration.ofSeconds(10))).isZero();
    // The other worker's connection reaches the same key: one slot in flight fleet-wide.
    assertThat(
            second
                .reserve(
                    origin,
                    Request.builder()
                        .holder("second")
                        .interval(Duration.ofSeconds(30))
                        .lease(Duration.ofMinutes(1))
                        .build())
                .block(Duration.ofSeconds(10)))
        .isPositive();

    RedisServer primary = CLUSTER.cluster().primaryOf(key);
    assertThat(primary.commands().exists(key))
        .as("%s on slot %d's primary", key, SlotHash.getSlot(key))
        .isOne();
    assertThat(primary.commands().pttl(key)).isPositive();
    first.finish(origin, "first", Duration.ZERO).block(Duration.ofSeconds(10));
  }
}
