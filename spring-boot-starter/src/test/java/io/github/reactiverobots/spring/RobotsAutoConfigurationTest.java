package io.github.reactiverobots.spring;

import static io.github.reactiverobots.spring.StarterTests.USER_AGENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.core.store.RobotsStore;
import io.github.reactiverobots.core.store.RobotsStore.Lease;
import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.netty.NettyRobotsFetcher;
import io.github.reactiverobots.pacing.Paced;
import io.github.reactiverobots.pacing.Pacer;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.Pacing;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The core auto-configuration: the beans, the properties they take, backing off, shutdown. */
class RobotsAutoConfigurationTest {
  private static final String ORIGIN = "https://site.test";

  @Test
  void definesTheFetcherCacheAndPacerForTheUserAgent() {
    StarterTests.runner()
        .withPropertyValues("reactive-robots.user-agent=" + USER_AGENT)
        .run(
            context -> {
              assertThat(context)
                  .hasSingleBean(NettyRobotsFetcher.class)
                  .hasSingleBean(RobotsCache.class)
                  .hasSingleBean(Pacer.class);
              RobotsCache cache = context.getBean(RobotsCache.class);
              assertThat(cache.crawler())
                  .hasValueSatisfying(
                      c -> {
                        assertThat(c.token()).isEqualTo("StarterTestBot");
                        assertThat(c.userAgent()).isEqualTo(USER_AGENT);
                      });
              assertThat(context.getBean(Pacer.class).agent()).isEqualTo("StarterTestBot");
              assertThat(context.getBean(NettyRobotsFetcher.class).maxInFlight()).isEqualTo(512);
            });
  }

  @Test
  void mapsThePropertiesOntoTheBuilders() {
    StarterTests.runner()
        .withPropertyValues(
            "reactive-robots.user-agent=" + USER_AGENT,
            "reactive-robots.crawler-token=OtherBot",
            "reactive-robots.profile=google",
            "reactive-robots.parse-limit=600KB",
            "reactive-robots.fetcher.max-in-flight=7",
            "reactive-robots.pacer.minimum-delay=2500ms",
            "reactive-robots.pacer.maximum-delay=4s")
        .run(
            context -> {
              NettyRobotsFetcher fetcher = context.getBean(NettyRobotsFetcher.class);
              assertThat(fetcher.maxInFlight()).isEqualTo(7);
              assertThat(fetcher.maxBodyBytes())
                  .as("the body cap follows the parse limit")
                  .isEqualTo(600 * 1024);
              RobotsCache cache = context.getBean(RobotsCache.class);
              assertThat(cache.crawler().orElseThrow().token()).isEqualTo("OtherBot");
              cache.put(ORIGIN, StarterTests.BODY.getBytes(StandardCharsets.UTF_8));
              assertThat(cache.rules(ORIGIN).block().robotsTxt().orElseThrow().options())
                  .satisfies(
                      o -> {
                        assertThat(o.profile()).isEqualTo(Profile.GOOGLE);
                        assertThat(o.parseLimit()).isEqualTo(600 * 1024);
                      });
              Pacer pacer = context.getBean(Pacer.class);
              assertThat(pacer.agent()).isEqualTo("OtherBot");
              assertThat(pacer.interval(Pacing.NONE)).isEqualTo(Duration.ofMillis(2500));
              assertThat(pacer.interval(Pacing.of(Duration.ofMinutes(1), null, null)))
                  .isEqualTo(Duration.ofSeconds(4));
            });
  }

  @Test
  void deferWhenFullHandsABusyOriginsExcessBackUnlessTurnedOff() {
    for (boolean defer : new boolean[] {true, false}) {
      StarterTests.runner()
          .withPropertyValues(
              "reactive-robots.user-agent=" + USER_AGENT,
              "reactive-robots.pacer.per-origin-queue=1",
              "reactive-robots.pacer.defer-when-full=" + defer)
          .run(
              context -> {
                context
                    .getBean(RobotsCache.class)
                    .put(ORIGIN, StarterTests.BODY.getBytes(StandardCharsets.UTF_8));
                // The first is released and never reported, so the other two stay behind it.
                List<Paced.Kind> kinds =
                    context
                        .getBean(Pacer.class)
                        .pace(Flux.just(ORIGIN + "/a", ORIGIN + "/b", ORIGIN + "/c"))
                        .take(Duration.ofMillis(500))
                        .map(Paced::kind)
                        .collectList()
                        .block(Duration.ofSeconds(10));
                if (defer) {
                  assertThat(kinds).contains(Paced.Kind.RELEASED, Paced.Kind.DEFERRED);
                } else {
                  assertThat(kinds).containsExactly(Paced.Kind.RELEASED);
                }
              });
    }
  }

