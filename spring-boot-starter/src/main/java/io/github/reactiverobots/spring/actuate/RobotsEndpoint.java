package io.github.reactiverobots.spring.actuate;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.DeleteOperation;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import reactor.core.publisher.Mono;

/**
 * The {@code robots} Actuator endpoint: what the cache holds for an origin and how it answers a
 * URL.
 *
 * <ul>
 *   <li>Read ({@code GET /actuator/robots?url=...&agent=...}): a {@link RobotsReport} for the
 *       origin of {@code url} (a URL or a bare origin): its state (outcome, status, fetched and
 *       expiry times, failure kind, stale copy), its groups with their rules and line numbers, and
 *       the verdict for {@code url} and {@code agent} (the cache's crawler when omitted). It
 *       answers from the cache only, unless {@code reactive-robots.endpoint.fetch=true}: an origin
 *       the cache does not hold is reported as not cached, so that reading the endpoint never makes
 *       the application contact a site. A read of a cached origin counts as one cached check in the
 *       cache's meters.
 *   <li>Delete ({@code DELETE /actuator/robots?url=...}): drops the origin's entry, so that the
 *       next check fetches. Read-only by default: Actuator exposes this operation only with {@code
 *       management.endpoint.robots.access=unrestricted}.
 * </ul>
 *
 * <p>An invalid URL or agent answers 400. Thread-safe; the read never blocks.
 */
@Endpoint(id = "robots", defaultAccess = Access.READ_ONLY)
public class RobotsEndpoint {
  private final RobotsCache cache;
  private final boolean fetch;

  /**
   * An endpoint over {@code cache}.
   *
   * @param cache the cache to report on
   * @param fetch whether a read fetches the robots.txt of an origin the cache does not hold
   */
  public RobotsEndpoint(RobotsCache cache, boolean fetch) {
    this.cache = Objects.requireNonNull(cache, "cache");
    this.fetch = fetch;
  }

  /**
   * Reports on the origin of {@code url} and checks {@code url} for {@code agent}.
   *
   * @param url an absolute http(s) URL, or an origin such as {@code https://example.com}
   * @param agent the crawler's product token or User-Agent; the cache's crawler when null
   * @return the report; an origin not held (and not fetched) is reported as not cached
   * @throws InvalidEndpointRequestException if {@code url} is invalid, or no agent is given and the
   *     cache has no crawler identity
   */
  @ReadOperation
  public Mono<RobotsReport> robots(String url, @Nullable String agent) {
    String who =
        agent != null
            ? agent
            : cache
                .crawler()
                .map(CrawlerIdentity::token)
                .orElseThrow(
                    () ->
                        new InvalidEndpointRequestException(
                            "agent is required: the cache has no crawler identity",
                            "agent is required"));
    Origin origin = originOf(url);
    try {
      if (!fetch && cache.checkIfCached(url, who).isEmpty()) {
        return Mono.just(RobotsReport.notCached(origin, who));
      }
    } catch (IllegalArgumentException e) {
      throw invalid(e);
    }
    return cache
        .rules(url)
        .map(rules -> RobotsReport.of(url, who, rules))
        .onErrorMap(IllegalArgumentException.class, RobotsEndpoint::invalid);
  }

  /**
   * Drops the cache's entry for the origin of {@code url}; the next check fetches. A fetch in
   * flight goes on and stores its result.
   *
   * @param url an absolute http(s) URL or origin
   * @return the origin whose entry was dropped
   * @throws InvalidEndpointRequestException if {@code url} is invalid
   */
  @DeleteOperation
  public Invalidated invalidate(String url) {
    Origin origin = originOf(url);
    cache.invalidate(origin);
    return new Invalidated(origin.toString());
  }

  /**
   * The answer to an invalidation.
   *
   * @param origin the origin whose entry was dropped
   */
  public record Invalidated(String origin) {}

  private static Origin originOf(String url) {
    try {
      return Origin.of(url);
    } catch (InvalidUrlException e) {
      throw invalid(e);
    }
  }

  private static InvalidEndpointRequestException invalid(Throwable e) {
    return new InvalidEndpointRequestException(e.getMessage(), e.getMessage());
  }
}
