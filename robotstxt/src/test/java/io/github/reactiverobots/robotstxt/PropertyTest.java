package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded random properties, reproducible by seed: random bytes never make the parser, linter or
 * matcher throw, and the URL splitter throws nothing but {@link InvalidUrlException}. The
 * coverage-guided counterpart is {@link ParserFuzzTest}.
 */
class PropertyTest {
  private static final String URL_ALPHABET = "htps:/.?#;@[]%:0123456789abcAB \u00e9\u0000\t\\-_~*$";

  @ParameterizedTest
  @ValueSource(longs = {11, 12, 13, 14})
  void randomBodiesNeverThrow(long seed) {
    Random random = new Random(seed);
    String[] fragments = {
      "User-agent:",
      "Disallow:",
      "Allow:",
      "Sitemap:",
      "Crawl-delay:",
      " ",
      "\n",
      "\r",
      "\r\n",
      "#",
      "*",
      "$",
      "/",
      "%",
      "%4",
      "%E3",
      "a",
      "\u00ef\u00bb\u00bf",
      "Request-rate: 1/",
      "Visit-time: 0000-"
    };
    for (int i = 0; i < 2_000; i++) {
      byte[] body;
      if (random.nextBoolean()) {
        body = new byte[random.nextInt(400)];
        random.nextBytes(body);
      } else {
        StringBuilder sb = new StringBuilder();
        for (int k = random.nextInt(60); k > 0; k--) {
          sb.append(fragments[random.nextInt(fragments.length)]);
        }
        body = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
      }
      for (Profile profile : Profile.values()) {
        RobotsTxt robots = RobotsTxt.parse(body, ParseOptions.of(profile));
        byte[] path = new byte[random.nextInt(30)];
        random.nextBytes(path);
        String p = new String(path, StandardCharsets.ISO_8859_1);
        assertThat(robots.check(p, "bot")).isNotNull();
        assertThat(robots.forAgent(p).check("/" + p)).isNotNull();
        assertThat(Linter.lint(body, ParseOptions.of(profile))).isNotNull();
      }
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {21, 22, 23, 24})
  void theUrlSplitterThrowsOnlyItsOwnException(long seed) {
    Random random = new Random(seed);
    int valid = 0;
    for (int i = 0; i < 20_000; i++) {
      StringBuilder sb = new StringBuilder(random.nextInt(3) == 0 ? "" : "http://");
      for (int k = random.nextInt(25); k > 0; k--) {
        sb.append(URL_ALPHABET.charAt(random.nextInt(URL_ALPHABET.length())));
      }
      String url = sb.toString();
      Throwable t = catchThrowable(() -> SplitUrl.of(url));
      if (t == null) {
        valid++;
        assertThat(SplitUrl.of(url).pathAndQuery()).startsWith("/");
      } else {
        assertThat(t).as(url).isInstanceOf(InvalidUrlException.class);
        assertThat(((InvalidUrlException) t).input()).isEqualTo(url);
      }
    }
    assertThat(valid).as("some random URLs are valid").isGreaterThan(100);
  }
}
