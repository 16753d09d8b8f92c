package io.github.reactiverobots.bench.jmh;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import io.github.reactiverobots.crawlercommons.ReactiveRobotsParser;
import java.util.List;
import java.util.Locale;

/**
 * How the benchmarks drive crawler-commons 1.6, in one place so that every benchmark and the
 * agreement report use it the same way. Stateless and thread-safe (a parser is created per call, as
 * crawler-commons' parser counts warnings in instance fields).
 */
public final class CrawlerCommons {
  private CrawlerCommons() {}

  /** The robot name used for an agent string that has no product token. */
  public static final String NO_TOKEN = "no-product-token";

  /**
   * The robot name crawler-commons is given for a caller's agent string: the leading run of {@code
   * A-Z a-z _ -}, lower-cased, as crawler-commons asks for lower-case product tokens; the whole
   * string lower-cased when that run is empty ({@code *}, {@code 008}).
   */
  public static String robotName(String agent) {
    int end = 0;
    while (end < agent.length() && isTokenChar(agent.charAt(end))) {
      end++;
    }
    return end == 0 ? NO_TOKEN : agent.substring(0, end).toLowerCase(Locale.ROOT);
  }

  private static boolean isTokenChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-';
  }

  /**
   * Parses {@code body} for {@code agent} with reactive-robots' {@code ReactiveRobotsParser}, given
   * what {@link #parse} gives crawler-commons' parser: the crawler-commons API over our engine.
   */
  public static BaseRobotRules parseWithAdapter(String robotsUrl, byte[] body, String agent) {
    return new ReactiveRobotsParser()
        .parseContent(robotsUrl, body, "text/plain", List.of(robotName(agent)));
  }

  /** Parses {@code body} for {@code agent}, as a crawler using crawler-commons would. */
  public static BaseRobotRules parse(String robotsUrl, byte[] body, String agent) {
    return new SimpleRobotRulesParser()
        .parseContent(robotsUrl, body, "text/plain", List.of(robotName(agent)));
  }
}
