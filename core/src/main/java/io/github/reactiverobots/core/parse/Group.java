package io.github.reactiverobots.core.parse;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One group of a robots.txt: its {@code user-agent} lines and the records that follow them
 * (SEMANTICS.md §2). Immutable.
 */
public final class Group {
  private final int line;
  private final List<String> userAgents;
  private final Set<String> names;
  private final boolean global;
  private final List<Rule> rules;
  final List<String> patternBytes;
  private final Duration crawlDelay;
  private final RequestRate requestRate;
  private final VisitTime visitTime;

  Group(int line, List<String> userAgents, Set<String> names, boolean global, List<Rule> rules,
      List<String> patternBytes, Duration crawlDelay, RequestRate requestRate, VisitTime visitTime) {
    this.line = line;
    this.userAgents = List.copyOf(userAgents);
    this.names = Set.copyOf(names);
    this.global = global;
    this.rules = List.copyOf(rules);
    this.patternBytes = List.copyOf(patternBytes);
    this.crawlDelay = crawlDelay;
    this.requestRate = requestRate;
    this.visitTime = visitTime;
  }

  /** The line of the group's first {@code user-agent}. */
  public int line() {
    return line;
  }

  /** The {@code user-agent} values as written. */
  public List<String> userAgents() {
    return userAgents;
  }

  /** The lower-case product names the group is selected by (empty-string names included). */
  public Set<String> names() {
    return names;
  }

  /** Whether one of its {@code user-agent} lines is {@code *}. */
  public boolean isGlobal() {
    return global;
  }

  /** Its allow and disallow rules in order (rules with an empty value add none). */
  public List<Rule> rules() {
    return rules;
  }

  /** The most restrictive {@code crawl-delay} given in the group. */
  public Optional<Duration> crawlDelay() {
    return Optional.ofNullable(crawlDelay);
  }

  /** The most restrictive {@code request-rate} given in the group. */
  public Optional<RequestRate> requestRate() {
    return Optional.ofNullable(requestRate);
  }

  /** The most restrictive {@code visit-time} given in the group. */
  public Optional<VisitTime> visitTime() {
    return Optional.ofNullable(visitTime);
  }

  Duration crawlDelayOrNull() {
    return crawlDelay;
  }

  RequestRate requestRateOrNull() {
    return requestRate;
  }

  VisitTime visitTimeOrNull() {
    return visitTime;
  }
}
