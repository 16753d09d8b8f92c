package io.github.reactiverobots.core.testing;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.testing.CorpusFile;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * A {@link RobotsFetcher} that answers from memory, for tests and benchmarks: nothing leaves the
 * JVM. Each fetch is answered by the first of these that applies:
 *
 * <ol>
 *   <li>the answer set for its origin ({@link #answer}, {@link #serving}), every time that origin
 *       is fetched;
 *   <li>the next answer of the script ({@link #then}), used once, whatever the origin;
 *   <li>the answer for any other fetch ({@link #otherwise}), every time.
 * </ol>
 *
 * <p>When none applies, the fetch signals an {@link AssertionError} (which the cache does not
 * swallow, so the test fails). An answer with a delay comes after it on Reactor's parallel
 * scheduler, which is virtual in tests on virtual time. Every fetch is recorded, its origin and
 * validators, whatever answers it. Thread-safe.
 */
public final class FakeFetcher implements RobotsFetcher {
  private record Answer(FetchResult result, Duration delay) {
    Answer {
      Objects.requireNonNull(result, "result");
      Objects.requireNonNull(delay, "delay");
    }

    Mono<FetchResult> mono() {
      Mono<FetchResult> now = Mono.just(result);
      return delay.isZero() ? now : now.delayElement(delay);
    }
  }

  private final Map<Origin, Answer> byOrigin = new HashMap<>();
  private final Deque<Answer> script = new ArrayDeque<>();
  private Answer otherwise;
  private final List<Origin> origins = new ArrayList<>();
  private final List<Conditional> validators = new ArrayList<>();
  private Supplier<FetchResult> resource;
  private final List<String> resourcesAsked = new ArrayList<>();

  /** A fetcher with nothing to answer yet: every fetch fails until answers are given. */
  public FakeFetcher() {}

  /**
   * A fetcher serving each file's body with status 200 for the origin the file stands for, and a
   * DNS failure for any other origin: a cache over it works as over the network, without one.
   */
  public static FakeFetcher serving(List<CorpusFile> files) {
    FakeFetcher fetcher = new FakeFetcher();
    for (CorpusFile f : files) {
      fetcher.answer(Origin.of(f.origin()), FetchResult.status(200).body(f.body()).build());
    }
    return fetcher.otherwise(FetchResult.failure(FailureKind.DNS, "not in the corpus").build());
  }

  /** Answers every fetch of {@code origin} with {@code result}, replacing an earlier answer. */
  public synchronized FakeFetcher answer(Origin origin, FetchResult result) {
    byOrigin.put(Objects.requireNonNull(origin, "origin"), new Answer(result, Duration.ZERO));
    return this;
  }

  /** The answer for every fetch of {@code origin}, after {@code delay}. */
  public synchronized FakeFetcher answer(Origin origin, FetchResult result, Duration delay) {
    byOrigin.put(Objects.requireNonNull(origin, "origin"), new Answer(result, delay));
    return this;
  }

  /** Scripts an immediate answer. */
  public FakeFetcher then(FetchResult result) {
    return then(result, Duration.ZERO);
  }

  /** Scripts an answer after {@code delay}. */
  public synchronized FakeFetcher then(FetchResult result, Duration delay) {
    script.add(new Answer(result, delay));
    return this;
  }

  /** Scripts {@code n} copies of the same immediate answer. */
  public synchronized FakeFetcher thenRepeat(FetchResult result, int n) {
    for (int i = 0; i < n; i++) {
      then(result);
    }
    return this;
  }

  /** Answers every fetch that nothing else answers with {@code result}, at once. */
  public FakeFetcher otherwise(FetchResult result) {
    return otherwise(result, Duration.ZERO);
  }

  /** Answers every fetch that nothing else answers with {@code result}, after {@code delay}. */
  public synchronized FakeFetcher otherwise(FetchResult result, Duration delay) {
    otherwise = new Answer(result, delay);
    return this;
  }

  /**
   * Answers every {@link #fetchResource} (a {@code tdmrep.json}, say) with what {@code answer}
   * gives when it is asked; without one, a resource fetch fails as a robots.txt-only fetcher's.
   */
  public synchronized FakeFetcher resources(Supplier<FetchResult> answer) {
    resource = Objects.requireNonNull(answer, "answer");
    return this;
  }

  @Override
  public Mono<FetchResult> fetchResource(Origin origin, String path) {
    return Mono.defer(
        () -> {
          Supplier<FetchResult> answer;
          synchronized (this) {
            resourcesAsked.add(origin.key() + path);
            answer = resource;
          }
          return answer == null
              ? RobotsFetcher.super.fetchResource(origin, path)
              : Mono.fromSupplier(answer);
        });
  }

  /** The resources asked for so far, each as origin key and path. */
  public synchronized List<String> resourcesAsked() {
    return List.copyOf(resourcesAsked);
  }

  @Override
  public Mono<FetchResult> fetch(Origin origin, Conditional conditional) {
    return Mono.defer(
        () -> {
          Answer answer;
          int call;
          synchronized (this) {
            origins.add(origin);
            validators.add(conditional);
            call = origins.size();
            answer = byOrigin.get(origin);
            if (answer == null) {
              answer = script.isEmpty() ? otherwise : script.poll();
            }
          }
          if (answer == null) {
            return Mono.error(new AssertionError("unexpected fetch #" + call + " of " + origin));
          }
          return answer.mono();
        });
  }

  /** Fetches so far. */
  public synchronized int calls() {
    return origins.size();
  }

  /** The origin of every fetch, in order. */
  public synchronized List<Origin> origins() {
    return List.copyOf(origins);
  }

  /** How many times each origin was fetched, in the order of their first fetch. */
  public synchronized Map<Origin, Integer> callsByOrigin() {
    Map<Origin, Integer> counts = new LinkedHashMap<>();
    origins.forEach(o -> counts.merge(o, 1, Integer::sum));
    return counts;
  }

  /** The validators of every fetch, in order. */
  public synchronized List<Conditional> validators() {
    return List.copyOf(validators);
  }

  /** Answers scripted but not yet used. */
  public synchronized int remaining() {
    return script.size();
  }

  /** How many origins have an answer of their own. */
  public synchronized int servedOrigins() {
    return byOrigin.size();
  }
}
