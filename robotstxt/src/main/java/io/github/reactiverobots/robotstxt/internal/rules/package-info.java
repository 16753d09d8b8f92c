/**
 * Internal, not API (exported only to the library's own modules): {@link
 * io.github.reactiverobots.robotstxt.internal.rules.PathMatcher}, the in-place byte checks every
 * {@code AgentRules} also is, which the cache's warm check uses.
 */
package io.github.reactiverobots.robotstxt.internal.rules;
