package io.github.reactiverobots.core;

import io.github.reactiverobots.core.fetch.FetchResult;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Run by {@link SmallHeapTest} in a JVM of its own with a small heap: a cache with the default
 * bound checks one URL on each of {@code args[0]} new origins, each serving a body of about 1 KB of
 * its own, and prints what it saw as {@code key=value} lines.
 */
public final class SmallHeapApp {
  private SmallHeapApp() {}

  public static void main(String[] args) {
    int origins = Integer.parseInt(args[0]);
    long[] disallowed = new long[1];
    long[] errors = new long[1];
    try (RobotsCache cache =
        RobotsCache.builder()
            .fetcher((origin, conditional) -> Mono.just(ok(origin.host())))
            .build()) {
      Flux.range(0, origins)
          .map(i -> "http://o" + i + ".test/private/" + i)
          .as(urls -> cache.checkAllUnordered(urls, "bot"))
          .doOnNext(
              r -> {
                if (r.error().isPresent()) {
                  errors[0]++;
                } else if (!r.verdict().orElseThrow().allowed()) {
                  disallowed[0]++;
                }
              })
          .blockLast(Duration.ofMinutes(3));
      CacheStats stats = cache.stats();
      System.out.println("maxHeap=" + Runtime.getRuntime().maxMemory());
      System.out.println("disallowed=" + disallowed[0]);
      System.out.println("errors=" + errors[0]);
      System.out.println("weightBytes=" + stats.weightBytes());
      System.out.println("origins=" + stats.origins());
    }
  }

  private static FetchResult ok(String host) {
    StringBuilder body = new StringBuilder("User-agent: *\nDisallow: /private/\n");
    for (int i = 0; body.length() < 1024; i++) {
      body.append("Disallow: /").append(host).append("/section-").append(i).append("/\n");
    }
    return FetchResult.status(200).body(body.toString().getBytes(StandardCharsets.UTF_8)).build();
  }
}
