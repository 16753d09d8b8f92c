package io.github.reactiverobots.netty;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * Counts this process's open TCP sockets connected to a port, from {@code /proc/self/fd} (the
 * socket inodes it holds) and {@code /proc/self/net/tcp} and {@code tcp6} (each socket's remote
 * port and inode). Linux only.
 */
final class ClientSockets {
  private ClientSockets() {}

  static boolean available() {
    return Files.isDirectory(Path.of("/proc/self/fd"))
        && Files.isReadable(Path.of("/proc/self/net/tcp"));
  }

  /**
   * {@link #connectedTo} polled until it reads 0 or 10 seconds pass: a closed channel's socket
   * leaves the fd table on its event loop, a moment after {@code close()} returns.
   */
  static int awaitNoneConnectedTo(int port) {
    long deadline = System.nanoTime() + 10_000_000_000L;
    int open = connectedTo(port);
    while (open != 0 && System.nanoTime() - deadline < 0) {
      LockSupport.parkNanos(5_000_000L);
      open = connectedTo(port);
    }
    return open;
  }

  /** Open sockets of this process whose remote end is {@code port} on any address. */
  static int connectedTo(int port) {
    Set<String> held = socketInodes();
    int count = 0;
    for (String table : List.of("/proc/self/net/tcp", "/proc/self/net/tcp6")) {
      Path path = Path.of(table);
      if (!Files.isReadable(path)) {
        continue;
      }
      // Read once: the table is the whole namespace's, and other processes' sockets come and go.
      List<String> lines = read(path);
      for (String line : lines.subList(1, lines.size())) {
        String[] f = line.trim().split("\\s+");
        String remote = f[2];
        int remotePort = Integer.parseInt(remote.substring(remote.indexOf(':') + 1), 16);
        if (remotePort == port && held.contains(f[9])) {
          count++;
        }
      }
    }
    return count;
  }

  private static Set<String> socketInodes() {
    Set<String> inodes = new HashSet<>();
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      for (Path fd : (Iterable<Path>) fds::iterator) {
        try {
          String target = Files.readSymbolicLink(fd).toString();
          if (target.startsWith("socket:[")) {
            inodes.add(target.substring(8, target.length() - 1));
          }
        } catch (IOException e) {
          // closed while listed
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return inodes;
  }

  private static List<String> read(Path path) {
    try {
      return Files.readAllLines(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
