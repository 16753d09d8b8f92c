package io.github.reactiverobots.bench.sim;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A redis-server from the PATH on a free loopback port, without persistence. redis-server cannot
 * pick its port (port 0 means no TCP listener), so a port is drawn, found free, and released for it
 * to bind; when it was taken meanwhile, redis-server exits at once and other ports are drawn. Ports
 * are drawn below the kernel's ephemeral range, where neither a bind to port 0 nor a connection's
 * local end can take them: a client reconnecting to a killed server while it restarts could
 * otherwise connect to itself on that port and hold it.
 */
final class RedisProcess implements AutoCloseable {
  private static final int ATTEMPTS = 5;
  private static final int LOWEST_PORT = 10_000;
  private static final int DEFAULT_EPHEMERAL_START = 32_768;

  private Process process;
  private final int port;
  private final int busPort;
  private final List<String> extraArgs;

  private RedisProcess(Process process, int port, int busPort, List<String> extraArgs) {
    this.process = process;
    this.port = port;
    this.busPort = busPort;
    this.extraArgs = extraArgs;
  }

  static RedisProcess start() throws IOException, InterruptedException {
    return start(List.of(), false);
  }

  /**
   * Started with {@code extraArgs} added to its command line; a cluster's node ({@code clusterBus})
   * gets its bus port ({@code --cluster-port}) drawn here too.
   */
  static RedisProcess start(List<String> extraArgs, boolean clusterBus)
      throws IOException, InterruptedException {
    for (int attempt = 1; ; attempt++) {
      int port = freePort();
      int busPort = clusterBus ? freePort() : 0;
      try {
        return new RedisProcess(launch(port, busPort, extraArgs), port, busPort, extraArgs);
      } catch (PortTakenException e) {
        if (attempt == ATTEMPTS) {
          throw new IOException("redis-server found no free port in " + attempt + " attempts", e);
        }
      }
    }
  }

  /** A port free a moment ago on 127.0.0.1, below the ephemeral range when it leaves room. */
  static int freePort() throws IOException {
    int below = ephemeralStart();
    if (below - LOWEST_PORT < 1_000) {
      try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
        return s.getLocalPort();
      }
    }
    for (int attempt = 0; attempt < 100; attempt++) {
      int candidate = LOWEST_PORT + ThreadLocalRandom.current().nextInt(below - LOWEST_PORT);
      try (ServerSocket s = new ServerSocket()) {
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), candidate), 1);
        return candidate;
      } catch (BindException e) {
        // taken: draw another
      }
    }
    throw new IOException("no free port in " + LOWEST_PORT + "-" + (below - 1));
  }

  /** The first port of the ephemeral range (Linux's setting when readable). */
  private static int ephemeralStart() {
    try {
      String range = Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).trim();
      return Integer.parseInt(range.split("\\s+")[0]);
    } catch (IOException | RuntimeException e) {
      return DEFAULT_EPHEMERAL_START;
    }
  }

  int port() {
    return port;
  }

  /** Stops redis-server at once (its data is lost: no persistence). */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(10, TimeUnit.SECONDS);
  }

  /** Starts a new, empty redis-server on the same ports. */
  void restart() throws IOException, InterruptedException {
    process = launch(port, busPort, extraArgs);
  }

  /** redis-server exited because a port of its was taken. */
  private static final class PortTakenException extends IOException {
    PortTakenException(String output) {
      super(output);
    }
  }

  private static Process launch(int port, int busPort, List<String> extraArgs)
      throws IOException, InterruptedException {
    Path exe = find();
    Path dir = Files.createTempDirectory("simulate-redis");
    List<String> command =
        new ArrayList<>(
            List.of(
                exe.toString(),
                "--port",
                Integer.toString(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                dir.toString()));
    if (busPort != 0) {
      command.addAll(List.of("--cluster-port", Integer.toString(busPort)));
    }
    command.addAll(extraArgs);
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    CompletableFuture<Boolean> ready = new CompletableFuture<>();
    StringBuilder seen = new StringBuilder();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                  if (!ready.isDone()) {
                    seen.append(line).append('\n');
                  }
                  if (line.contains("Ready to accept connections")) {
                    ready.complete(true);
                  }
                }
              } catch (IOException e) {
                ready.completeExceptionally(e);
              }
              ready.complete(false);
            },
            "simulate-redis-output");
    reader.setDaemon(true);
    reader.start();
    try {
      if (!ready.get(20, TimeUnit.SECONDS)) {
        String output = seen.toString();
        if (output.contains("Address already in use")) {
          throw new PortTakenException(output);
        }
        throw new IOException("redis-server exited before it was ready:\n" + output);
      }
    } catch (ExecutionException | TimeoutException e) {
      p.destroyForcibly();
      throw new IOException("redis-server did not start", e);
    }
    return p;
  }

  private static Path find() {
    String path = System.getenv("PATH");
    for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
      Path candidate = Path.of(dir.isEmpty() ? "." : dir, "redis-server");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    throw new IllegalArgumentException(
        "--workers needs redis-server on the PATH (Debian: redis-server), or --redis-url");
  }

  String uri() {
    return "redis://127.0.0.1:" + port;
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}
