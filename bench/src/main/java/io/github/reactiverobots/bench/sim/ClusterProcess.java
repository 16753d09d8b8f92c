package io.github.reactiverobots.bench.sim;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A private Redis Cluster for a fleet run: six {@code redis-server} processes from the PATH on free
 * loopback ports (cluster bus ports free too, no persistence, a 1 s {@code cluster-node-timeout}),
 * joined by {@code redis-cli --cluster create --cluster-replicas 1} into three primaries with a
 * replica each. A primary can be killed ({@code SIGKILL}) and the promotion of its replica awaited.
 * Stopped on {@link #close()}. Not thread-safe: one thread drives it.
 */
final class ClusterProcess implements AutoCloseable {
  private static final Duration READY = Duration.ofSeconds(60);

  private final List<RedisProcess> nodes;

  private ClusterProcess(List<RedisProcess> nodes) {
    this.nodes = nodes;
  }

  /** Starts the six nodes and waits until every one reports {@code cluster_state:ok}. */
  static ClusterProcess start() throws IOException, InterruptedException {
    List<RedisProcess> nodes = new ArrayList<>();
    ClusterProcess cluster = new ClusterProcess(nodes);
    try {
      for (int i = 0; i < 6; i++) {
        nodes.add(
            RedisProcess.start(
                List.of(
                    "--cluster-enabled",
                    "yes",
                    "--cluster-config-file",
                    "nodes.conf",
                    "--cluster-node-timeout",
                    "1000"),
                true));
      }
      List<String> create = new ArrayList<>(List.of("redis-cli", "--cluster", "create"));
      nodes.forEach(n -> create.add("127.0.0.1:" + n.port()));
      create.addAll(List.of("--cluster-replicas", "1", "--cluster-yes"));
      String out = run(create);
      if (out == null) {
        throw new IOException("redis-cli --cluster create failed");
      }
      cluster.await("every node reports cluster_state:ok", cluster::allOk);
      return cluster;
    } catch (IOException | InterruptedException | RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  /** The {@code redis+cluster://} URI with every node as a seed. */
  String uri() {
    StringBuilder out = new StringBuilder("redis+cluster://");
    for (int i = 0; i < nodes.size(); i++) {
      out.append(i == 0 ? "" : ",").append("127.0.0.1:").append(nodes.get(i).port());
    }
    return out.toString();
  }

  /** Kills a primary that serves slots ({@code SIGKILL}) and returns its port. */
  int killPrimary() throws IOException, InterruptedException {
    String view = clusterNodes(-1);
    for (String line : view.split("\n")) {
      String[] f = line.split(" ");
      if (f.length > 8 && f[2].contains("master") && !f[2].contains("fail")) {
        int port = Integer.parseInt(f[1].substring(f[1].indexOf(':') + 1, f[1].indexOf('@')));
        for (RedisProcess n : nodes) {
          if (n.port() == port) {
            n.kill();
            return port;
          }
        }
      }
    }
    throw new IllegalStateException("no primary with slots found in:\n" + view);
  }

  /**
   * Waits (with a deadline) until the nodes alive see the killed node as failed, without slots, and
   * report {@code cluster_state:ok}: its replica serves them.
   */
  void awaitPromotion(int killed) throws InterruptedException {
    await(
        "a replica promoted in place of port " + killed,
        () -> {
          String view = clusterNodes(killed);
          if (view == null) {
            return false;
          }
          for (String line : view.split("\n")) {
            String[] f = line.split(" ");
            if (f.length > 1 && f[1].startsWith("127.0.0.1:" + killed + "@")) {
              return f[2].contains("fail") && !f[2].contains("fail?") && f.length <= 8 && allOk();
            }
          }
          return false;
        });
  }

  /** {@code CLUSTER NODES} from the first node other than {@code except}, or null. */
  private String clusterNodes(int except) {
    for (RedisProcess n : nodes) {
      if (n.port() != except) {
        String out =
            run(List.of("redis-cli", "-p", Integer.toString(n.port()), "cluster", "nodes"));
        if (out != null && !out.isBlank()) {
          return out;
        }
      }
    }
    return null;
  }

  /** Whether every node that answers reports {@code cluster_state:ok} (and one answers). */
  private boolean allOk() {
    boolean any = false;
    for (RedisProcess n : nodes) {
      String out = run(List.of("redis-cli", "-p", Integer.toString(n.port()), "cluster", "info"));
      if (out == null || out.isBlank()) {
        continue; // a node killed: nothing answers
      }
      if (!out.contains("cluster_state:ok")) {
        return false;
      }
      any = true;
    }
    return any;
  }

  /** Runs a command and returns its output, or null if it failed or ran over 10 s. */
  private static String run(List<String> command) {
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      String out;
      try (InputStream in = p.getInputStream()) {
        out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      if (!p.waitFor(10, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return null;
      }
      return p.exitValue() == 0 ? out : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  private interface Condition {
    boolean holds() throws InterruptedException;
  }

  private void await(String what, Condition done) throws InterruptedException {
    long deadline = System.nanoTime() + READY.toNanos();
    while (!done.holds()) {
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException("timed out waiting until " + what);
      }
      TimeUnit.MILLISECONDS.sleep(50); // polling interval: the condition is read again
    }
  }

  @Override
  public void close() throws InterruptedException {
    for (RedisProcess n : nodes) {
      n.close();
    }
  }
}
