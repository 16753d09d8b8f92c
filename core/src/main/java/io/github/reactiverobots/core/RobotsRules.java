package io.github.reactiverobots.core;

import io.github.reactiverobots.core.parse.RequestRate;
import io.github.reactiverobots.core.parse.RobotsTxt;
import io.github.reactiverobots.core.parse.VisitTime;
import io.github.reactiverobots.core.url.Origin;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link RobotsCache} holds for one origin: the parsed robots.txt in use (absent when
 * the cache answers with a blanket allow-all or disallow-all), and the state of the origin's
 * robots.txt (how it was obtained, when, until when it is kept). Immutable and thread-safe; a
 * snapshot that does not change when the cache refreshes the origin.
 *
 * <p>Everything else the file says (groups, other records) is read from {@link #robotsTxt()}.
 */
public final class RobotsRules {
  private final Origin origin;
  private final OriginState state;
  private final RobotsTxt robotsTxt;
  private final Verdict blanket;

  private RobotsRules(Origin origin, OriginState state, RobotsTxt robotsTxt, Verdict blanket) {
    this.origin = Objects.requireNonNull(origin, "origin");
    this.state = Objects.requireNonNull(state, "state");
    this.robotsTxt = robotsTxt;
    this.blanket = blanket;
  }

  /** Rules from a parsed robots.txt. */
  static RobotsRules of(Origin origin, OriginState state, RobotsTxt robotsTxt) {
    return new RobotsRules(origin, state, Objects.requireNonNull(robotsTxt, "robotsTxt"), null);
  }

  /** A blanket answer: {@code blanket} (with the state attached) for every path. */
  static RobotsRules blanket(Origin origin, Verdict blanket) {
    OriginState state = blanket.originState().orElseThrow();
    return new RobotsRules(origin, state, null, blanket);
  }

  /** The origin these rules are for. */
  public Origin origin() {
    return origin;
  }

  /** How the rules were obtained and until when they are kept. */
  public OriginState state() {
    return state;
  }

  /** The parsed robots.txt in use; empty when a blanket answer applies. */
  public Optional<RobotsTxt> robotsTxt() {
    return Optional.ofNullable(robotsTxt);
  }

  /** Whether every path gets the same answer because robots.txt could not be used. */
  public boolean isBlanket() {
    return blanket != null;
  }

  /** The sitemap URLs in order, duplicates dropped; empty for a blanket answer. */
  public List<String> sitemaps() {
    return robotsTxt == null ? List.of() : robotsTxt.sitemaps();
  }

  /** The crawl-delay of {@code userAgent}'s group, when given. */
  public Optional<Duration> crawlDelay(String userAgent) {
    Objects.requireNonNull(userAgent, "userAgent");
    return robotsTxt == null ? Optional.empty() : robotsTxt.forAgent(userAgent).crawlDelay();
  }

  /** The {@code request-rate} of {@code userAgent}'s group, when given. */
  public Optional<RequestRate> requestRate(String userAgent) {
    Objects.requireNonNull(userAgent, "userAgent");
    return robotsTxt == null ? Optional.empty() : robotsTxt.forAgent(userAgent).requestRate();
  }

  /** The {@code visit-time} window of {@code userAgent}'s group, when given. */
  public Optional<VisitTime> visitTime(String userAgent) {
    Objects.requireNonNull(userAgent, "userAgent");
    return robotsTxt == null ? Optional.empty() : robotsTxt.forAgent(userAgent).visitTime();
  }

  /**
   * Checks a path-with-query (starting with {@code /}) against these rules, synchronously; the
   * verdict carries this snapshot's state.
   */
  public Verdict check(String userAgent, String pathAndQuery) {
    Objects.requireNonNull(userAgent, "userAgent");
    Objects.requireNonNull(pathAndQuery, "pathAndQuery");
    if (blanket != null) {
      return blanket;
    }
    return robotsTxt.forAgent(userAgent).check(pathAndQuery).withOriginState(state);
  }

  @Override
  public String toString() {
    return "RobotsRules{" + origin + ", " + state + (blanket != null ? ", " + blanket : "") + '}';
  }
}
