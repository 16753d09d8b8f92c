package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.robotstxt.testing.CorpusFile;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;
import java.util.zip.GZIPOutputStream;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * Many simulated origins on reactor-netty servers bound to many loopback addresses (127.40.x.y,
 * {@value #DEFAULT_ADDRESSES} by default; Linux routes all of 127.0.0.0/8 to the loopback
 * interface), so that origin {@code i} has an address of its own among them ({@link #address(int)})
 * and connections spread as they do across real sites. Every server runs the same handler: the
 * {@code Host} header ({@code o<index>.test}) picks the origin, and the origin's index picks,
 * reproducibly from the seed, its {@link Mix.Behaviour} and its corpus body. Every response closes
 * its connection, as each origin stands for a different server and is fetched once. Thread-safe;
 * nothing in the handler blocks (bodies and their gzip forms are prepared before the server
 * starts).
 */
public final class OriginFarm implements AutoCloseable {
  /** The domain every simulated host is under. */
  public static final String DOMAIN = ".test";

  /** Where a redirecting origin sends the fetcher. */
  static final String MOVED_PATH = "/robots-moved.txt";

  /** How many loopback addresses the farm listens on, unless told otherwise. */
  public static final int DEFAULT_ADDRESSES = 64;

  /** How long a timing-out origin holds a request before giving up on it itself. */
  private static final Duration HOLD = Duration.ofSeconds(15);

  private final Mix.Behaviour[] behaviour;
  private final int[] bodyIndex;
  private final byte[][] bodies;
  private final byte[][] gzipped;
  private final Duration slowDelay;

  /** The polite run's pages, or null; and the robots.txt bodies it prefixed (null: as is). */
  private final FarmPages pages;

  private final byte[][] prefixedBody;
  private final byte[][] prefixedGzip;
  private final LongAdder robotsRequests = new LongAdder();
  private final LongAdder allRequests = new LongAdder();
  private final List<DisposableServer> servers = new ArrayList<>();

  /**
   * Starts the farm.
   *
   * @param origins how many origins
   * @param files the bodies served
   * @param mix how origins answer
   * @param seed the seed of the per-origin draws
   * @param slowDelay the delay of slow origins
   */
  public OriginFarm(int origins, List<CorpusFile> files, Mix mix, long seed, Duration slowDelay) {
    this(origins, files, mix, seed, slowDelay, null);
  }

  /**
   * Starts the farm serving {@code pages} as well (see {@link FarmPages}).
   *
   * @param origins how many origins
   * @param files the bodies served
   * @param mix how origins answer
   * @param seed the seed of the per-origin draws
   * @param slowDelay the delay of slow origins
   * @param pages the pages and robots.txt prefixes, or null
   */
  OriginFarm(
      int origins,
      List<CorpusFile> files,
      Mix mix,
      long seed,
      Duration slowDelay,
      FarmPages pages) {
    this(origins, files, mix, seed, slowDelay, pages, DEFAULT_ADDRESSES);
  }

  /**
   * Starts the farm on {@code addresses} loopback addresses.
   *
   * @param addresses how many loopback addresses, 1 to 62,500
   */
  OriginFarm(
      int origins,
      List<CorpusFile> files,
      Mix mix,
      long seed,
      Duration slowDelay,
      FarmPages pages,
      int addresses) {
    if (addresses < 1 || addresses > 62_500) {
      throw new IllegalArgumentException("addresses must be in [1, 62500], was " + addresses);
    }
    this.slowDelay = slowDelay;
    this.pages = pages;
    bodies = new byte[files.size()][];
    gzipped = new byte[files.size()][];
    for (int i = 0; i < bodies.length; i++) {
      bodies[i] = files.get(i).body();
      gzipped[i] = gzip(bodies[i]);
    }
    behaviour = new Mix.Behaviour[origins];
    bodyIndex = new int[origins];
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < origins; i++) {
      behaviour[i] = mix.pick(random.nextDouble());
      bodyIndex[i] = random.nextInt(bodies.length);
    }
    prefixedBody = new byte[origins][];
    prefixedGzip = new byte[origins][];
    for (int i = 0; pages != null && i < origins; i++) {
      byte[] prefix = pages.robotsPrefix(i);
      if (prefix != null) {
        byte[] body = bodies[bodyIndex[i]];
        prefixedBody[i] = Arrays.copyOf(prefix, prefix.length + body.length);
        System.arraycopy(body, 0, prefixedBody[i], prefix.length, body.length);
        prefixedGzip[i] = gzip(prefixedBody[i]);
      }
    }
    try {
      for (int a = 0; a < addresses; a++) {
        servers.add(
            HttpServer.create()
                .host("127.40." + a / 250 + "." + (1 + a % 250))
                .port(0)
                .handle(this::handle)
                .bindNow());
      }
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  private static byte[] gzip(byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(body.length / 4 + 64);
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** The host name of origin {@code index}. */
  public static String host(int index) {
    return "o" + index + DOMAIN;
  }

  /** The origin index a {@code Host} header names, or -1. */
  static int indexOf(String hostHeader) {
    if (hostHeader == null || hostHeader.length() < 2 || hostHeader.charAt(0) != 'o') {
      return -1;
    }
    int end = hostHeader.indexOf(DOMAIN);
    if (end < 2 || end > 9) {
      return -1;
    }
    int index = 0;
    for (int i = 1; i < end; i++) {
      char c = hostHeader.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      index = index * 10 + (c - '0');
    }
    return index;
  }

  private Publisher<Void> handle(HttpServerRequest req, HttpServerResponse res) {
    allRequests.increment();
    res.keepAlive(false);
    int index = indexOf(req.requestHeaders().get(HttpHeaderNames.HOST));
    if (index < 0 || index >= behaviour.length) {
      return res.status(HttpResponseStatus.MISDIRECTED_REQUEST).send();
    }
    String path = req.uri();
    if (path.equals(MOVED_PATH) && behaviour[index] == Mix.Behaviour.REDIRECT) {
      return ok(res, robotsBody(index));
    }
    if (!path.equals("/robots.txt")) {
      return pages != null
          ? pages.page(index, req, res)
          : res.status(HttpResponseStatus.NOT_FOUND).send();
    }
    robotsRequests.increment();
    byte[] body = robotsBody(index);
    byte[] zipped = prefixedGzip[index] != null ? prefixedGzip[index] : gzipped[bodyIndex[index]];
    return switch (behaviour[index]) {
      case OK -> ok(res, body);
      case NOT_FOUND -> res.status(HttpResponseStatus.NOT_FOUND).send();
      case SERVER_ERROR -> res.status(HttpResponseStatus.SERVICE_UNAVAILABLE).send();
      case SLOW -> Mono.delay(slowDelay).then(Mono.defer(() -> Mono.from(ok(res, body))));
      case REDIRECT ->
          res.status(HttpResponseStatus.MOVED_PERMANENTLY)
              .header(HttpHeaderNames.LOCATION, "http://" + host(index) + MOVED_PATH)
              .send();
      case GZIP ->
          res.header(HttpHeaderNames.CONTENT_TYPE, "text/plain")
              .header(HttpHeaderNames.CONTENT_ENCODING, "gzip")
              .header(HttpHeaderNames.CONTENT_LENGTH, Integer.toString(zipped.length))
              .sendByteArray(Mono.just(zipped))
              .then();
      case TIMEOUT -> Mono.delay(HOLD).then(res.status(HttpResponseStatus.GATEWAY_TIMEOUT).send());
    };
  }

  private static Publisher<Void> ok(HttpServerResponse res, byte[] body) {
    return res.header(HttpHeaderNames.CONTENT_TYPE, "text/plain")
        .header(HttpHeaderNames.CONTENT_LENGTH, Integer.toString(body.length))
        .sendByteArray(Mono.just(body))
        .then();
  }

  /** The first loopback address the farm listens on (every server answers for every origin). */
  public InetSocketAddress address() {
    return (InetSocketAddress) servers.get(0).address();
  }

  /** The loopback address and port of origin {@code index}'s own server. */
  public InetSocketAddress address(int index) {
    return (InetSocketAddress) servers.get(Math.floorMod(index, servers.size())).address();
  }

  /** How many loopback addresses the farm listens on. */
  public int addresses() {
    return servers.size();
  }

  /** How origin {@code index} answers. */
  public Mix.Behaviour behaviour(int index) {
    return behaviour[index];
  }

  /** The robots.txt body origin {@code index} serves when it answers 200. */
  public byte[] robotsBody(int index) {
    return prefixedBody[index] != null ? prefixedBody[index] : bodies[bodyIndex[index]];
  }

  /** Requests for {@code /robots.txt} served so far (redirect targets not counted). */
  public long robotsRequests() {
    return robotsRequests.sum();
  }

  /** Requests of any kind served so far. */
  public long allRequests() {
    return allRequests.sum();
  }

  @Override
  public void close() {
    for (DisposableServer server : servers) {
      server.disposeNow(Duration.ofSeconds(5));
    }
  }
}
