package io.github.reactiverobots.bench.sim;

import io.github.reactiverobots.core.RobotsCache;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import reactor.core.publisher.Flux;

/**
 * After a run, how much of the hot set a scan leaves: which of the {@code hot} most popular origins
 * (Zipf ranks 0 to hot - 1) answer from the cache ({@code checkIfCached}), then a scan of {@code
 * scan} one-shot origins (the least popular ranks, checked once each, as a crawler discovering new
 * sites does), then which of those hot origins still answer. Not thread-safe.
 *
 * @param hot the hot set's size
 * @param cachedBefore hot origins cached before the scan
 * @param scanned one-shot origins checked
 * @param survived hot origins cached before the scan that still are after it
 */
public record ScanProbe(int hot, int cachedBefore, int scanned, int survived) {

  /** Probes {@code cache} over a farm of {@code origins} origins; blocks (call off Reactor). */
  static ScanProbe run(RobotsCache cache, SimOptions options, int hot, int scan) {
    int size = Math.min(hot, options.origins());
    int scanned = Math.max(0, Math.min(scan, options.origins() - size));
    List<Integer> before = new ArrayList<>();
    for (int rank = 0; rank < size; rank++) {
      if (cache.checkIfCached(url(rank), options.agent()).isPresent()) {
        before.add(rank);
      }
    }
    Flux.range(0, scanned)
        .map(i -> url(options.origins() - 1 - i))
        .flatMap(url -> cache.check(url, options.agent()).onErrorComplete(), 64)
        .then()
        .block(options.fetchTimeout().multipliedBy(4).plus(Duration.ofSeconds(scanned / 10 + 30)));
    int survived = 0;
    for (int rank : before) {
      if (cache.checkIfCached(url(rank), options.agent()).isPresent()) {
        survived++;
      }
    }
    return new ScanProbe(size, before.size(), scanned, survived);
  }

  private static String url(int rank) {
    return "http://" + OriginFarm.host(rank) + "/";
  }

  /** The share of the hot set cached before the scan that survived it. */
  public double survival() {
    return cachedBefore == 0 ? 0 : (double) survived / cachedBefore;
  }
}
