package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.page.PageDirectives;
import io.github.reactiverobots.robotstxt.page.RobotsTags;
import io.github.reactiverobots.robotstxt.usage.Usage;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded random properties, reproducible by seed, like {@link PropertyTest}: random bytes in {@code
 * content-usage} and {@code content-signal} lines, {@code X-Robots-Tag} and {@code Content-Usage}
 * header values and HTML never make the parser, the usage answer, the linter or the page readers
 * throw.
 */
class UsagePropertyTest {
  private static final String[] FRAGMENTS = {
    "User-agent: *\n",
    "Content-Usage: ",
    "Content-Signal: ",
    "Disallow: /x\n",
    "/",
    "/a",
    " ",
    "\t",
    "train-ai",
    "ai-use",
    "search",
    "=",
    "y",
    "n",
    ",",
    ";",
    "\"",
    "?1",
    "(",
    ")",
    "*",
    "$",
    "%",
    "%C3%A9",
    "\u00e9",
    "\n",
    "yes",
    "no",
    "ai-train",
    "ai-input",
    "@1",
    ":",
    "\r"
  };
  private static final String[] TAG_FRAGMENTS = {
    "noindex",
    "nofollow",
    "none",
    ", ",
    ":",
    "googlebot",
    "bot",
    "unavailable_after",
    "max-snippet",
    "max-image-preview",
    "max-video-preview",
    "-1",
    "99999999999",
    "Friday",
    "25-Jun-10",
    "2020-09-21",
    "T",
    "+0200",
    "PST",
    " ",
    "<meta name=robots content=\"",
    "\">",
    "<head>",
    "</head>",
    "<body>",
    "\u0000",
    "&amp;",
    "<!--",
    "-->",
    "<meta charset=\"x-unknown\">"
  };

  @ParameterizedTest
  @ValueSource(longs = {31, 32, 33})
  void randomRobotsFilesWithUsageRulesNeverThrow(long seed) {
    Random random = new Random(seed);
    for (int i = 0; i < 1_000; i++) {
      byte[] body =
          switch (random.nextInt(3)) {
            case 0 -> randomBytes(random, 300);
            case 1 ->
                ("User-agent: *\n" + join(random, FRAGMENTS, 50)).getBytes(StandardCharsets.UTF_8);
            default -> usageLinesOfRandomBytes(random);
          };
      for (Profile profile : Profile.values()) {
        RobotsTxt robots = RobotsTxt.parse(body, ParseOptions.of(profile));
        String path = "/" + new String(randomBytes(random, 20), StandardCharsets.ISO_8859_1);
        Usage usage = robots.usage(path, "bot");
        assertThat(usage.decisions()).hasSize(3);
        assertThat(robots.forAgent("bot").usageRules()).isNotNull();
        assertThat(robots.forAgent("bot").contentSignals()).isNotNull();
        assertThat(Linter.lint(body, ParseOptions.of(profile))).isNotNull();
      }
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {41, 42, 43})
  void randomPageInputsNeverThrow(long seed) {
    Random random = new Random(seed);
    for (int i = 0; i < 1_000; i++) {
      String header =
          random.nextBoolean()
              ? new String(randomBytes(random, 80), StandardCharsets.ISO_8859_1)
              : join(random, TAG_FRAGMENTS, 20);
      String usage =
          random.nextBoolean()
              ? new String(randomBytes(random, 40), StandardCharsets.ISO_8859_1)
              : join(random, FRAGMENTS, 12);
      byte[] html =
          random.nextBoolean()
              ? randomBytes(random, 400)
              : join(random, TAG_FRAGMENTS, 40).getBytes(StandardCharsets.UTF_8);
      PageDirectives page =
          RobotsTags.read(List.of(header, header), List.of(usage), html, "googlebot");
      assertThat(page).isNotNull();
      assertThat(page.toString()).startsWith("PageDirectives{");
    }
  }

  /** A group whose content-usage and content-signal values are random bytes. */
  private static byte[] usageLinesOfRandomBytes(Random random) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes("User-agent: *\n".getBytes(StandardCharsets.US_ASCII));
    for (int k = random.nextInt(8); k >= 0; k--) {
      out.writeBytes(
          (random.nextBoolean() ? "Content-Usage: /" : "Content-Signal: ")
              .getBytes(StandardCharsets.US_ASCII));
      out.writeBytes(randomBytes(random, 60));
      out.write('\n');
    }
    return out.toByteArray();
  }

  private static byte[] randomBytes(Random random, int max) {
    byte[] b = new byte[random.nextInt(max)];
    random.nextBytes(b);
    return b;
  }

  private static String join(Random random, String[] fragments, int max) {
    StringBuilder sb = new StringBuilder();
    for (int k = random.nextInt(max); k > 0; k--) {
      sb.append(fragments[random.nextInt(fragments.length)]);
    }
    return sb.toString();
  }
}
