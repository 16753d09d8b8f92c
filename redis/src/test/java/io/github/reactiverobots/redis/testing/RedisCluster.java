package io.github.reactiverobots.redis.testing;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real Redis Cluster for a test class: three primaries and three replicas, each a {@link
 * RedisServer} ({@code cluster-enabled yes}, a 1 s {@code cluster-node-timeout}, client and bus
 * ports free on 127.0.0.1), joined with {@code redis-cli --cluster create --cluster-replicas 1}.
 * Ready once every node reports {@code cluster_state:ok}, the three replicas are in sync and {@code
 * redis-cli --cluster check} passes, polled with a deadline. A primary can be killed ({@code
 * SIGKILL}) or frozen ({@link #pause}, {@code SIGSTOP}); {@link #awaitFailover} waits until its
 * replica was promoted and the cluster is whole again. Skipped without {@code redis-server}, or
 * failed when the environment variable {@code CI} is set. Call from test threads only (or, outside
 * JUnit, from one thread: {@link #start(Path)}).
 */
public final class RedisCluster implements AutoCloseable {
  private static final Duration READY = Duration.ofSeconds(60);

  private final List<RedisServer> nodes;

  /** Nodes frozen by {@link #pause}: the cluster's waits do not ask them. */
  private final Set<RedisServer> paused = ConcurrentHashMap.newKeySet();

  private RedisCluster(List<RedisServer> nodes) {
    this.nodes = nodes;
  }

  /**
   * One cluster for a test class: {@code @RegisterExtension static final RedisCluster.PerClass
   * CLUSTER = RedisCluster.perClass();}.
   */
  public static PerClass perClass() {
    return new PerClass();
  }

  /** The extension of {@link #perClass()}. */
  public static final class PerClass implements BeforeAllCallback, AfterAllCallback {
    private RedisCluster cluster;
    private ClientResources resources;

    private PerClass() {}

    /** The class's cluster; started once its first test runs. */
    public RedisCluster cluster() {
      return cluster;
    }

    /**
     * Client resources that reconnect within 200 ms (Lettuce's default backs off to 30 s), so a
     * client finds a failed-over shard again while a test waits; shut down after the class.
     */
    public ClientResources clientResources() {
      return resources;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
      resources =
          ClientResources.builder()
              .reconnectDelay(
                  Delay.exponential(
                      Duration.ofMillis(10), Duration.ofMillis(200), 2, TimeUnit.MILLISECONDS))
              .build();
      cluster = start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws InterruptedException {
      if (cluster != null) {
        cluster.close();
      }
      if (resources != null) {
        resources.shutdown();
      }
    }
  }

  /**
   * Starts six nodes and joins them into a cluster of three primaries with a replica each; skipped
   * (failed under {@code CI}) without redis-server.
   */
  public static RedisCluster start() throws IOException, InterruptedException {
    return start(TestExecutable.require());
  }

  /**
   * Starts six nodes from {@code executable} ({@link RedisServer#installed()}) and {@code
   * redis-cli} from the PATH, without JUnit, and joins them as {@link #start()} does.
   *
   * @throws IllegalStateException when the cluster is not formed and ready within the deadline
   */
  public static RedisCluster start(Path executable) throws IOException, InterruptedException {
    List<RedisServer> nodes = new ArrayList<>();
    RedisCluster cluster = new RedisCluster(nodes);
    try {
      for (int i = 0; i < 6; i++) {
        nodes.add(
            RedisServer.start(
                executable,
                List.of(
                    "--cluster-enabled",
                    "yes",
                    "--cluster-config-file",
                    "nodes.conf",
                    "--cluster-node-timeout",
                    "1000",
                    "--cluster-replica-validity-factor",
                    "0"),
                true));
      }
      List<String> create = new ArrayList<>(List.of("redis-cli", "--cluster", "create"));
      nodes.forEach(n -> create.add("127.0.0.1:" + n.port()));
      create.addAll(List.of("--cluster-replicas", "1", "--cluster-yes"));
      Process p = new ProcessBuilder(create).redirectErrorStream(true).start();
      String output;
      try (InputStream in = p.getInputStream()) {
        output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      if (!p.waitFor(READY.toSeconds(), TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IllegalStateException("redis-cli --cluster create failed:\n" + output);
      }
      cluster.await("every node sees the cluster ok", cluster::allOk);
      cluster.await("three replicas in sync with their primaries", () -> cluster.replicasUp() == 3);
      cluster.await("every node agrees about the slots", cluster::slotsAgreed);
      return cluster;
    } catch (IOException | InterruptedException | RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  /** A {@code redis+cluster://} URI with every node as a seed, for the store's builder. */
  public String uri() {
    StringBuilder out = new StringBuilder("redis+cluster://");
    for (int i = 0; i < nodes.size(); i++) {
      out.append(i == 0 ? "" : ",").append("127.0.0.1:").append(nodes.get(i).port());
    }
    return out.toString();
  }

  /** The node currently serving {@code key}'s slot as a primary, as a node alive can tell. */
  public RedisServer primaryOf(String key) {
    int slot = SlotHash.getSlot(key);
    for (String line : clusterNodes().split("\n")) {
      String[] f = line.split(" ");
      if (f.length < 9 || !f[2].contains("master") || f[2].contains("fail")) {
        continue;
      }
      for (int i = 8; i < f.length; i++) {
        String[] range = f[i].split("-");
        if (range[0].startsWith("[")) {
          continue;
        }
        int from = Integer.parseInt(range[0]);
        int to = range.length > 1 ? Integer.parseInt(range[1]) : from;
        if (slot >= from && slot <= to) {
          return node(Integer.parseInt(f[1].substring(f[1].indexOf(':') + 1, f[1].indexOf('@'))));
        }
      }
    }
    throw new IllegalStateException("no primary serves slot " + slot);
  }

  /**
   * Waits (with a deadline) until {@code killed}'s slots are served by a promoted replica and every
   * node alive reports {@code cluster_state:ok}.
   */
  public void awaitFailover(RedisServer killed, String key) throws InterruptedException {
    await(
        "a replica promoted in place of port " + killed.port(),
        () -> {
          try {
            return primaryOf(key) != killed && allOk();
          } catch (RuntimeException e) {
            return false;
          }
        });
  }

  /**
   * Freezes {@code node} ({@code SIGSTOP}); until {@link #resume}d the cluster's waits leave it
   * out, so that {@link #awaitFailover} waits for its replica's promotion as for a node killed.
   */
  public void pause(RedisServer node) throws IOException, InterruptedException {
    paused.add(node);
    node.pause();
  }

  /** Thaws a node {@link #pause}d ({@code SIGCONT}); nothing for a node not paused. */
  public void resume(RedisServer node) throws IOException, InterruptedException {
    if (paused.contains(node)) {
      node.resume();
      paused.remove(node);
    }
  }

  /**
   * Waits (with a deadline) until every node is back in the cluster: each reports {@code
   * cluster_state:ok}, three replicas are in sync and every node agrees about the slots.
   */
  public void awaitWhole() throws InterruptedException {
    await("every node sees the cluster ok", this::allOk);
    await("three replicas in sync with their primaries", () -> replicasUp() == 3);
    await("every node agrees about the slots", this::slotsAgreed);
  }

  /** Whether a replica answering holds {@code key} (read with {@code READONLY}). */
  public boolean replicaHas(String key) {
    for (RedisServer n : nodes) {
      String held =
          answering(n)
              ? withNode(
                  n,
                  c -> {
                    if (!c.sync().info("replication").contains("role:slave")) {
                      return null;
                    }
                    c.sync().readOnly();
                    return Long.toString(c.sync().exists(key));
                  })
              : null;
      if ("1".equals(held)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code n} runs and is not frozen. */
  private boolean answering(RedisServer n) {
    return n.alive() && !paused.contains(n);
  }

  private RedisServer node(int port) {
    return nodes.stream().filter(n -> n.port() == port).findFirst().orElseThrow();
  }

  private boolean allOk() {
    for (RedisServer n : nodes) {
      if (!answering(n)) {
        continue;
      }
      String info = withNode(n, c -> c.sync().clusterInfo());
      if (info == null || !info.contains("cluster_state:ok")) {
        return false;
      }
    }
    return true;
  }

  /** {@code redis-cli --cluster check}: every slot covered, every node of one view. */
  private boolean slotsAgreed() {
    try {
      Process p =
          new ProcessBuilder("redis-cli", "--cluster", "check", "127.0.0.1:" + nodes.get(0).port())
              .redirectErrorStream(true)
              .start();
      String out;
      try (InputStream in = p.getInputStream()) {
        out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      return p.waitFor(READY.toSeconds(), TimeUnit.SECONDS)
          && p.exitValue() == 0
          && out.contains("All nodes agree about slots configuration")
          && out.contains("All 16384 slots covered");
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private int replicasUp() {
    int up = 0;
    for (RedisServer n : nodes) {
      String info = answering(n) ? withNode(n, c -> c.sync().info("replication")) : null;
      if (info != null && info.contains("role:slave") && info.contains("master_link_status:up")) {
        up++;
      }
    }
    return up;
  }

  private String clusterNodes() {
    for (RedisServer n : nodes) {
      if (answering(n)) {
        String out = withNode(n, c -> c.sync().clusterNodes());
        if (out != null) {
          return out;
        }
      }
    }
    throw new IllegalStateException("no node alive");
  }

  /** A command on a short-lived connection of its own to {@code n}; null if it fails. */
  private static String withNode(
      RedisServer n,
      java.util.function.Function<StatefulRedisConnection<String, String>, String> command) {
    RedisClient client =
        RedisClient.create(
            RedisURI.builder()
                .withHost("127.0.0.1")
                .withPort(n.port())
                .withTimeout(Duration.ofSeconds(2))
                .build());
    try (StatefulRedisConnection<String, String> c = client.connect()) {
      return command.apply(c);
    } catch (RuntimeException e) {
      return null;
    } finally {
      client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    }
  }

  private void await(String what, BooleanSupplier done) throws InterruptedException {
    long deadline = System.nanoTime() + READY.toNanos();
    while (!done.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException("timed out waiting until " + what);
      }
      // Polling interval, not synchronisation: the condition is read again each time.
      TimeUnit.MILLISECONDS.sleep(100);
    }
  }

  @Override
  public void close() throws InterruptedException {
    for (RedisServer n : nodes) {
      n.close();
    }
  }
}