  @Test
  void withoutAUserAgentStartupFailsNamingTheProperty() {
    StarterTests.runner()
        .run(
            context -> {
              assertThat(context).hasFailed();
              assertThat(context.getStartupFailure())
                  .rootCause()
                  .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                  .hasMessageContaining("reactive-robots.user-agent");
            });
  }

  @Test
  void aValueTheBuilderRefusesFailsStartupNamingThePropertyAndItsRange() {
    StarterTests.runner()
        .withPropertyValues(
            "reactive-robots.user-agent=" + USER_AGENT,
            "reactive-robots.cache.minimum-ttl=2h",
            "reactive-robots.cache.maximum-ttl=1h")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                    .hasMessageContaining("reactive-robots.cache.minimum-ttl")
                    .hasMessageContaining("at most reactive-robots.cache.maximum-ttl (PT1H)"));
  }

  @Test
  void anApplicationCacheIsUsedAsItIsAndNoFetcherIsCreated() {
    StarterTests.runner()
        .withUserConfiguration(OwnCache.class)
        .run(
            context -> {
              assertThat(context)
                  .hasSingleBean(RobotsCache.class)
                  .doesNotHaveBean(NettyRobotsFetcher.class);
              assertThat(context.getBean(RobotsCache.class)).isSameAs(context.getBean("ownCache"));
              assertThat(context.getBean(Pacer.class).agent()).isEqualTo("OwnBot");
            });
  }

  @Test
  void anApplicationFetcherIsUsedByTheAutoConfiguredCache() {
    StarterTests.runner()
        .withUserConfiguration(OwnFetcher.class)
        .withPropertyValues("reactive-robots.user-agent=" + USER_AGENT)
        .run(
            context -> {
              assertThat(context).doesNotHaveBean(NettyRobotsFetcher.class);
              FakeFetcher fetcher = context.getBean(FakeFetcher.class);
              Verdict v = context.getBean(RobotsCache.class).check(ORIGIN + "/private/x").block();
              assertThat(v.allowed()).isFalse();
              assertThat(v.rule().orElseThrow().line()).isEqualTo(3);
              assertThat(fetcher.calls()).isEqualTo(1);
            });
  }

  @Test
  void aStoreBeanIsTheCachesSharedStoreAndOneThatFailsStillLeavesAVerdict() {
    StarterTests.runner()
        .withUserConfiguration(OwnFetcher.class, FailingStore.class)
        .withPropertyValues("reactive-robots.user-agent=" + USER_AGENT)
        .run(
            context -> {
              FailingStore store = context.getBean(FailingStore.class);
              Verdict v = context.getBean(RobotsCache.class).check(ORIGIN + "/private/x").block();
              assertThat(v.allowed()).isFalse();
              assertThat(store.gets).hasValue(1);
              assertThat(context.getBean(FakeFetcher.class).calls()).isEqualTo(1);
            });
  }

  /** A store whose every call fails, counting the reads the cache made before fetching. */
  @Configuration(proxyBeanMethods = false)
  static class FailingStore implements RobotsStore {
    final AtomicInteger gets = new AtomicInteger();

    @Override
    public Mono<StoredRobots> get(Origin origin) {
      gets.incrementAndGet();
      return Mono.error(new IllegalStateException("store down"));
    }

    @Override
    public Mono<Void> put(Origin origin, StoredRobots value, Duration retention) {
      return Mono.error(new IllegalStateException("store down"));
    }

    @Override
    public Mono<Lease> acquire(Origin origin, Duration duration) {
      return Mono.error(new IllegalStateException("store down"));
    }

    @Override
    public Mono<Void> complete(Lease lease, StoredRobots value, Duration retention) {
      return Mono.error(new IllegalStateException("store down"));
    }

    @Override
    public Mono<Void> release(Lease lease) {
      return Mono.error(new IllegalStateException("store down"));
    }

    @Override
    public Mono<StoredRobots> awaitValue(Origin origin, Duration maxWait) {
      return Mono.error(new IllegalStateException("store down"));
    }
  }

  @Test
  void customizersAdjustTheBuildersAfterTheProperties() {
    StarterTests.runner()
        .withUserConfiguration(OwnFetcher.class, Customizers.class)
        .withPropertyValues(
            "reactive-robots.user-agent=" + USER_AGENT, "reactive-robots.pacer.minimum-delay=3s")
        .run(
            context -> {
              context.getBean(RobotsCache.class).check(ORIGIN + "/").block();
              assertThat(context.getBean(Customizers.class).fetched).containsExactly(ORIGIN);
              assertThat(context.getBean(Pacer.class).interval(Pacing.NONE))
                  .isEqualTo(Duration.ofMillis(100));
            });
    StarterTests.runner()
        .withUserConfiguration(Customizers.class)
        .withPropertyValues(
            "reactive-robots.user-agent=" + USER_AGENT, "reactive-robots.fetcher.max-in-flight=7")
        .run(
            context ->
                assertThat(context.getBean(NettyRobotsFetcher.class).maxInFlight()).isEqualTo(3));
  }

  @Test
  void thePacerCanBeSwitchedOff() {
    StarterTests.runner()
        .withPropertyValues(
            "reactive-robots.user-agent=" + USER_AGENT, "reactive-robots.pacer.enabled=false")
        .run(
            context ->
                assertThat(context).hasSingleBean(RobotsCache.class).doesNotHaveBean(Pacer.class));
  }

  @Test
  void aPacerOverACacheWithoutCrawlerNeedsAnAgent() {
    StarterTests.runner()
        .withUserConfiguration(OwnFetcher.class)
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                    .hasMessageContaining("reactive-robots.pacer.agent"));
    StarterTests.runner()
        .withUserConfiguration(OwnFetcher.class)
        .withPropertyValues("reactive-robots.pacer.agent=PoliteBot")
        .run(
            context -> {
              assertThat(context.getBean(RobotsCache.class).crawler()).isEmpty();
              assertThat(context.getBean(Pacer.class).agent()).isEqualTo("PoliteBot");
            });
  }

  @Test
  void shutdownClosesTheCacheThenItsFetcher() {
    StarterTests.runner()
        .withPropertyValues("reactive-robots.user-agent=" + USER_AGENT)
        .run(
            context -> {
              RobotsCache cache = context.getBean(RobotsCache.class);
              NettyRobotsFetcher fetcher = context.getBean(NettyRobotsFetcher.class);
              ((ConfigurableApplicationContext) context.getSourceApplicationContext()).close();
              assertThatThrownBy(() -> cache.checkIfCached(ORIGIN + "/"))
                  .isInstanceOf(IllegalStateException.class);
              FetchResult afterClose =
                  fetcher.fetch(Origin.of(ORIGIN), Conditional.NONE).block(Duration.ofSeconds(10));
              assertThat(afterClose.failure()).isEqualTo(FailureKind.CRAWLER_FAULT);
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnCache {
    @Bean(destroyMethod = "close")
    RobotsCache ownCache() {
      return RobotsCache.builder()
          .fetcher(StarterTests.servingBody())
          .crawler("OwnBot/2.0")
          .build();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnFetcher {
    @Bean
    FakeFetcher ownFetcher() {
      return StarterTests.servingBody();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Customizers {
    final List<String> fetched = new CopyOnWriteArrayList<>();

    @Bean
    RobotsCacheBuilderCustomizer listening() {
      return builder ->
          builder.listener(
              new RobotsCacheListener() {
                @Override
                public void onFetchStarted(Origin origin) {
                  fetched.add(origin.toString());
                }
              });
    }

    @Bean
    NettyRobotsFetcherBuilderCustomizer fewerFetches() {
      return builder -> builder.maxInFlight(3);
    }

    @Bean
    PacerBuilderCustomizer quicker() {
      return builder -> builder.minimumDelay(Duration.ofMillis(100));
    }
  }
}
