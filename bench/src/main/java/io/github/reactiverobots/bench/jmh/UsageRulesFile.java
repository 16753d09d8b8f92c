package io.github.reactiverobots.bench.jmh;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A generated robots.txt of {@code Content-Usage} rules for {@link ContentUsageBenchmark}: one
 * {@code *} group with two disallow rules, then rules of three shapes (a section prefix, a wildcard
 * file type under a section, a deep path ending in {@code $}) with rotating preferences; and
 * {@value #PATHS} paths to ask about, made from the rules with a fixed seed.
 *
 * @param body the file
 * @param ruleCount its number of {@code Content-Usage} rules
 * @param paths the paths to ask about: a third under a rule chosen at random, a third near misses
 *     of such a rule, a third under no rule
 */
public record UsageRulesFile(byte[] body, int ruleCount, String[] paths) {
  /** The crawler asking. */
  public static final String AGENT = "AiBot";

  /** The number of paths (a power of two). */
  public static final int PATHS = 1024;

  private static final String HEAD = "User-agent: *\nDisallow: /private/\nDisallow: /tmp/\n";
  private static final String[] PREFERENCES = {
    "train-ai=n",
    "train-ai=y, search=y",
    "ai-use=n, train-ai=n",
    "search=y",
    "train-ai=n, ai-use=y, search=y"
  };

  /**
   * A file of exactly {@code count} rules.
   *
   * @param count the number of rules
   * @return the file and its paths
   */
  public static UsageRulesFile of(int count) {
    StringBuilder sb = new StringBuilder(HEAD);
    for (int i = 0; i < count; i++) {
      sb.append(rule(i));
    }
    return withPaths(sb.toString(), count);
  }

  /**
   * A file of as many rules as fit in {@code bytes}.
   *
   * @param bytes the most bytes the file may have
   * @return the file and its paths
   */
  public static UsageRulesFile filling(int bytes) {
    StringBuilder sb = new StringBuilder(HEAD);
    int count = 0;
    for (String line = rule(0); sb.length() + line.length() <= bytes; line = rule(++count)) {
      sb.append(line);
    }
    return withPaths(sb.toString(), count);
  }

  private static String rule(int i) {
    String preference = PREFERENCES[i % PREFERENCES.length];
    return switch (i % 3) {
      case 0 -> "Content-Usage: /section-" + i + "/ " + preference + "\n";
      case 1 -> "Content-Usage: /files/" + i + "/*.pdf " + preference + "\n";
      default ->
          "Content-Usage: /archive/" + (i % 97) + "/item-" + i + ".html$ " + preference + "\n";
    };
  }

  private static String under(int i) {
    return switch (i % 3) {
      case 0 -> "/section-" + i + "/page.html";
      case 1 -> "/files/" + i + "/report/annual.pdf?download=1";
      default -> "/archive/" + (i % 97) + "/item-" + i + ".html";
    };
  }

  /** A path that shares most of rule {@code i}'s path but is not under it. */
  private static String nearMiss(int i) {
    return switch (i % 3) {
      case 0 -> "/section-" + i + "x/page.html";
      case 1 -> "/files/" + i + "/report/annual.docx";
      default -> "/archive/" + (i % 97) + "/item-" + i + ".html?page=2";
    };
  }

  private static UsageRulesFile withPaths(String text, int count) {
    Random random = new Random(17);
    List<String> paths = new ArrayList<>(PATHS);
    while (paths.size() < PATHS) {
      int i = count == 0 ? 0 : random.nextInt(count);
      switch (paths.size() % 3) {
        case 0 -> paths.add(under(i));
        case 1 -> paths.add(nearMiss(i));
        default -> paths.add("/unlisted/" + i + "/index.html");
      }
    }
    return new UsageRulesFile(
        text.getBytes(StandardCharsets.UTF_8), count, paths.toArray(String[]::new));
  }
}
