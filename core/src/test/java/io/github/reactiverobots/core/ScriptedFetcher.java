package io.github.reactiverobots.core;

import io.github.reactiverobots.core.fetch.Conditional;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.url.Origin;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.publisher.Mono;

/**
 * An in-memory fetcher answering from a script: each call takes the next scripted answer (a
 * result after an optional delay on Reactor's parallel scheduler, virtual in virtual-time
 * tests). It records every call's origin and validators. A call with nothing scripted signals
 * an {@link AssertionError}, which the cache does not swallow, so the test fails.
 */
public final class ScriptedFetcher implements RobotsFetcher {
  private record Answer(FetchResult result, Duration delay) {}

  private final Deque<Answer> script = new ArrayDeque<>();
  private final List<Conditional> validators = new ArrayList<>();
  private final List<Origin> origins = new ArrayList<>();
  private final AtomicInteger calls = new AtomicInteger();

  /** Scripts an immediate answer. */
  public synchronized ScriptedFetcher then(FetchResult result) {
    return then(result, Duration.ZERO);
  }

  /** Scripts an answer after {@code delay}. */
  public synchronized ScriptedFetcher then(FetchResult result, Duration delay) {
    script.add(new Answer(result, delay));
    return this;
  }

  /** Scripts {@code n} copies of the same answer. */
  public synchronized ScriptedFetcher thenRepeat(FetchResult result, int n) {
    for (int i = 0; i < n; i++) {
      then(result);
    }
    return this;
  }

  @Override
  public Mono<FetchResult> fetch(Origin origin, Conditional conditional) {
    return Mono.defer(() -> {
      Answer answer;
      synchronized (this) {
        calls.incrementAndGet();
        origins.add(origin);
        validators.add(conditional);
        answer = script.poll();
      }
      if (answer == null) {
        return Mono.error(new AssertionError("unexpected fetch #" + calls.get() + " of " + origin));
      }
      Mono<FetchResult> result = Mono.just(answer.result());
      return answer.delay().isZero() ? result : result.delayElement(answer.delay());
    });
  }

  /** Calls so far. */
  public int calls() {
    return calls.get();
  }

  /** The validators of every call, in order. */
  public synchronized List<Conditional> validators() {
    return List.copyOf(validators);
  }

  /** The origin of every call, in order. */
  public synchronized List<Origin> origins() {
    return List.copyOf(origins);
  }

  /** Answers scripted but not yet used. */
  public synchronized int remaining() {
    return script.size();
  }
}
