package io.github.reactiverobots.redis.testing;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real {@code redis-server} for a test class, on a free loopback port below the ephemeral range,
 * with no persistence ({@code --save ''}, {@code --appendonly no}) in a temporary directory. It can
 * be killed, paused ({@code SIGSTOP}), resumed ({@code SIGCONT}) and started again, empty, on the
 * same port. Readiness is Redis's own "Ready to accept connections" line, read from its output.
 * Without {@code redis-server} a test is skipped, unless the environment variable {@code CI} is
 * set: then it fails. Call from test threads only (it waits for processes).
 *
 * <p>Outside JUnit (the bench's crawl simulator, which ships this class without JUnit) only {@link
 * #installed()}, {@link #start(Path)} and the instance methods apply: nothing of this class but
 * {@link #perClass()} and {@link #start()} touches JUnit.
 */
public final class RedisServer implements AutoCloseable {
  private static final long READY_SECONDS = 20;

  /** Ports tried before giving up when each turns out taken by the time redis-server binds it. */
  private static final int PORT_ATTEMPTS = 5;

  /** The lowest port {@link #freePort} draws; it draws below the ephemeral range. */
  private static final int LOWEST_PORT = 10_000;

  private static final int DEFAULT_EPHEMERAL_START = 32_768;

  private final Path executable;
  private final Path dir;
  private int port;

  /** The cluster bus port, or 0 for a server outside a cluster. */
  private int busPort;

  private final List<String> extraArgs;
  private Process process;
  private RedisClient client;
  private StatefulRedisConnection<String, byte[]> connection;

  private RedisServer(Path executable, Path dir, int port, int busPort, List<String> extraArgs) {
    this.executable = executable;
    this.dir = dir;
    this.port = port;
    this.busPort = busPort;
    this.extraArgs = List.copyOf(extraArgs);
  }

  /**
   * One server for a test class, started before its first test and stopped after its last:
   * {@code @RegisterExtension static final RedisServer.PerClass REDIS = RedisServer.perClass();}.
   */
  public static PerClass perClass() {
    return new PerClass();
  }

  /** The extension of {@link #perClass()}. */
  public static final class PerClass implements BeforeAllCallback, AfterAllCallback {
    private RedisServer server;

    private PerClass() {}

    /** The class's server; started once its first test runs. */
    public RedisServer server() {
      return server;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
      server = start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws InterruptedException {
      if (server != null) {
        server.close();
      }
    }
  }

  /** Starts a server, or skips (fails under {@code CI}) when redis-server is not installed. */
  public static RedisServer start() throws IOException {
    return start(TestExecutable.require(), List.of(), false);
  }

  /**
   * Starts a server from {@code executable} (as found by {@link #installed()}), without JUnit.
   *
   * @throws IllegalStateException when it does not start (no free port in a few attempts, or it
   *     exits or is not ready within 20 s)
   */
  public static RedisServer start(Path executable) throws IOException {
    return start(executable, List.of(), false);
  }

  /**
   * Starts a server with {@code extraArgs} added to its command line.
   *
   * @param clusterBus whether it is a cluster's node, whose bus port ({@code --cluster-port}) is
   *     chosen here too
   */
  static RedisServer start(Path executable, List<String> extraArgs, boolean clusterBus)
      throws IOException {
    RedisServer server =
        new RedisServer(
            executable,
            Files.createTempDirectory("redis-test"),
            freePort(),
            clusterBus ? freePort() : 0,
            extraArgs);
    // redis-server cannot pick a port itself (--port 0 means no TCP listener), so a port found
    // free may be taken again before it binds (its own or its cluster bus port): then it exits at
    // once, and other ports are tried.
    for (int attempt = 1; ; attempt++) {
      try {
        server.launch();
        return server;
      } catch (PortTakenException e) {
        if (attempt == PORT_ATTEMPTS) {
          throw new IllegalStateException(
              "redis-server found no free port in " + attempt + " attempts", e);
        }
        server.port = freePort();
        server.busPort = clusterBus ? freePort() : 0;
      }
    }
  }

  /** redis-server exited because its port was taken. */
  private static final class PortTakenException extends RuntimeException {
    PortTakenException(String output) {
      super(output);
    }
  }

  /** The redis-server on the PATH, else Debian's {@code /usr/bin/redis-server}, if either is. */
  public static Optional<Path> installed() {
    String path = System.getenv("PATH");
    for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
      Path candidate = Path.of(dir.isEmpty() ? "." : dir, "redis-server");
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    Path debian = Path.of("/usr/bin/redis-server");
    return Files.isExecutable(debian) ? Optional.of(debian) : Optional.empty();
  }

  /**
   * A port that was free a moment ago on 127.0.0.1 (redis-server cannot take port 0), drawn below
   * the kernel's ephemeral range. A port of that range can be handed to another socket as soon as
   * it is released: another process binding port 0, or the local end of any outgoing connection,
   * including a client that reconnects to this very port while the server is killed and restarted
   * (which then connects to itself and holds the port, so the restart fails). Below the range only
   * an explicit bind can take it.
   */
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

  /**
   * The first port of the ephemeral range (Linux's setting when readable). Read in one buffered
   * read: the file reports a size of 0, so {@code Files.readString} reads one byte, then the rest
   * from offset 1, where Linux's sysctl files answer end of file: it read "3", which put every port
   * drawn in the ephemeral range.
   */
  static int ephemeralStart() {
    try (BufferedReader in =
        Files.newBufferedReader(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))) {
      String range = in.readLine();
      return Integer.parseInt(range.trim().split("\\s+")[0]);
    } catch (IOException | RuntimeException e) {
      return DEFAULT_EPHEMERAL_START;
    }
  }

  public String uri() {
    return "redis://127.0.0.1:" + port;
  }

  /**
   * Synchronous commands (string keys, byte values) on a connection of the test's own, opened on
   * first use and closed with the server: to look at or tamper with what a store wrote.
   */
  public synchronized RedisCommands<String, byte[]> commands() {
    if (connection == null) {
      client = RedisClient.create(uri());
      connection = client.connect(RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE));
    }
    return connection.sync();
  }

  /** The port it listens on, on 127.0.0.1. */
  public int port() {
    return port;
  }

  private void launch() {
    List<String> command =
        new java.util.ArrayList<>(
            List.of(
                executable.toString(),
                "--port",
                Integer.toString(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                dir.toString(),
                "--protected-mode",
                "yes"));
    if (busPort != 0) {
      command.addAll(List.of("--cluster-port", Integer.toString(busPort)));
    }
    command.addAll(extraArgs);
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    CompletableFuture<Boolean> ready = new CompletableFuture<>();
    try {
      process = pb.start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Process p = process;
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                StringBuilder seen = new StringBuilder();
                for (String line; (line = in.readLine()) != null; ) {
                  if (!ready.isDone()) {
                    seen.append(line).append('\n');
                  }
                  if (line.contains("Ready to accept connections")) {
                    ready.complete(true);
                  }
                }
                String output = seen.toString();
                ready.completeExceptionally(
                    output.contains("Address already in use")
                        ? new PortTakenException(output)
                        : new IllegalStateException("redis-server exited:\n" + output));
              } catch (IOException e) {
                ready.completeExceptionally(e);
              }
            },
            "redis-server-output");
    reader.setDaemon(true);
    reader.start();
    try {
      ready.get(READY_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      p.destroyForcibly();
      if (e.getCause() instanceof PortTakenException taken) {
        throw taken;
      }
      throw new IllegalStateException("redis-server did not start on port " + port, e);
    } catch (Exception e) {
      p.destroyForcibly();
      throw new IllegalStateException("redis-server did not start on port " + port, e);
    }
  }

  /** Whether its process is running. */
  boolean alive() {
    return process != null && process.isAlive();
  }

  /** Kills the server at once ({@code SIGKILL}), as a crash would. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(READY_SECONDS, TimeUnit.SECONDS);
  }

  /** Starts a new, empty server on the same port. */
  public void restart() throws InterruptedException {
    if (process.isAlive()) {
      kill();
    }
    launch();
  }

  /** Freezes the server ({@code SIGSTOP}): connections stay open, nothing is answered. */
  public void pause() throws IOException, InterruptedException {
    signal("STOP");
  }

  /** Thaws a paused server ({@code SIGCONT}). */
  public void resume() throws IOException, InterruptedException {
    signal("CONT");
  }

  private void signal(String name) throws IOException, InterruptedException {
    Process kill =
        new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
    if (!kill.waitFor(READY_SECONDS, TimeUnit.SECONDS) || kill.exitValue() != 0) {
      throw new IllegalStateException("kill -" + name + " failed");
    }
  }

  @Override
  public void close() throws InterruptedException {
    synchronized (this) {
      if (connection != null) {
        connection.close();
        client.shutdown();
      }
    }
    if (process != null && process.isAlive()) {
      signalQuietly();
      process.destroy();
      if (!process.waitFor(READY_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(READY_SECONDS, TimeUnit.SECONDS);
      }
    }
    deleteDirectory();
  }

  /** The server's working directory: its config, log and data; removed by {@link #close}. */
  Path dir() {
    return dir;
  }

  /** Removes the working directory, what is left of it when a file cannot be removed. */
  private void deleteDirectory() {
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(RedisServer::deleteQuietly);
    } catch (IOException | UncheckedIOException e) {
      // Already gone, or unreadable: a leftover temporary directory, nothing a test depends on.
    }
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // Left behind; the walk goes on with the rest.
    }
  }

  /** A paused server cannot act on SIGTERM: thaw it first. */
  private void signalQuietly() throws InterruptedException {
    try {
      resume();
    } catch (IOException | IllegalStateException e) {
      // already running
    }
  }
}
