package io.github.reactiverobots.core.fetch;

import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.url.Origin;
import reactor.core.publisher.Mono;

/**
 * Fetches an origin's {@code /robots.txt}. One job: turn an origin into a {@link FetchResult}.
 *
 * <p>Contract: the returned {@code Mono} is lazy (nothing happens before subscription), never
 * blocks the subscribing thread, and emits exactly one {@link FetchResult} for every outcome,
 * including network failures, which are reported as a {@link FailureKind} rather than as an error
 * signal. An error signal means a bug in the fetcher; the cache treats it as {@link
 * FailureKind#OTHER}. Redirects are followed by the fetcher. The body is capped at the fetcher's
 * limit after decompression. Implementations must be thread-safe; the cache calls {@code fetch} at
 * most once at a time per origin.
 */
@FunctionalInterface
public interface RobotsFetcher {

  /**
   * Fetches {@code origin}'s robots.txt.
   *
   * @param origin the origin whose {@code /robots.txt} to fetch
   * @param validators the validators of the copy held, for a conditional request; {@link
   *     Conditional#NONE} for an unconditional one
   * @return a lazy {@code Mono} emitting exactly one result, failures included
   */
  Mono<FetchResult> fetch(Origin origin, Conditional validators);

  /**
   * Fetches another resource of {@code origin} that a crawler reads per origin, such as TDMRep's
   * {@code /.well-known/tdmrep.json}, with the same contract, limits and address policy as {@link
   * #fetch}. The default answers a failure ({@link FailureKind#OTHER}) without a request: a fetcher
   * that fetches robots.txt only leaves what such a resource says unknown.
   *
   * @param origin the origin to ask
   * @param path the resource's path, starting with {@code /}
   * @return a lazy {@code Mono} emitting exactly one result, failures included
   */
  default Mono<FetchResult> fetchResource(Origin origin, String path) {
    return Mono.just(
        FetchResult.failure(FailureKind.OTHER, "this fetcher fetches /robots.txt only").build());
  }

  /**
   * The most decoded body bytes this fetcher delivers; a cache refuses a parse limit above it,
   * which could never be reached.
   *
   * @return the body cap in bytes; {@link Integer#MAX_VALUE} (the default) when the fetcher sets
   *     none or does not say
   */
  default int maxBodyBytes() {
    return Integer.MAX_VALUE;
  }

  /**
   * The {@code User-Agent} header this fetcher sends, if it says: a cache refuses a crawler
   * identity whose product token differs from this header's (SEMANTICS.md §2), unless told
   * otherwise with {@code RobotsCacheBuilder.allowIdentityMismatch(true)}.
   *
   * @return the header, or null (the default) when the fetcher does not say
   */
  default String userAgent() {
    return null;
  }

  /**
   * The validators of a cached copy, sent as {@code If-None-Match} and {@code If-Modified-Since} on
   * a refresh. Either may be null. Immutable.
   *
   * @param etag the {@code ETag} of the copy held, or null
   * @param lastModified the {@code Last-Modified} of the copy held, or null
   */
  public record Conditional(String etag, String lastModified) {
    /** No validators: an unconditional request. */
    public static final Conditional NONE = new Conditional(null, null);

    /**
     * Whether there is nothing to send.
     *
     * @return true when both validators are null
     */
    public boolean isEmpty() {
      return etag == null && lastModified == null;
    }
  }

  /**
   * Optionally implemented by a {@link RobotsFetcher} that queues fetches behind a cap, so that the
   * cache (and its metrics) can report how many are running and how many wait. Implementations must
   * be thread-safe and answer without blocking.
   */
  public interface FetcherStats {
    /**
     * Fetches running now.
     *
     * @return the number of fetches running
     */
    int activeFetches();

    /**
     * Fetches waiting for a slot under the in-flight cap.
     *
     * @return the number of fetches queued
     */
    int queuedFetches();
  }
}
