package io.github.reactiverobots.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.redis.RedisRobotsStore;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * Every refusal of a {@code reactive-robots.*} value, one case per message: the start fails, and
 * the failure analysis names the property, the value as written and what it allows. One case runs a
 * real {@link org.springframework.boot.SpringApplication} to show the report Boot prints.
 */
@ExtendWith(OutputCaptureExtension.class)
class RobotsPropertyFailureAnalyzerTest {
  private static final String UA = "reactive-robots.user-agent=" + StarterTests.USER_AGENT;

  static Stream<Arguments> refusals() {
    return Stream.of(
        refused(
            "reactive-robots.user-agent",
            "the crawler's User-Agent, such as MyCrawler/1.0",
            "reactive-robots.profile=rfc-9309"),
        refused(
            "reactive-robots.user-agent",
            "printable ASCII only (found U+00E9 at index 2)",
            "reactive-robots.user-agent=Ex\u00e9Bot/1.0"),
        refused(
            "reactive-robots.user-agent",
            "a User-Agent that starts with the crawler's product token",
            "reactive-robots.user-agent=Mozilla/5.0 (compatible; MyBot/1.0)"),
        refused(
            "reactive-robots.crawler-token",
            "a product token: letters, '_' and '-' only",
            UA,
            "reactive-robots.crawler-token=My Bot"),
        refused(
            "reactive-robots.explicit-agents",
            "a comma-separated list of product tokens",
            UA,
            "reactive-robots.explicit-agents=adsbot-google,MyBot/1.0"),
        refused(
            "reactive-robots.parse-limit",
            "from 500KB (the RFC 9309 minimum) to 2047MB",
            UA,
            "reactive-robots.parse-limit=100KB"),
        refused(
            "reactive-robots.parse-limit",
            "at most the fetcher's body cap, 614400 bytes",
            UA,
            "reactive-robots.parse-limit=1MB",
            "reactive-robots.fetcher.max-body-size=600KB"),
        refused(
            "reactive-robots.cache.maximum-weight",
            "more than 0B",
            UA,
            "reactive-robots.cache.maximum-weight=0B"),
        refused(
            "reactive-robots.cache.maximum-origins",
            "at least 1, or unset for no bound",
            UA,
            "reactive-robots.cache.maximum-origins=0"),
        refused(
            "reactive-robots.cache.fetch-timeout",
            "more than 0s and at most 3650d",
            UA,
            "reactive-robots.cache.fetch-timeout=0s"),
        refused(
            "reactive-robots.cache.stale-copy-window",
            "from 0s to 3650d",
            UA,
            "reactive-robots.cache.stale-copy-window=-1s"),
        refused(
            "reactive-robots.cache.minimum-ttl",
            "at most reactive-robots.cache.maximum-ttl",
            UA,
            "reactive-robots.cache.minimum-ttl=2h",
            "reactive-robots.cache.maximum-ttl=1h"),
        refused(
            "reactive-robots.cache.check-all-concurrency",
            "at least 1",
            UA,
            "reactive-robots.cache.check-all-concurrency=0"),
        refused(
            "reactive-robots.cache.residency-share",
            "from 0 to 0.5",
            UA,
            "reactive-robots.cache.residency-share=0.6"),
        refused(
            "reactive-robots.fetcher.max-body-size",
            "from 500KB (the RFC 9309 minimum)",
            UA,
            "reactive-robots.fetcher.max-body-size=100KB"),
        refused(
            "reactive-robots.fetcher.max-redirects",
            "from 0 to 20",
            UA,
            "reactive-robots.fetcher.max-redirects=21"),
        refused(
            "reactive-robots.fetcher.max-header-size",
            "from 1KB to 1MB",
            UA,
            "reactive-robots.fetcher.max-header-size=512B"),
        refused(
            "reactive-robots.fetcher.connect-timeout",
            "at most reactive-robots.fetcher.deadline",
            UA,
            "reactive-robots.fetcher.connect-timeout=30s"),
        refused(
            "reactive-robots.fetcher.proxy.host",
            "a host name or address, required when" + " reactive-robots.fetcher.proxy.type is http",
            UA,
            "reactive-robots.fetcher.proxy.type=http"),
        refused(
            "reactive-robots.fetcher.proxy.port",
            "from 1 to 65535",
            UA,
            "reactive-robots.fetcher.proxy.type=socks",
            "reactive-robots.fetcher.proxy.host=127.0.0.1",
            "reactive-robots.fetcher.proxy.port=0"),
        refused(
            "reactive-robots.pacer.agent",
            "a product token",
            UA,
            "reactive-robots.pacer.agent=MyBot/1.0"),
        refused(
            "reactive-robots.pacer.minimum-delay",
            "at most reactive-robots.pacer.maximum-delay",
            UA,
            "reactive-robots.pacer.minimum-delay=1m"),
        refused(
            "reactive-robots.redis.key-prefix",
            "any text without '{' or '}'",
            UA,
            "reactive-robots.redis.uri=redis://127.0.0.1:1",
            "reactive-robots.redis.key-prefix={x}"),
        refused(
            "reactive-robots.redis.wait-backoff-minimum",
            "at most reactive-robots.redis.wait-backoff-maximum",
            UA,
            "reactive-robots.redis.uri=redis://127.0.0.1:1",
            "reactive-robots.redis.wait-backoff-minimum=2s"),
        refused(
            "reactive-robots.redis.uri",
            "a Redis URI such as redis://127.0.0.1:6379/0",
            UA,
            "reactive-robots.redis.uri=http://127.0.0.1"));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("refusals")
  void aRefusedValueIsReportedWithItsPropertyValueAndAllowedValues(
      String property, String allowed, String[] properties) {
    analysed(StarterTests.runner(), property, allowed, properties);
  }

  @Test
  void aPacerWithoutAnyCrawlerIsReportedOnItsAgentProperty() {
    analysed(
        StarterTests.runner().withUserConfiguration(OwnFetcher.class),
        "reactive-robots.pacer.agent",
        "the crawler's product token, required since the"
            + " RobotsCache bean has no crawler identity");
  }

  @Test
  void aRedisUriWithoutTheModuleIsReportedOnTheUri() {
    analysed(
        StarterTests.runner().withClassLoader(new FilteredClassLoader(RedisRobotsStore.class)),
        "reactive-robots.redis.uri",
        "unset, unless the reactive-robots-redis module is on the" + " class path",
        UA,
        "reactive-robots.redis.uri=redis://127.0.0.1:1");
  }

  @Test
  void aMissingUserAgentIsReportedAsRequiredWithoutADefault() {
    StarterTests.runner()
        .run(
            context -> {
              FailureAnalysis analysis =
                  new RobotsPropertyFailureAnalyzer(new StandardEnvironment())
                      .analyze(context.getStartupFailure());
              assertThat(analysis.getDescription())
                  .startsWith("The property reactive-robots.user-agent is not set.");
              assertThat(analysis.getAction())
                  .startsWith(
                      "Set reactive-robots.user-agent to an allowed value: it is required here"
                          + " and has no default")
                  .doesNotContain("remove it");
            });
  }

  @Test
  void anOptionalPropertyWithoutADefaultIsToldItCanBeLeftUnset() {
    analysed(
        StarterTests.runner(),
        "reactive-robots.cache.maximum-origins",
        "at least 1, or unset for no bound",
        UA,
        "reactive-robots.cache.maximum-origins=0");
    assertThat(
            RobotsPropertyFailureAnalyzer.action(
                "reactive-robots.cache.maximum-origins",
                InvalidRobotsPropertyException.Unset.NOTHING))
        .contains("or remove it to leave it unset")
        .doesNotContain("its default");
  }

  static Stream<Arguments> enums() {
    return Stream.of(
        Arguments.of("reactive-robots.profile", "rfc-9308", "rfc-9309 or google"),
        Arguments.of("reactive-robots.fetcher.address-policy", "open", "permit-all or public-only"),
        Arguments.of("reactive-robots.fetcher.proxy.type", "https", "none, http or socks"));
  }

  @ParameterizedTest(name = "{0}={1}")
  @MethodSource("enums")
  void anEnumValueThatDoesNotBindListsTheSpellingsTheDocsUse(
      String property, String value, String allowed) {
    StarterTests.runner()
        .withPropertyValues(UA, property + "=" + value)
        .run(
            context -> {
              assertThat(context).hasFailed();
              FailureAnalysis analysis =
                  new RobotsEnumFailureAnalyzer().analyze(context.getStartupFailure());
              assertThat(analysis).as("analysed: %s", context.getStartupFailure()).isNotNull();
              assertThat(analysis.getDescription())
                  .isEqualTo(
                      "The property "
                          + property
                          + " has the value '"
                          + value
                          + "', which it does not allow.\n\nAllowed: "
                          + allowed
                          + ".");
              assertThat(analysis.getAction())
                  .startsWith("Set " + property + " to an allowed value, or remove it to use its")
                  .doesNotContain("_");
            });
  }

  @Test
  void springBootPrintsTheDocumentedSpellingsForABadEnum(CapturedOutput output) {
    assertThat(failedStart(output, UA, "reactive-robots.profile=RFC_9308"))
        .contains("APPLICATION FAILED TO START")
        .contains("Allowed: rfc-9309 or google.")
        .doesNotContain("RFC_9309");
  }

  @Test
  void springBootPrintsTheReportInsteadOfAStackTrace(CapturedOutput output) {
    assertThat(failedStart(output, UA, "reactive-robots.parse-limit=100KB"))
        .contains("APPLICATION FAILED TO START")
        .contains(
            "The property reactive-robots.parse-limit has the value '100KB', which it does"
                + " not allow.")
        .contains("Allowed: from 500KB (the RFC 9309 minimum) to 2047MB.")
        .contains("Set reactive-robots.parse-limit to an allowed value")
        .doesNotContain("maxBodyBytes");
  }

  /** What Spring Boot printed for a start with {@code properties}, which must fail. */
  private static String failedStart(CapturedOutput output, String... properties) {
    Throwable failure =
        catchThrowable(
            () ->
                new SpringApplicationBuilder(App.class)
                    .web(WebApplicationType.NONE)
                    .properties(properties)
                    .run());
    assertThat(failure).as("the start failed").isNotNull();
    return output.getOut() + output.getErr();
  }

  private static Arguments refused(String property, String allowed, String... properties) {
    return Arguments.of(property, allowed, properties);
  }

  private static void analysed(
      ApplicationContextRunner runner, String property, String allowed, String... properties) {
    runner
        .withPropertyValues(properties)
        .run(
            context -> {
              assertThat(context).hasFailed();
              Throwable failure = context.getStartupFailure();
              StandardEnvironment environment = new StandardEnvironment();
              environment
                  .getPropertySources()
                  .addFirst(new MapPropertySource("test", map(properties)));
              FailureAnalysis analysis =
                  new RobotsPropertyFailureAnalyzer(environment).analyze(failure);
              assertThat(analysis).as("analysed: %s", failure).isNotNull();
              Object written = map(properties).get(property);
              assertThat(analysis.getDescription())
                  .startsWith(
                      written == null
                          ? "The property " + property + " is not set."
                          : "The property " + property + " has the value '" + written + "'")
                  .contains("Allowed: " + allowed);
              assertThat(analysis.getAction())
                  .startsWith("Set " + property + " to an allowed value");
            });
  }

  private static Map<String, Object> map(String... properties) {
    Map<String, Object> map = new LinkedHashMap<>();
    Arrays.stream(properties)
        .forEach(
            p -> {
              int eq = p.indexOf('=');
              map.put(p.substring(0, eq), p.substring(eq + 1));
            });
    return map;
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {}

  static class OwnFetcher {
    @Bean
    RobotsFetcher ownFetcher() {
      return StarterTests.servingBody();
    }
  }
}
