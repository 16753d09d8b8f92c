package io.github.reactiverobots.netty;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientResponse;

/**
 * One fetch of an origin's robots.txt: the request, the redirects (followed here, never by
 * reactor-netty), the capped and decoded body, and the mapping of every failure to a {@link
 * FetchResult}. A new instance per fetch; its state is touched by one exchange step at a time, and
 * the few fields a deadline may read concurrently are guarded.
 */
final class RobotsExchange {
  /** Bytes of a redirect or error body read (and dropped) to keep the connection reusable. */
  private static final int DISCARD_LIMIT = 16 * 1024;

  private final HttpClient client;
  private final int maxBodyBytes;
  private final int maxRedirects;
  private final Duration deadline;
  private final String firstUrl;
  private final LongAdder wireBytes;
  private final Set<String> visited = new HashSet<>();
  private final List<String> hops = new ArrayList<>();
  private String currentUrl;

  private RobotsExchange(
      HttpClient client,
      int maxBodyBytes,
      int maxRedirects,
      Duration deadline,
      String firstUrl,
      LongAdder wireBytes) {
    this.client = client;
    this.maxBodyBytes = maxBodyBytes;
    this.maxRedirects = maxRedirects;
    this.deadline = deadline;
    this.firstUrl = firstUrl;
    this.wireBytes = wireBytes;
  }

  /**
   * The lazy exchange for {@code firstUrl} (an origin's robots.txt, or another resource of it);
   * never signals an error.
   *
   * @param client the configured client (base headers, timeouts, TLS, resolver)
   * @param wireBytes where to add the body bytes read from the network (before decoding)
   */
  static Mono<FetchResult> run(
      HttpClient client,
      int maxBodyBytes,
      int maxRedirects,
      Duration deadline,
      String firstUrl,
      Conditional validators,
      LongAdder wireBytes) {
    HttpClient conditional =
        validators.isEmpty()
            ? client
            : client.headers(
                h -> {
                  if (validators.etag() != null) {
                    h.set(HttpHeaderNames.IF_NONE_MATCH, validators.etag());
                  }
                  if (validators.lastModified() != null) {
                    h.set(HttpHeaderNames.IF_MODIFIED_SINCE, validators.lastModified());
                  }
                });
    return Mono.defer(
        () ->
            new RobotsExchange(
                    conditional, maxBodyBytes, maxRedirects, deadline, firstUrl, wireBytes)
                .execute());
  }

  private Mono<FetchResult> execute() {
    long start = System.nanoTime();
    String first = firstUrl;
    synchronized (this) {
      visited.add(first);
      currentUrl = first;
    }
    // Errors become results before the deadline, so that one arriving as the deadline passes
    // is dropped as a late value, quietly, rather than as an error.
    return request(first)
        .onErrorResume(e -> Mono.just(failure(e)))
        .timeout(
            deadline,
            Mono.fromSupplier(
                () ->
                    failure(
                        new TimeoutException(
                            "overall deadline of " + deadline.toMillis() + " ms exceeded"))))
        .map(
            b -> {
              synchronized (this) {
                b.hops(hops).finalUrl(currentUrl);
              }
              return b.elapsed(Duration.ofNanos(System.nanoTime() - start)).build();
            });
  }

  private static FetchResult.Builder failure(Throwable e) {
    return FetchResult.failure(FailureClassifier.classify(e), FailureClassifier.detail(e));
  }

  private Mono<FetchResult.Builder> request(String url) {
    // A java.net.URI, never a String: reactor-netty's own String parsing takes the host of
    // "http://a.test:1/" to be "a.test:1" for one-digit ports (reactor-netty issue 4357).
    return QuietFailures.guard(
            client
                .get()
                .uri(URI.create(url))
                .responseConnection((response, connection) -> respond(url, response, connection))
                .next())
        .switchIfEmpty(Mono.error(() -> new IllegalStateException("no response from " + url)))
        .flatMap(
            step -> step.location == null ? Mono.just(step.result) : follow(url, step.location));
  }

  private Mono<FetchResult.Builder> follow(String from, String next) {
    synchronized (this) {
      if (!visited.add(next)) {
        return Mono.error(
            new RedirectException(
                FailureKind.REDIRECT_LOOP, "redirect loop: " + from + " -> " + next));
      }
      if (hops.size() >= maxRedirects) {
        return Mono.error(
            new RedirectException(
                FailureKind.TOO_MANY_REDIRECTS,
                "more than " + maxRedirects + " redirects; next was " + next));
      }
      hops.add(next);
      currentUrl = next;
    }
    return request(next);
  }

