package io.github.reactiverobots.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.core.testing.FakeFetcher;
import io.github.reactiverobots.netty.NettyRobotsFetcher;
import io.github.reactiverobots.pacing.Pacer;
import io.github.reactiverobots.redis.RedisRobotsStore;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * The properties' defaults are the builders' own: with only a User-Agent set, each builder the
 * properties configure holds, field by field, what the same builder holds untouched (with the same
 * User-Agent). A default changed in a builder and not here (or here and not there) fails.
 */
class DefaultsTest {
  private static final RobotsProperties DEFAULTS =
      new Binder(
              new MapConfigurationPropertySource(
                  Map.of("reactive-robots.user-agent", StarterTests.USER_AGENT)))
          .bindOrCreate("reactive-robots", RobotsProperties.class);

  @Test
  void fetcherDefaultsAreTheFetcherBuilders() throws Exception {
    assertSameFields(
        Builders.fetcher(DEFAULTS),
        NettyRobotsFetcher.builder().userAgent(StarterTests.USER_AGENT));
  }

  @Test
  void cacheDefaultsAreTheCacheBuilders() throws Exception {
    FakeFetcher fetcher = new FakeFetcher();
    assertSameFields(
        draft(Builders.cache(DEFAULTS, fetcher)),
        draft(RobotsCache.builder().fetcher(fetcher).crawler(StarterTests.USER_AGENT)),
        20);
  }

  /** The settings a cache builder holds: its draft, whose fields are the settings. */
  private static Object draft(Object builder) throws Exception {
    Field draft = builder.getClass().getDeclaredField("draft");
    draft.setAccessible(true);
    return draft.get(builder);
  }

  @Test
  void pacerDefaultsAreThePacerBuilders() throws Exception {
    try (RobotsCache cache =
        RobotsCache.builder().fetcher(new FakeFetcher()).crawler(StarterTests.USER_AGENT).build()) {
      assertSameFields(Builders.pacer(DEFAULTS, cache), Pacer.builder(cache));
    }
  }

  @Test
  void redisDefaultsAreTheStoreBuilders() throws Exception {
    String uri = "redis://127.0.0.1:6379/0";
    RobotsProperties withUri =
        new Binder(new MapConfigurationPropertySource(Map.of("reactive-robots.redis.uri", uri)))
            .bindOrCreate("reactive-robots", RobotsProperties.class);
    assertSameFields(
        RobotsRedisAutoConfiguration.builder(withUri.redis()),
        RedisRobotsStore.builder().uri(uri),
        5);
  }

  private static void assertSameFields(Object configured, Object untouched) throws Exception {
    assertSameFields(configured, untouched, 9);
  }

  private static void assertSameFields(Object configured, Object untouched, int fields)
      throws Exception {
    List<String> compared = new ArrayList<>();
    for (Field field : configured.getClass().getDeclaredFields()) {
      if (Modifier.isStatic(field.getModifiers())) {
        continue;
      }
      field.setAccessible(true);
      assertThat(field.get(configured)).as(field.getName()).isEqualTo(field.get(untouched));
      compared.add(field.getName());
    }
    assertThat(compared).as("fields compared").hasSizeGreaterThanOrEqualTo(fields);
  }
}
