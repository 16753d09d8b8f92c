package io.github.reactiverobots.tester;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A raw HTTP/1.1 client on a loopback socket, for requests no HTTP client library sends (a false
 * Content-Length, a stalled body, malformed lines). Every read has a deadline. Not thread-safe but
 * for {@link #send} from one other thread while {@link #readAll} runs.
 */
final class RawHttp implements AutoCloseable {
  private final Socket socket;

  private RawHttp(Socket socket) {
    this.socket = socket;
  }

  /** Connects to 127.0.0.1:{@code port}; every read waits at most {@code deadline}. */
  static RawHttp connect(int port, Duration deadline) throws IOException {
    Socket s = new Socket();
    s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 10_000);
    s.setSoTimeout((int) deadline.toMillis());
    return new RawHttp(s);
  }

  /** The head of a request to the page's analyze endpoint, with {@code extra} header lines. */
  static String analyzeHead(int port, String extra) {
    return "POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1:"
        + port
        + "\r\nX-Robots-Tester: 1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        + extra
        + "\r\n";
  }

  void send(String text) throws IOException {
    send(text.getBytes(StandardCharsets.ISO_8859_1));
  }

  void send(byte[] bytes) throws IOException {
    socket.getOutputStream().write(bytes);
    socket.getOutputStream().flush();
  }

  /**
   * Everything the server sends until it closes the connection (or resets it, after sending).
   *
   * @throws SocketTimeoutException when the server neither sends nor closes within the deadline
   */
  String readAll() throws IOException {
    ByteArrayOutputStream got = new ByteArrayOutputStream();
    InputStream in = socket.getInputStream();
    byte[] buf = new byte[8192];
    try {
      for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
        got.write(buf, 0, n);
      }
    } catch (SocketTimeoutException e) {
      throw e;
    } catch (IOException reset) {
      if (got.size() == 0) {
        throw reset;
      }
    }
    return got.toString(StandardCharsets.ISO_8859_1);
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
