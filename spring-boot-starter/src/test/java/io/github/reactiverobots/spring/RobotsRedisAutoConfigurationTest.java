package io.github.reactiverobots.spring;

import static io.github.reactiverobots.spring.StarterTests.USER_AGENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.event.RobotsCacheListener.StoreEvent;
import io.github.reactiverobots.core.store.RobotsStore;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.redis.RedisRobotsStore;
import io.github.reactiverobots.redis.testing.RedisServer;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The shared store on Redis from {@code reactive-robots.redis.*}, against a real {@code
 * redis-server} on a free loopback port (skipped without one, failed under {@code CI}).
 */
class RobotsRedisAutoConfigurationTest {
  private static final String ORIGIN = "https://fleet.test";
  private static final AtomicInteger PREFIXES = new AtomicInteger();

  @RegisterExtension static final RedisServer.PerClass REDIS = RedisServer.perClass();

  /** A worker of the fleet: its own fetcher, the store from the properties, a fresh prefix. */
  private static ApplicationContextRunner worker(String prefix) {
    return StarterTests.runner()
        .withUserConfiguration(Worker.class)
        .withPropertyValues(
            "reactive-robots.user-agent=" + USER_AGENT,
            "reactive-robots.redis.uri=" + REDIS.server().uri(),
            "reactive-robots.redis.key-prefix=" + prefix,
            "reactive-robots.cache.store-wait=5s");
  }

  private static String prefix() {
    return "starter" + PREFIXES.incrementAndGet() + ":";
  }

  @Test
  void twoWorkersSharingTheRedisFromTheirPropertiesFetchOnceBetweenThem() {
    String prefix = prefix();
    worker(prefix)
        .run(
            first -> {
              assertThat(first).hasSingleBean(RedisRobotsStore.class);
              RedisRobotsStore store = first.getBean(RedisRobotsStore.class);
              Verdict v = first.getBean(RobotsCache.class).check(ORIGIN + "/private/x").block();
              assertThat(v.allowed()).isFalse();
              assertThat(first.getBean(Worker.class).written.get(10, TimeUnit.SECONDS))
                  .isEqualTo(ORIGIN);
              String key = store.valueKey(Origin.of(ORIGIN));
              assertThat(key).startsWith(prefix);
              assertThat(REDIS.server().commands().exists(key)).isEqualTo(1L);

              worker(prefix)
                  .run(
                      second -> {
                        Verdict w =
                            second.getBean(RobotsCache.class).check(ORIGIN + "/private/x").block();
                        assertThat(w.allowed()).isFalse();
                        assertThat(w.rule().orElseThrow().line()).isEqualTo(3);
                        assertThat(second.getBean(FakeFetcher.class).calls())
                            .as("the second worker's fetches")
                            .isZero();
                        assertThat(second.getBean(Worker.class).storeEvents)
                            .contains(StoreEvent.HIT);
                      });
              assertThat(first.getBean(FakeFetcher.class).calls()).isEqualTo(1);
            });
  }

  @Test
  void withoutAUriThereIsNoStore() {
    StarterTests.runner()
        .withUserConfiguration(Worker.class)
        .withPropertyValues("reactive-robots.user-agent=" + USER_AGENT)
        .run(
            context ->
                assertThat(context)
                    .hasSingleBean(RobotsCache.class)
                    .doesNotHaveBean(RobotsStore.class));
  }

  @Test
  void anApplicationStoreIsUsedAndRedisIsNotContacted() throws Exception {
    try (SocketChannel refusing = refusingPort()) {
      StarterTests.runner()
          .withUserConfiguration(Worker.class, RobotsAutoConfigurationTest.FailingStore.class)
          .withPropertyValues(
              "reactive-robots.user-agent=" + USER_AGENT,
              "reactive-robots.redis.uri=redis://127.0.0.1:" + port(refusing))
          .run(
              context -> {
                assertThat(context).hasNotFailed().doesNotHaveBean(RedisRobotsStore.class);
                context.getBean(RobotsCache.class).check(ORIGIN + "/").block();
                assertThat(context.getBean(RobotsAutoConfigurationTest.FailingStore.class).gets)
                    .hasValue(1);
              });
    }
  }

