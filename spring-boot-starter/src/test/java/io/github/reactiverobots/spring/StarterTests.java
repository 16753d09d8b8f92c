package io.github.reactiverobots.spring;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.testing.FakeFetcher;
import java.nio.charset.StandardCharsets;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.convert.support.ConfigurableConversionService;

/** What the starter's context tests share. */
final class StarterTests {
  static final String USER_AGENT = "StarterTestBot/1.0 (+https://example.test/bot)";
  static final String BODY = "User-agent: *\nAllow: /private/open\nDisallow: /private/\n";

  private StarterTests() {}

  /** The auto-configurations as the starter registers them, read from its imports file. */
  static AutoConfigurations starter() {
    Class<?>[] classes =
        ImportCandidates.load(AutoConfiguration.class, StarterTests.class.getClassLoader())
            .getCandidates()
            .stream()
            .filter(name -> name.startsWith("io.github.reactiverobots."))
            .map(StarterTests::load)
            .toArray(Class<?>[]::new);
    return AutoConfigurations.of(classes);
  }

  /** A context with the starter and, as SpringApplication sets it, Boot's conversion service. */
  static ApplicationContextRunner runner() {
    return new ApplicationContextRunner()
        .withConfiguration(starter())
        .withInitializer(StarterTests::bootConversions);
  }

  static ReactiveWebApplicationContextRunner reactiveRunner() {
    return new ReactiveWebApplicationContextRunner()
        .withConfiguration(starter())
        .withInitializer(StarterTests::bootConversions);
  }

  /** Reads enum values leniently ({@code unrestricted} for {@code UNRESTRICTED}). */
  private static void bootConversions(ConfigurableApplicationContext context) {
    context
        .getEnvironment()
        .setConversionService(
            (ConfigurableConversionService) ApplicationConversionService.getSharedInstance());
  }

  /** A fetcher that serves {@link #BODY} for every origin, counting its fetches. */
  static FakeFetcher servingBody() {
    return new FakeFetcher().otherwise(ok(BODY));
  }

  static FetchResult ok(String body) {
    return FetchResult.status(200).body(body.getBytes(StandardCharsets.UTF_8)).build();
  }

  private static Class<?> load(String name) {
    try {
      return Class.forName(name);
    } catch (ClassNotFoundException e) {
      throw new AssertionError(e);
    }
  }
}
