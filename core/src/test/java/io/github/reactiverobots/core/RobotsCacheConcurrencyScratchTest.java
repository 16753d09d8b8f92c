package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.url.Origin;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.RepeatedTest;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;

/** SCRATCH: diagnostics for a rare double fetch; to be deleted. */
class RobotsCacheConcurrencyScratchTest {
  private static final byte[] BODY =
      "User-agent: *\nDisallow: /private\n".getBytes(StandardCharsets.UTF_8);
  static final Queue<String> dropped = new ConcurrentLinkedQueue<>();

  static {
    Hooks.onErrorDropped(e -> dropped.add(Thread.currentThread().getName() + " " + e));
  }

  static final long T0 = System.nanoTime();

  static String stamp() {
    return String.format("%8.3fms %s", (System.nanoTime() - T0) / 1e6,
        Thread.currentThread().getName());
  }

  public static final class Log implements RobotsCacheListener {
    public final Map<Origin, Queue<String>> log = new ConcurrentHashMap<>();

    public void add(Origin o, String s) {
      log.computeIfAbsent(o, k -> new ConcurrentLinkedQueue<>()).add(stamp() + " " + s);
    }

    @Override
    public void onLookup(Origin origin, Lookup lookup) {
      if (lookup != Lookup.HIT) {
        add(origin, "lookup " + lookup);
      }
    }

    @Override
    public void onFetchStarted(Origin origin) {
      add(origin, "fetchStarted");
    }

    @Override
    public void onFetchFinished(Origin o, FetchOutcome out, int s, long b, long n) {
      add(o, "fetchFinished " + out + " " + s);
    }

    @Override
    public void onEviction(Origin origin, EvictionCause cause, long weightBytes) {
      add(origin, "eviction " + cause);
    }
  }

  static final class CountingFetcher implements RobotsFetcher {
    final ConcurrentHashMap<Origin, AtomicInteger> calls = new ConcurrentHashMap<>();
    final AtomicInteger total = new AtomicInteger();
    final Log log;

    CountingFetcher(Log log) {
      this.log = log;
    }

    @Override
    public Mono<FetchResult> fetch(Origin origin, io.github.reactiverobots.core.fetch.Conditional c) {
      if (calls.containsKey(origin)) {
        String callStack = Arrays.stream(new Throwable().getStackTrace()).limit(30)
            .map(StackTraceElement::toString).collect(Collectors.joining("\n      "));
        log.add(origin, "fetcher.fetch called AGAIN\n      " + callStack);
      } else {
        log.add(origin, "fetcher.fetch called");
      }
      return Mono.defer(() -> {
        total.incrementAndGet();
        int n = calls.computeIfAbsent(origin, o -> new AtomicInteger()).incrementAndGet();
        log.add(origin, "fetch subscribed #" + n);
        return Mono.delay(Duration.ofMillis(20))
            .map(t -> FetchResult.status(200).body(BODY).build())
            .doOnNext(r -> log.add(origin, "fetch result"))
            .doOnCancel(() -> log.add(origin, "fetch cancelled"));
      });
    }
  }

  @RepeatedTest(60)
  void round() throws Exception {
    Log log = new Log();
    CountingFetcher fetcher = new CountingFetcher(log);
    RobotsCache cache = RobotsCache.builder().fetcher(fetcher).listener(log).build();
    int checks = 50_000;
    int origins = 1_000;
    CountDownLatch answered = new CountDownLatch(checks);
    AtomicInteger wrong = new AtomicInteger();
    AtomicInteger errors = new AtomicInteger();
    Queue<String> errorList = new ConcurrentLinkedQueue<>();
    ExecutorService threads = Executors.newFixedThreadPool(8);
    try {
      for (int t = 0; t < 8; t++) {
        int thread = t;
        threads.execute(() -> {
          for (int i = thread; i < checks; i += 8) {
            boolean secret = i % 2 == 0;
            String url = "https://site" + (i % origins) + ".example/"
                + (secret ? "private/" : "public/") + i;
            cache.check(url, "bot").subscribe(v -> {
              if (v.allowed() == secret || v.originState().isEmpty()) {
                wrong.incrementAndGet();
              }
              answered.countDown();
            }, e -> {
              errors.incrementAndGet();
              if (errorList.size() < 2) {
                java.io.StringWriter w = new java.io.StringWriter();
                e.printStackTrace(new java.io.PrintWriter(w));
                errorList.add(Thread.currentThread().getName() + " " + w);
              }
              answered.countDown();
            });
          }
        });
      }
      assertThat(answered.await(60, TimeUnit.SECONDS)).isTrue();
    } finally {
      threads.shutdownNow();
      cache.close();
    }
    StringBuilder report = new StringBuilder();
    fetcher.calls.forEach((o, n) -> {
      if (n.get() != 1) {
        report.append("\n=== ").append(o).append(" fetched ").append(n.get()).append('\n');
        for (String s : log.log.get(o)) {
          report.append("  ").append(s).append('\n');
        }
      }
    });
    if (fetcher.total.get() != origins || errors.get() != 0 || !dropped.isEmpty()) {
      System.err.println("SCRATCH-FAIL total=" + fetcher.total + " errors=" + errors
          + " wrong=" + wrong + " dropped=" + dropped + " errs=" + List.copyOf(errorList)
          + report);
    }
    assertThat(wrong.get()).isZero();
    assertThat(fetcher.total.get()).as(report.toString()).isEqualTo(origins);
  }
}
