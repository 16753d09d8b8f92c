package io.github.reactiverobots.core;

import static io.github.reactiverobots.core.testing.CacheFixture.ok;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.testing.CacheFixture;
import io.github.reactiverobots.robotstxt.model.Profile;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/**
 * Issue 15: nothing keeps the agent strings callers pass. A crawler's groups are found by hashing
 * and comparing its token in place, so there is no token memo, static or per cache, to fill; 1,000
 * distinct 100 KB agents, each used through every entry point that takes one, are unreachable once
 * the cache is closed. Retention is measured by reachability (weak references cleared by a bounded
 * number of collections), not by heap figures or time.
 */
class AgentRetentionTest {
  private static final int AGENTS = 1_000;
  private static final int AGENT_CHARS = 100 * 1024;
  private static final int MAX_COLLECTIONS = 20;

  @ParameterizedTest
  @EnumSource(Profile.class)
  void aThousandLongAgentsLeaveNothingBehindAfterClose(Profile profile) {
    CacheFixture f =
        new CacheFixture(
            b -> b.profile(profile).explicitAgents(Set.of("AdsBot")).crawler("RetentionBot/1.0"));
    f.fetcher.otherwise(ok("User-agent: ab\nDisallow: /ab\n\nUser-agent: *\nDisallow: /p\n"));
    RobotsRules rules = rules(f);
    List<WeakReference<String>> agents = new ArrayList<>(AGENTS);
    for (int i = 0; i < AGENTS; i++) {
      agents.add(useOnce(f, rules, i));
    }
    assertThat(f.fetcher.calls()).isEqualTo(1);
    f.close();
    assertThat(f.cache.stats().origins()).isZero();
    assertThat(stillReachable(agents)).isZero();
    // The cache itself is still referenced here: what it holds is not the agents.
    assertThat(f.cache.crawler()).isPresent();
  }

  /** Makes agent {@code i}, passes it to every entry point, and keeps only a weak reference. */
  private static WeakReference<String> useOnce(CacheFixture f, RobotsRules rules, int i) {
    String agent = agent(i);
    String url = "http://a.example/p" + (i % 7);
    StepVerifier.create(f.cache.check(url, agent)).expectNextCount(1).verifyComplete();
    assertThat(f.cache.checkIfCached(url, agent)).isPresent();
    StepVerifier.create(f.cache.checkAll(Flux.just(url, "not a url"), agent))
        .expectNextCount(2)
        .verifyComplete();
    assertThat(rules.check(url, agent).allowed()).isFalse();
    assertThat(rules.pacing(agent)).isNotNull();
    return new WeakReference<>(agent);
  }

  /**
   * A distinct agent of {@code AGENT_CHARS} characters: a long product token (the whole string
   * under {@code RFC_9309}) for even {@code i}, a short one followed by a long comment for odd.
   */
  private static String agent(int i) {
    StringBuilder sb = new StringBuilder(AGENT_CHARS).append("Bot");
    for (int n = i; n > 0 || sb.length() == 3; n /= 26) {
      sb.append((char) ('a' + n % 26));
    }
    sb.append(i % 2 == 0 ? "-" : "/1.0 (+https://bot.example/ ");
    while (sb.length() < AGENT_CHARS) {
      sb.append('x');
    }
    return sb.toString();
  }

  /** How many referents survive up to {@code MAX_COLLECTIONS} full collections. */
  private static int stillReachable(List<WeakReference<String>> refs) {
    int alive = refs.size();
    for (int gc = 0; gc < MAX_COLLECTIONS && alive > 0; gc++) {
      System.gc();
      alive = (int) refs.stream().filter(r -> r.get() != null).count();
    }
    return alive;
  }

  private static RobotsRules rules(CacheFixture f) {
    AtomicReference<RobotsRules> out = new AtomicReference<>();
    StepVerifier.create(f.cache.rules("http://a.example/"))
        .consumeNextWith(out::set)
        .verifyComplete();
    return out.get();
  }
}
