package io.github.reactiverobots.core.fetch;

import io.github.reactiverobots.robotstxt.internal.text.Printable;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What one fetch of {@code /robots.txt} produced: either an HTTP status with its body and caching
 * headers, or a {@link FailureKind}. Immutable and thread-safe; the body is copied in and exposed
 * read-only.
 */
public final class FetchResult {
  private static final Set<String> READ =
      Set.of("cache-control", "expires", "date", "age", "etag", "last-modified", "retry-after");

  private final int status;
  private final FailureKind failure;
  private final String failureDetail;
  private final byte[] body;
  private final boolean bodyTruncated;
  private final Map<String, String> headers;
  private final String botChallenge;
  private final String finalUrl;
  private final List<String> hops;
  private final Duration elapsed;

  private FetchResult(Builder b) {
    this.status = b.status;
    this.failure = b.failure;
    this.failureDetail = b.failureDetail;
    this.body = b.body == null ? new byte[0] : b.body;
    this.bodyTruncated = b.bodyTruncated;
    this.headers = Map.copyOf(b.headers);
    this.botChallenge = b.botChallenge;
    this.finalUrl = b.finalUrl;
    this.hops = List.copyOf(b.hops);
    this.elapsed = b.elapsed;
  }

  /**
   * A builder for an HTTP response with {@code status}.
   *
   * @param status the final HTTP status
   * @return a new builder
   * @throws IllegalArgumentException if {@code status} is not between 100 and 999
   */
  public static Builder status(int status) {
    if (status < 100 || status > 999) {
      throw new IllegalArgumentException("status out of range: " + status);
    }
    Builder b = new Builder();
    b.status = status;
    return b;
  }

  /**
   * A builder for a failed fetch, one that produced no usable HTTP response.
   *
   * @param kind why the fetch failed
   * @param detail a human-readable detail, or null; kept with its control characters escaped
   *     ({@code \xHH}), since it often quotes what a server sent
   * @return a new builder
   */
  public static Builder failure(FailureKind kind, String detail) {
    Builder b = new Builder();
    b.failure = Objects.requireNonNull(kind, "kind");
    b.failureDetail = Printable.escape(detail);
    return b;
  }

  /**
   * Whether an HTTP response (of any status) arrived.
   *
   * @return true when a response arrived, false for a failure
   */
  public boolean hasStatus() {
    return failure == null;
  }

  /**
   * The final HTTP status, or 0 when the fetch failed.
   *
   * @return the status, or 0
   */
  public int status() {
    return status;
  }

  /**
   * Why the fetch failed, or null when a response arrived.
   *
   * @return the failure kind, or null
   */
  public FailureKind failure() {
    return failure;
  }

  /**
   * A human-readable detail of the failure, or null.
   *
   * @return the detail, or null
   */
  public String failureDetail() {
    return failureDetail;
  }

  /**
   * The body (after decompression, capped at the fetcher's limit).
   *
   * @return a new read-only buffer over the body; empty when there is none
   */
  public ByteBuffer body() {
    return ByteBuffer.wrap(body).asReadOnlyBuffer();
  }

  /**
   * The body length.
   *
   * @return the length, in bytes
   */
  public int bodyLength() {
    return body.length;
  }

  /**
   * A copy of the body bytes.
   *
   * @return a new array; empty when there is no body
   */
  public byte[] bodyBytes() {
    return body.clone();
  }

  /**
   * Whether the body was cut at the fetcher's limit.
   *
   * @return true if bytes past the limit were discarded
   */
  public boolean bodyTruncated() {
    return bodyTruncated;
  }

  /**
   * A response header the cache reads (SEMANTICS.md §6): {@code Cache-Control}, {@code Expires},
   * {@code Date}, {@code Age}, {@code ETag}, {@code Last-Modified} or {@code Retry-After}.
   *
   * @param name the header's name, in any case
   * @return its value as received, or null when absent (or not one the cache reads)
   */
  public String header(String name) {
    return headers.get(name.toLowerCase(Locale.ROOT));
  }

  /**
   * What identified the response as a bot challenge: a CDN's documented marker, as {@code name:
   * value} (e.g. {@code cf-mitigated: challenge}), or null when nothing did. The cache reads a 401,
   * 403 or 503 carrying one as unreachable, not as the site's policy (SEMANTICS.md §6).
   *
   * @return the marker, or null
   */
  public String botChallenge() {
    return botChallenge;
  }

