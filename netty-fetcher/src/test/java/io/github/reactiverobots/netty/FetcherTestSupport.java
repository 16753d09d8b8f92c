package io.github.reactiverobots.netty;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.RobotsCacheBuilder;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.netty.testing.TestResolver;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/** Shared helpers: a fetcher that resolves only {@code *.test} names, and blocking test calls. */
abstract class FetcherTestSupport {
  static final String AGENT = "TestBot/1.0 (+http://bot.test/about)";
  static final Duration WAIT = Duration.ofSeconds(30);
  static final String ROBOTS = "User-agent: *\nDisallow: /private\nAllow: /private/ok\n";

  final TestResolver resolver = new TestResolver();
  private final List<AutoCloseable> closeables = new ArrayList<>();

  NettyRobotsFetcherBuilder fetcherBuilder() {
    return NettyRobotsFetcher.builder()
        .userAgent(AGENT)
        .resolver(resolver)
        .addressPolicy(AddressPolicy.permitAll())
        .deadline(Duration.ofSeconds(10));
  }

  NettyRobotsFetcher fetcher(NettyRobotsFetcherBuilder builder) {
    return closing(builder.build());
  }

  <T extends AutoCloseable> T closing(T closeable) {
    closeables.add(closeable);
    return closeable;
  }

  @org.junit.jupiter.api.AfterEach
  void closeAll() throws Exception {
    for (int i = closeables.size() - 1; i >= 0; i--) {
      closeables.get(i).close();
    }
    closeables.clear();
  }

  /**
   * A loopback port that refuses connections until the end of the test: a socket bound there and
   * never listening, closed after the test. A server's port closed and then asked could be taken
   * meanwhile by another bind, or be the local end the kernel gives the client, which would then
   * connect to itself instead of being refused.
   */
  int refusingPort() {
    try {
      SocketChannel bound =
          closing(
              SocketChannel.open()
                  .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)));
      return ((InetSocketAddress) bound.getLocalAddress()).getPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static FetchResult fetch(NettyRobotsFetcher fetcher, String origin) {
    return fetch(fetcher, origin, Conditional.NONE);
  }

  static FetchResult fetch(NettyRobotsFetcher fetcher, String origin, Conditional validators) {
    return fetcher.fetch(Origin.of(origin), validators).block(WAIT);
  }

  /** The verdict for {@code url} through a real cache over {@code fetcher}. */
  Verdict verdict(NettyRobotsFetcher fetcher, String url) {
    return verdict(fetcher, RobotsCache.builder(), url);
  }

  Verdict verdict(NettyRobotsFetcher fetcher, RobotsCacheBuilder builder, String url) {
    RobotsCache cache = closing(RobotsCaches.create(fetcher, builder));
    return cache.check(url, "TestBot").block(WAIT);
  }

  static String text(FetchResult r) {
    return new String(r.bodyBytes(), StandardCharsets.UTF_8);
  }

  static byte[] gzip(byte[] data) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
      out.write(data);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }
}
