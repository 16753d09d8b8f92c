package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.internal.rules.ByteChecks;
import io.github.reactiverobots.robotstxt.usage.Usage;

/**
 * The byte-offset checks of {@link AgentRules}, handed to the cache through {@link ByteChecks}, a
 * package that is not exported, so that they stay out of the API. Stateless.
 */
final class AgentRulesInPlace implements ByteChecks.Checks<AgentRules> {
  @Override
  public Verdict check(AgentRules rules, byte[] utf8, int from, int to, OriginState originState) {
    return rules.check(utf8, from, to, originState);
  }

  @Override
  public boolean allowed(AgentRules rules, byte[] utf8, int from, int to) {
    return rules.allowed(utf8, from, to);
  }

  @Override
  public Usage usage(AgentRules rules, byte[] utf8, int from, int to, OriginState originState) {
    return rules.usage(utf8, from, to, originState);
  }
}