  /**
   * The URL the final response came from (after redirects).
   *
   * @return the URL, or null when the fetcher did not set it
   */
  public String finalUrl() {
    return finalUrl;
  }

  /**
   * The redirect targets followed, in order.
   *
   * @return an immutable list, empty when there was no redirect
   */
  public List<String> hops() {
    return hops;
  }

  /**
   * Wall time from start to result, as the fetcher measured it.
   *
   * @return the duration; {@link Duration#ZERO} when the fetcher did not set it
   */
  public Duration elapsed() {
    return elapsed;
  }

  @Override
  public String toString() {
    String what = failure == null ? "status=" + status : "failure=" + failure;
    return "FetchResult{"
        + what
        + ", bytes="
        + body.length
        + (bodyTruncated ? " (truncated)" : "")
        + (botChallenge == null ? "" : ", botChallenge=" + botChallenge)
        + ", hops="
        + hops.size()
        + ", elapsed="
        + elapsed
        + '}';
  }

  /** Builds a {@link FetchResult}. Not thread-safe. */
  public static final class Builder {
    private int status;
    private FailureKind failure;
    private String failureDetail;
    private byte[] body;
    private boolean bodyTruncated;
    private final Map<String, String> headers = new HashMap<>();
    private String botChallenge;
    private String finalUrl;
    private final List<String> hops = new ArrayList<>();
    private Duration elapsed = Duration.ZERO;

    private Builder() {}

    /**
     * The body bytes; the array is copied.
     *
     * @param body the body, or null for none
     * @return this builder
     */
    public Builder body(byte[] body) {
      this.body = body == null ? null : body.clone();
      return this;
    }

    /**
     * The body bytes, taken without copying: the caller must not touch the array again.
     *
     * @param body the body, or null for none
     * @return this builder
     */
    public Builder bodyOwned(byte[] body) {
      this.body = body;
      return this;
    }

    /**
     * Whether the body was cut at the fetcher's limit; default false.
     *
     * @param truncated true if bytes past the limit were discarded
     * @return this builder
     */
    public Builder bodyTruncated(boolean truncated) {
      this.bodyTruncated = truncated;
      return this;
    }

    /**
     * The marker that identified the response as a bot challenge, as {@code name: value}; default
     * null (none). Kept with its control characters escaped.
     *
     * @param marker the marker, or null
     * @return this builder
     * @throws IllegalStateException if this builds a failure, which has no response
     */
    public Builder botChallenge(String marker) {
      if (failure != null && marker != null) {
        throw new IllegalStateException("a failed fetch has no response to be a bot challenge");
      }
      this.botChallenge = Printable.escape(marker);
      return this;
    }

    /**
     * A response header, kept when it is one the cache reads ({@link FetchResult#header}); a later
     * value for the same name replaces an earlier one.
     *
     * @param name the header's name, in any case
     * @param value its value as received; null leaves the header absent
     * @return this builder
     */
    public Builder header(String name, String value) {
      String key = Objects.requireNonNull(name, "name").toLowerCase(Locale.ROOT);
      if (value != null && READ.contains(key)) {
        headers.put(key, value);
      }
      return this;
    }

    /**
     * The URL the final response came from.
     *
     * @param v the URL, or null
     * @return this builder
     */
    public Builder finalUrl(String v) {
      this.finalUrl = v;
      return this;
    }

    /**
     * The redirect targets followed, in order, replacing any set before.
     *
     * @param hops the URLs; copied
     * @return this builder
     */
    public Builder hops(List<String> hops) {
      this.hops.clear();
      this.hops.addAll(hops);
      return this;
    }

    /**
     * Appends a redirect target followed.
     *
     * @param url the URL
     * @return this builder
     */
    public Builder addHop(String url) {
      this.hops.add(Objects.requireNonNull(url, "url"));
      return this;
    }

    /**
     * Wall time from start to result; default {@link Duration#ZERO}.
     *
     * @param elapsed the duration
     * @return this builder
     */
    public Builder elapsed(Duration elapsed) {
      this.elapsed = Objects.requireNonNull(elapsed, "elapsed");
      return this;
    }

    /**
     * Builds the result; the builder may be used again.
     *
     * @return a new result
     * @throws NullPointerException if a hop is null
     */
    public FetchResult build() {
      return new FetchResult(this);
    }
  }
}
