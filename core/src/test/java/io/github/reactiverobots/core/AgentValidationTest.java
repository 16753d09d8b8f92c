package io.github.reactiverobots.core;

import static io.github.reactiverobots.core.testing.CacheFixture.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.testing.CacheFixture;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * SEMANTICS.md §2 at the cache API: an agent whose product token comes out empty, or is a browser's
 * {@code Mozilla}, is an {@link IllegalArgumentException} rather than a silent match; the crawler's
 * identity is set once on the builder; a crawler named by a URL is a crawler.
 */
class AgentValidationTest {
  /** Groups an empty or browser token would silently select. */
  private static final String BODY =
      "User-agent: 008\nDisallow: /\n\n"
          + "User-agent: Mozilla\nDisallow: /\n\n"
          + "User-agent: MyBot\nDisallow: /mine\n\n"
          + "User-agent: *\nDisallow: /private\n";

  private static final String MOZILLA_UA =
      "Mozilla/5.0 (compatible; MyBot/1.0; +https://mybot.example/about)";

  private CacheFixture f;

  @AfterEach
  void close() {
    if (f != null) {
      f.close();
    }
  }

  @Test
  void theParserAloneWouldSelectTheEmptyNamedGroup() {
    // What the cache guards against: leniently (as Google's reference), 008bot's empty token
    // names the group of "User-agent: 008".
    RobotsTxt robots = RobotsTxt.parse(BODY, ParseOptions.defaults());
    assertThat(robots.check("http://a.com/x", "008bot").reason())
        .isEqualTo(Reason.MATCHED_DISALLOW);
    assertThat(robots.check("http://a.com/x", MOZILLA_UA).reason())
        .isEqualTo(Reason.MATCHED_DISALLOW);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "*",
        " MyBot",
        "\u041e\u043f\u0430\u0441\u0431\u043e\u0442",
        "008bot",
        "/MyBot",
        "Mozilla",
        "mozilla/5.0",
        MOZILLA_UA
      })
  void everyEntryPointRefusesAnAgentNamingNoCrawler(String agent) {
    f = new CacheFixture();
    f.fetcher.otherwise(ok(BODY));
    String url = "http://a.com/x";
    assertThatThrownBy(() -> f.cache.check(url, agent))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("agent");
    assertThatThrownBy(() -> f.cache.allowed(url, agent))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> f.cache.checkAll(Flux.just(url), agent))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> f.cache.checkAll(Flux.just(url), agent))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> f.cache.checkIfCached(url, agent))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(f.fetcher.calls()).isZero();

    RobotsRules rules = rules(url);
    assertThatThrownBy(() -> rules.check(url, agent)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> rules.pacing(agent)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> rules.crawlDelay(agent)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> CrawlerIdentity.of(agent))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "*", "008bot", "Mozilla", MOZILLA_UA})
  void aCacheWithACrawlerIdentityStillRefusesAnAgentNamingNoCrawler(String agent) {
    f = new CacheFixture(b -> b.crawler("MyBot/1.0"));
    f.fetcher.otherwise(ok(BODY));
    String url = "http://a.com/mine";
    assertThat(one(f.cache.check(url)).reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    assertThatThrownBy(() -> f.cache.checkIfCached(url, agent))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> f.cache.check(url, agent))
        .isInstanceOf(IllegalArgumentException.class);
    // The token passed as a string of the caller's own answers as the identity does.
    String token = new String("MyBot");
    assertThat(f.cache.checkIfCached(url, token)).isEqualTo(f.cache.checkIfCached(url));
  }

  @Test
  void theMessageShowsALongAgentCutAndEscaped() {
    f = new CacheFixture();
    String agent = "\u001b[2J" + "x".repeat(100_000);
    assertThatThrownBy(() -> f.cache.check("http://a.com/", agent))
        .hasMessageContaining("\\x1B[2J")
        .hasMessageContaining("...")
        .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(400));
  }

  @ParameterizedTest
  @EnumSource(Profile.class)
  void aCrawlerWithABrowserStyleUserAgentNamesItsTokenOnce(Profile profile) {
    f = new CacheFixture(b -> b.profile(profile).crawler(new CrawlerIdentity("MyBot", MOZILLA_UA)));
    f.fetcher.otherwise(ok(BODY));
    assertThat(f.cache.crawler()).map(CrawlerIdentity::userAgent).contains(MOZILLA_UA);
    // check(url) uses the token set once: MyBot's group, not mozilla's nor the empty one.
    Verdict mine = one(f.cache.check("http://a.com/mine"));
    assertThat(mine.reason()).isEqualTo(Reason.MATCHED_DISALLOW);
    assertThat(mine.rule().orElseThrow().line()).isEqualTo(8);
    assertThat(one(f.cache.check("http://a.com/x")).allowed()).isTrue();
    assertThat(rules("http://a.com/").check("/mine").rule().orElseThrow().line()).isEqualTo(8);
    assertThat(f.cache.checkIfCached("http://a.com/private").orElseThrow().allowed()).isTrue();
  }

  @Test
  void aUserAgentThatStartsWithMozillaIsRefusedAsAnIdentity() {
    assertThatThrownBy(() -> RobotsCache.builder().crawler(MOZILLA_UA))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("new CrawlerIdentity(\"MyBot\", userAgent)");
    assertThatThrownBy(() -> new CrawlerIdentity("mozilla", "mozilla"))
        .isInstanceOf(IllegalArgumentException.class);
    // A token that merely starts with the letters is another crawler.
    assertThat(CrawlerIdentity.of("MozillaBot/2.0").token()).isEqualTo("MozillaBot");
  }

  @Test
  void aCrawlerNamedByAUrlOrAUserAgentStringIsACrawler() {
    f = new CacheFixture();
    f.fetcher.otherwise(ok(BODY));
    // RFC_9309: the leading run is the token ("https", "MyBot").
    assertThat(one(f.cache.check("http://a.com/private", "https://crawler.example/bot")).reason())
        .isEqualTo(Reason.MATCHED_DISALLOW);
    assertThat(
            one(f.cache.check("http://a.com/mine", "MyBot/1.0 (+https://x.example)"))
                .rule()
                .orElseThrow()
                .line())
        .isEqualTo(8);
    assertThat(one(f.cache.check("http://a.com/mine", "MozillaBot")).allowed()).isTrue();
  }

  @Test
  void googleMatchesAUserAgentStringAsGivenWithoutRefusingIt() {
    f = new CacheFixture(b -> b.profile(Profile.GOOGLE));
    f.fetcher.otherwise(ok(BODY));
    // SEMANTICS.md §2: FooBot/1.0 then matches no FooBot group, so '*' applies.
    assertThat(one(f.cache.check("http://a.com/mine", "MyBot/1.0")).allowed()).isTrue();
    assertThat(one(f.cache.check("http://a.com/mine", "MyBot")).allowed()).isFalse();
    assertThatThrownBy(() -> f.cache.check("http://a.com/mine", "008bot"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private RobotsRules rules(String url) {
    AtomicReference<RobotsRules> out = new AtomicReference<>();
    StepVerifier.create(f.cache.rules(url)).consumeNextWith(out::set).verifyComplete();
    return out.get();
  }

  private static Verdict one(Mono<Verdict> check) {
    AtomicReference<Verdict> out = new AtomicReference<>();
    StepVerifier.create(check)
        .consumeNextWith(out::set)
        .expectComplete()
        .verify(Duration.ofSeconds(10));
    return out.get();
  }
}
