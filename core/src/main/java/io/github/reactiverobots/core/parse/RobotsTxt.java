package io.github.reactiverobots.core.parse;

import io.github.reactiverobots.core.Verdict;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A parsed robots.txt: an immutable model of its groups, rules, sitemaps and other records,
 * with every agent's rules compiled once into a matcher. Thread-safe.
 *
 * <p>Parse once per body; {@link #forAgent(String)} is a cheap lookup and the returned
 * {@link AgentRules} is reused for every later check. Parsing never throws on any input.
 */
public final class RobotsTxt {
  RobotsTxt() {}

  /** Parses with {@link ParseOptions#defaults()}. */
  public static RobotsTxt parse(byte[] body) {
    return parse(ByteBuffer.wrap(body), ParseOptions.defaults());
  }

  public static RobotsTxt parse(byte[] body, ParseOptions options) {
    return parse(ByteBuffer.wrap(body), options);
  }

  public static RobotsTxt parse(String body, ParseOptions options) {
    return parse(body.getBytes(StandardCharsets.UTF_8), options);
  }

  /** Parses the remaining bytes of {@code body} (its position is not changed). */
  public static RobotsTxt parse(ByteBuffer body, ParseOptions options) {
    throw new UnsupportedOperationException("in progress");
  }

  /** The rules that apply to {@code userAgent} (a product token or a full User-Agent string). */
  public AgentRules forAgent(String userAgent) {
    throw new UnsupportedOperationException("in progress");
  }

  /** Checks a URL (or a bare path) for {@code userAgent}; never throws on a malformed URL. */
  public Verdict check(String userAgent, String url) {
    throw new UnsupportedOperationException("in progress");
  }

  /** Sitemap URLs, in order, duplicates dropped. */
  public List<String> sitemaps() {
    throw new UnsupportedOperationException("in progress");
  }

  /** An estimate of the retained heap size of this object graph, in bytes. */
  public long estimatedWeight() {
    throw new UnsupportedOperationException("in progress");
  }
}