  private Mono<Step> respond(String url, HttpClientResponse response, Connection connection) {
    int status = response.status().code();
    HttpHeaders headers = response.responseHeaders();
    if (Redirects.isRedirect(status)) {
      // A redirect that cannot be followed (no Location, a scheme other than http(s), a
      // Location that does not parse) is a final 3xx response: "unavailable" (SEMANTICS.md §6).
      String next = Redirects.followable(url, headers.get(HttpHeaderNames.LOCATION));
      if (next != null) {
        return discard(connection).thenReturn(new Step(null, next));
      }
    }
    if (status < 100 || status > 999) {
      return Mono.error(new IllegalStateException("invalid HTTP status " + status));
    }
    FetchResult.Builder result =
        FetchResult.status(status)
            .header("Cache-Control", joined(headers, HttpHeaderNames.CACHE_CONTROL))
            .header("Expires", headers.get(HttpHeaderNames.EXPIRES))
            .header("Date", headers.get(HttpHeaderNames.DATE))
            .header("Age", headers.get(HttpHeaderNames.AGE))
            .header("ETag", headers.get(HttpHeaderNames.ETAG))
            .header("Last-Modified", headers.get(HttpHeaderNames.LAST_MODIFIED))
            .header("Retry-After", headers.get(HttpHeaderNames.RETRY_AFTER))
            .botChallenge(BotChallenges.marker(headers));
    if (status / 100 != 2) {
      return discard(connection).thenReturn(new Step(result, null));
    }
    String encoding = headers.get(HttpHeaderNames.CONTENT_ENCODING);
    BodyDecoder.Declared declared = BodyDecoder.declared(encoding);
    if (declared == null) {
      return discard(connection)
          .then(Mono.error(new BodyDecodingException("unsupported Content-Encoding: " + encoding)));
    }
    long contentLength = contentLength(headers.get(HttpHeaderNames.CONTENT_LENGTH));
    return readBody(connection, declared, contentLength)
        .map(body -> new Step(result.bodyOwned(body.bytes).bodyTruncated(body.truncated), null));
  }

  private Mono<DecodedBody> readBody(
      Connection connection, BodyDecoder.Declared declared, long contentLength) {
    return Mono.using(
        () -> new BodyDecoder(declared, maxBodyBytes, contentLength),
        decoder ->
            connection
                .inbound()
                .receive()
                .<Void>handle(
                    (buf, sink) -> {
                      if (!feed(decoder, buf)) {
                        sink.complete(); // cancels the inbound: reactor-netty closes the connection
                      }
                    })
                .then(
                    Mono.fromSupplier(
                        () -> new DecodedBody(decoder.finish(), decoder.truncated()))),
        decoder -> {
          wireBytes.add(decoder.wireBytes());
          decoder.close();
        });
  }

  private static boolean feed(BodyDecoder decoder, ByteBuf buf) {
    for (ByteBuffer part : buf.nioBuffers()) {
      if (!decoder.accept(part)) {
        return false;
      }
    }
    return true;
  }

  private static Mono<Void> discard(Connection connection) {
    long[] seen = {0};
    return connection
        .inbound()
        .receive()
        .<Void>handle(
            (buf, sink) -> {
              seen[0] += buf.readableBytes();
              if (seen[0] > DISCARD_LIMIT) {
                sink.complete();
              }
            })
        .then()
        .onErrorResume(e -> Mono.empty());
  }

  private static long contentLength(String value) {
    if (value == null) {
      return -1;
    }
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static String joined(HttpHeaders headers, CharSequence name) {
    List<String> all = headers.getAll(name);
    return all.isEmpty() ? null : all.size() == 1 ? all.get(0) : String.join(", ", all);
  }

  /** A decoded body, capped. */
  private static final class DecodedBody {
    final byte[] bytes;
    final boolean truncated;

    DecodedBody(byte[] bytes, boolean truncated) {
      this.bytes = bytes;
      this.truncated = truncated;
    }
  }

  /** A response seen: either a result, or a redirect still to follow. */
  private static final class Step {
    final FetchResult.Builder result;
    final String location;

    Step(FetchResult.Builder result, String location) {
      this.result = result;
      this.location = location;
    }
  }
}