  @Test
  void aUriWithoutTheRedisModuleFailsStartupNamingTheProperty() {
    StarterTests.runner()
        .withClassLoader(new FilteredClassLoader(RedisRobotsStore.class))
        .withUserConfiguration(Worker.class)
        .withPropertyValues(
            "reactive-robots.user-agent=" + USER_AGENT,
            "reactive-robots.redis.uri=redis://:secret@127.0.0.1:6379")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                    .hasMessageContaining("reactive-robots.redis.uri")
                    .hasMessageContaining("reactive-robots-redis")
                    .hasMessageNotContaining("secret"));
  }

  @Test
  void aMalformedUriFailsStartupNamingThePropertyWithoutThePassword() {
    worker(prefix())
        .withPropertyValues("reactive-robots.redis.uri=http://:secret@127.0.0.1")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                    .hasMessageContaining("reactive-robots.redis.uri")
                    .hasMessageContaining("Scheme http")
                    .hasMessageNotContaining("secret"));
  }

  @Test
  void anUnreachableRedisFailsStartupNamingTheProperty() throws Exception {
    try (SocketChannel refusing = refusingPort()) {
      String uri = "redis://:secret@127.0.0.1:" + port(refusing);
      worker(prefix())
          .withPropertyValues("reactive-robots.redis.uri=" + uri)
          .run(
              context -> {
                assertThat(context).hasFailed();
                assertThat(causeOfType(context.getStartupFailure(), IllegalStateException.class))
                    .hasMessageContaining("reactive-robots.redis.uri=redis://:******@127.0.0.1:")
                    .hasMessageNotContaining("secret");
              });
    }
  }

  @Test
  void customizersAdjustTheStoreBuilderAfterTheProperties() {
    worker(prefix())
        .withUserConfiguration(OtherPrefix.class)
        .run(
            context ->
                assertThat(context.getBean(RedisRobotsStore.class).valueKey(Origin.of(ORIGIN)))
                    .isEqualTo("custom:{" + ORIGIN + "}"));
  }

  @Test
  void shutdownClosesTheStore() {
    worker(prefix())
        .run(
            context -> {
              RedisRobotsStore store = context.getBean(RedisRobotsStore.class);
              assertThat(store.get(Origin.of(ORIGIN)).block(Duration.ofSeconds(10))).isNull();
              ((ConfigurableApplicationContext) context.getSourceApplicationContext()).close();
              assertThatThrownBy(() -> store.get(Origin.of(ORIGIN)).block(Duration.ofSeconds(10)))
                  .isInstanceOf(RuntimeException.class);
            });
  }

  private static Throwable causeOfType(Throwable failure, Class<? extends Throwable> type) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return t;
      }
    }
    throw new AssertionError("no " + type.getSimpleName() + " in", failure);
  }

  /**
   * A loopback port that refuses connections while the channel is open: bound, never listening. A
   * port bound and released at once could be taken meanwhile by another bind, or be the local end
   * the kernel gives a client connecting to it, which then connects to itself.
   */
  private static SocketChannel refusingPort() throws IOException {
    return SocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
  }

  private static int port(SocketChannel bound) throws IOException {
    return ((InetSocketAddress) bound.getLocalAddress()).getPort();
  }

  /** One worker's fetcher, and what its cache reports of the store. */
  @Configuration(proxyBeanMethods = false)
  static class Worker {
    final CompletableFuture<String> written = new CompletableFuture<>();
    final List<StoreEvent> storeEvents = new CopyOnWriteArrayList<>();

    @Bean
    FakeFetcher workerFetcher() {
      return StarterTests.servingBody();
    }

    @Bean
    RobotsCacheBuilderCustomizer storeEvents() {
      return builder ->
          builder.listener(
              new RobotsCacheListener() {
                @Override
                public void onStore(Origin origin, StoreEvent event) {
                  storeEvents.add(event);
                  if (event == StoreEvent.WRITE) {
                    written.complete(origin.toString());
                  }
                }
              });
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class OtherPrefix {
    @Bean
    RedisRobotsStoreBuilderCustomizer otherPrefix() {
      return builder -> builder.keyPrefix("custom:");
    }
  }
}
