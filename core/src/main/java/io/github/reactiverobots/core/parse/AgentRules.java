package io.github.reactiverobots.core.parse;

import io.github.reactiverobots.core.Verdict;
import java.time.Duration;
import java.util.Optional;

/**
 * The merged, compiled rules of one crawler in one robots.txt. Immutable and thread-safe.
 */
public final class AgentRules {
  AgentRules() {}

  /** Checks a path-with-query (starting with {@code /}) and returns the verdict. */
  public Verdict check(String pathAndQuery) {
    throw new UnsupportedOperationException("in progress");
  }

  /** The group's crawl-delay, if given. */
  public Optional<Duration> crawlDelay() {
    throw new UnsupportedOperationException("in progress");
  }
}
