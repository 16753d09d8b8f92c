package io.github.reactiverobots.bench.jmh;

import io.github.reactiverobots.core.fetch.Conditional;
import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.model.FailureKind;
import io.github.reactiverobots.core.testing.CorpusFile;
import io.github.reactiverobots.core.url.Origin;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import reactor.core.publisher.Mono;

/**
 * A {@link RobotsFetcher} that answers from memory: each corpus file's body with status 200 for
 * the origin the file stands for, a DNS failure for any other origin. For benchmarks that measure
 * the cache, not the network. Thread-safe; counts the fetches it answered.
 */
public final class InMemoryFetcher implements RobotsFetcher {
  private final Map<Origin, FetchResult> results = new HashMap<>();
  private final LongAdder fetches = new LongAdder();

  /** Serves {@code files}. */
  public InMemoryFetcher(List<CorpusFile> files) {
    for (CorpusFile f : files) {
      results.put(Origin.of(f.origin()), FetchResult.status(200).body(f.body()).build());
    }
  }

  @Override
  public Mono<FetchResult> fetch(Origin origin, Conditional validators) {
    return Mono.fromSupplier(() -> {
      fetches.increment();
      FetchResult r = results.get(origin);
      return r != null ? r : FetchResult.failure(FailureKind.DNS, "not in the corpus").build();
    });
  }

  /** Fetches answered so far. */
  public long fetches() {
    return fetches.sum();
  }

  /** The origins served. */
  public int origins() {
    return results.size();
  }
}
