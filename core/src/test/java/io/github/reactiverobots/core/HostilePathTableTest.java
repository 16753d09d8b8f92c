package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.AgentRules;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.internal.rules.PathMatcher;
import io.github.reactiverobots.robotstxt.internal.url.LenientPaths;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * One path reading per profile in every API (SEMANTICS.md §4): the same table of hostile spellings
 * through every public entry point that takes a URL or a path. Under {@code RFC_9309} each gives
 * the cache's verdict (or, where the cache refuses the URL, the same {@link InvalidUrlException});
 * under {@code GOOGLE} the parser-alone API keeps the lenient reading of Google's reference
 * matcher.
 */
class HostilePathTableTest {
  private static final String AGENT = "TableBot";
  private static final byte[] BODY =
      "User-agent: *\nDisallow: /private\n".getBytes(StandardCharsets.UTF_8);
  private static final Duration WAIT = Duration.ofSeconds(5);

  /**
   * A spelling, its path as given (null when the spelling is in the authority), and whether the
   * cache allows it (null: the cache refuses the URL).
   */
  static Stream<Arguments> table() {
    return Stream.of(
        Arguments.of("http://victim.test/private", "/private", false),
        Arguments.of("http://victim.test/public", "/public", true),
        Arguments.of("http://victim.test/x\\..\\private", "/x\\..\\private", false),
        Arguments.of("http://victim.test\\private", "\\private", false),
        Arguments.of("http://victim.test/%2e%2e\\private", "/%2e%2e\\private", false),
        Arguments.of("http://victim.test/x/%2E%2e/private", "/x/%2E%2e/private", false),
        Arguments.of("http://evil.test;@victim.test/private", null, false),
        Arguments.of("http:///victim.test/private", null, false),
        Arguments.of("http:\\\\victim.test\\private", null, false),
        Arguments.of("http://victim.test/pri\tvate", "/pri\tvate", null),
        Arguments.of(" http://victim.test/x\\..\\private", "/x\\..\\private", false),
        Arguments.of("\t\u0001 HTTP://victim.test/%2e%2e\\private\n", "/%2e%2e\\private", false));
  }

  private static RobotsCache cache(Profile profile) {
    return RobotsCache.builder()
        .profile(profile)
        .fetcher((o, c) -> Mono.just(FetchResult.status(200).body(BODY).build()))
        .parseScheduler(Schedulers.immediate())
        .build();
  }

  /** Every entry point's answer for {@code url} under RFC_9309: allowed or not, or refused. */
  @ParameterizedTest
  @MethodSource("table")
  void everyEntryPointReadsThePathAsTheCacheDoesUnderRfc9309(
      String url, String path, Boolean allowed) {
    RobotsTxt robots = RobotsTxt.parse(BODY, ParseOptions.of(Profile.RFC_9309));
    AgentRules rules = robots.forAgent(AGENT);
    try (RobotsCache cache = cache(Profile.RFC_9309)) {
      RobotsRules held = cache.rules("http://victim.test/").block(WAIT);
      cache.check("http://victim.test/", AGENT).block(WAIT);
      List<Supplier<Boolean>> entryPoints =
          List.of(
              () -> cache.check(url, AGENT).block(WAIT).allowed(),
              () -> cache.allowed(url, AGENT).block(WAIT),
              () -> cache.usage(url, AGENT).block(WAIT).verdict().allowed(),
              () -> cache.checkIfCached(url, AGENT).orElseThrow().allowed(),
              () -> only(cache.checkAll(Flux.just(url), AGENT)),
              () -> only(cache.checkAllUnordered(Flux.just(url), AGENT)),
              () -> held.check(url, AGENT).allowed(),
              () -> held.usage(url, AGENT).verdict().allowed(),
              () -> robots.check(url, AGENT).allowed(),
              () -> robots.allowed(url, AGENT),
              () -> robots.usage(url, AGENT).verdict().allowed());
      for (int i = 0; i < entryPoints.size(); i++) {
        expect(entryPoints.get(i), allowed, url + " through entry point #" + i);
      }
      // AgentRules matches a path already read; the path the cache reads gives its verdict.
      expect(
          () -> rules.check(SplitUrl.of(url).pathAndQuery()).allowed(),
          allowed,
          url + " through AgentRules.check");
      expect(
          () -> rules.usage(SplitUrl.of(url).pathAndQuery()).verdict().allowed(),
          allowed,
          url + " through AgentRules.usage");
    }
  }

  /** Under GOOGLE the parser-alone API reads the path leniently, as before. */
  @ParameterizedTest
  @MethodSource("table")
  void underGoogleTheParserAloneKeepsTheLenientReading(String url, String path, Boolean allowed) {
    RobotsTxt robots = RobotsTxt.parse(BODY, ParseOptions.of(Profile.GOOGLE));
    AgentRules rules = robots.forAgent(AGENT);
    boolean lenient = rules.check(LenientPaths.pathParamsQuery(url)).allowed();
    assertThat(robots.check(url, AGENT).allowed()).as(url).isEqualTo(lenient);
    assertThat(robots.allowed(url, AGENT)).as(url).isEqualTo(lenient);
    if (path != null) {
      byte[] bytes = path.getBytes(StandardCharsets.UTF_8);
      assertThat(rules.check(path).allowed())
          .as(path)
          .isEqualTo(((PathMatcher) rules).check(bytes, 0, bytes.length, null).allowed());
    }
  }

  private static boolean only(Flux<CheckResult> results) {
    CheckResult r = results.single().block(WAIT);
    if (r.error().isPresent()) {
      Throwable e = r.error().get();
      throw e instanceof RuntimeException re ? re : new IllegalStateException(e);
    }
    return r.verdict().orElseThrow().allowed();
  }

  private static void expect(Supplier<Boolean> answer, Boolean allowed, String what) {
    if (allowed == null) {
      assertThatThrownBy(answer::get).as(what).isInstanceOf(InvalidUrlException.class);
    } else {
      assertThat(answer.get()).as(what).isEqualTo(allowed);
    }
  }
}
