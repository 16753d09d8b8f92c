package io.github.reactiverobots.core;

import io.github.reactiverobots.robotstxt.AgentRules;
import io.github.reactiverobots.robotstxt.internal.rules.ByteChecks;

/**
 * The cache's way to {@link AgentRules}' checks of a path held as bytes, read in place: not public
 * API, reached through {@link ByteChecks}.
 */
final class PathChecks {
  static final ByteChecks.Checks<AgentRules> RULES = ByteChecks.of(AgentRules.class);

  private PathChecks() {}
}
