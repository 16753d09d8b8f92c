package io.github.reactiverobots.core;

import io.github.reactiverobots.core.internal.CacheParts;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** {@link RobotsCache#checkAll} and {@link RobotsCache#checkAllUnordered}: one check per input. */
final class BatchChecks {
  private BatchChecks() {}

  /**
   * One result per URL, each check made by {@code check}, up to {@code concurrency} at once, in
   * input order when {@code ordered}; an error is the input's result unless the cache is closed.
   */
  static Flux<CheckResult> checkMany(
      Publisher<String> urls,
      String token,
      int concurrency,
      boolean ordered,
      BiFunction<String, String, Mono<Verdict>> check,
      BooleanSupplier closed) {
    if (concurrency <= 0) {
      throw new IllegalArgumentException("concurrency must be positive, was " + concurrency);
    }
    return Flux.defer(
        () -> {
          if (closed.getAsBoolean()) {
            return Flux.error(CacheParts.closedException());
          }
          Function<String, Mono<CheckResult>> one =
              url ->
                  check
                      .apply(url, token)
                      .map(v -> CheckResult.of(url, v))
                      // a cache closed meanwhile ends the Flux; any other error is the input's
                      // answer
                      .onErrorResume(
                          e ->
                              closed.getAsBoolean()
                                  ? Mono.error(e)
                                  : Mono.just(CheckResult.failed(url, e)));
          return ordered
              ? Flux.from(urls).flatMapSequential(one, concurrency, 1)
              : Flux.from(urls).flatMap(one, concurrency, 1);
        });
  }
}
