package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * The default weight bound follows the heap, an impossible bound is refused, and memory running out
 * reaches callers.
 */
class SmallHeapTest {
  private static final int ORIGINS = 100_000;

  private static FetchResult ok() {
    return FetchResult.status(200)
        .body("User-agent: *\nDisallow: /private/\n".getBytes(StandardCharsets.UTF_8))
        .build();
  }

  @Test
  void theDefaultBoundAbsorbsAHundredThousandNewOriginsInA128MiBHeap()
      throws IOException, InterruptedException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process app =
        new ProcessBuilder(
                java.toString(),
                "-Xmx128m",
                "-XX:+ExitOnOutOfMemoryError",
                "-cp",
                System.getProperty("java.class.path"),
                SmallHeapApp.class.getName(),
                Integer.toString(ORIGINS))
            .redirectErrorStream(true)
            .start();
    app.getOutputStream().close();
    String out;
    try {
      boolean done = app.waitFor(4, TimeUnit.MINUTES);
      out = new String(app.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(done).as(out).isTrue();
    } finally {
      app.destroyForcibly();
    }
    assertThat(app.exitValue()).as(out).isZero();
    Map<String, Long> seen = new HashMap<>();
    for (String line : out.split("\n")) {
      int eq = line.indexOf('=');
      if (eq > 0 && line.substring(eq + 1).trim().matches("\\d+")) {
        seen.put(line.substring(0, eq), Long.parseLong(line.substring(eq + 1).trim()));
      }
    }
    assertThat(seen)
        .as(out)
        .containsEntry("disallowed", (long) ORIGINS)
        .containsEntry("errors", 0L);
    assertThat(seen.get("weightBytes"))
        .as(out)
        .isPositive()
        .isLessThanOrEqualTo(seen.get("maxHeap") / 4);
    assertThat(seen.get("origins")).as(out).isPositive().isLessThan((long) ORIGINS);
  }

  @Test
  void buildRefusesABoundTheHeapCannotHold() {
    long heap = Runtime.getRuntime().maxMemory();
    RobotsCacheBuilder builder =
        RobotsCache.builder().fetcher((o, c) -> Mono.just(ok())).maximumWeight(heap);
    assertThatThrownBy(builder::build)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("maximumWeight (" + heap / (1024 * 1024) + " MiB)")
        .hasMessageContaining("maximum heap (" + heap / (1024 * 1024) + " MiB)");
    try (RobotsCache cache = builder.maximumWeight(heap / 2).build()) {
      assertThat(cache.stats().origins()).isZero();
    }
  }

  @Test
  void memoryRunningOutWhileParsingReachesTheWaitingChecks() {
    AtomicBoolean exhausted = new AtomicBoolean(true);
    RobotsCacheListener runsOut =
        new RobotsCacheListener() {
          @Override
          public void onParsed(Origin origin, long bodyBytes, long durationNanos) {
            if (exhausted.getAndSet(false)) {
              throw new OutOfMemoryError("test: the heap ran out while parsing");
            }
          }
        };
    try (RobotsCache cache =
        RobotsCache.builder().fetcher((o, c) -> Mono.just(ok())).listener(runsOut).build()) {
      StepVerifier.create(cache.check("http://a.test/private/x", "bot"))
          .expectErrorSatisfies(
              e ->
                  assertThat(e)
                      .isInstanceOf(IllegalStateException.class)
                      .hasMessageContaining("ran out of heap")
                      .cause()
                      .isInstanceOf(OutOfMemoryError.class)
                      .hasMessageContaining("test:"))
          .verify(java.time.Duration.ofSeconds(30));
      List<CheckResult> next =
          cache
              .checkAll(Flux.just("http://a.test/private/x", "http://b.test/public"), "bot")
              .collectList()
              .block(java.time.Duration.ofSeconds(30));
      assertThat(next)
          .extracting(r -> r.verdict().orElseThrow().allowed())
          .containsExactly(false, true);
    }
  }
}
