package io.github.reactiverobots.bench.sim;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * The farm's side of the polite run: robots.txt pacing lines for a share of the origins, a small
 * page for every other path, a 503 with {@code Retry-After} for the first page of a share of "busy"
 * origins, and a record, per origin, of when its page requests arrived (server side, {@link
 * System#nanoTime()}): how many, the smallest interval between two, and the interval after the 503.
 * Thread-safe; nothing blocks.
 */
final class PoliteSite implements FarmPages {
  /** The generated pacing lines, one of which a paced origin serves. */
  static final String[] PACING_LINES = {
    "Crawl-delay: 0.5",
    "Crawl-delay: 1",
    "Crawl-delay: 2",
    "Request-rate: 1/1s",
    "Request-rate: 2/3s",
    "Request-rate: 1/2s"
  };

  private static final byte[] PAGE = "a page\n".getBytes(StandardCharsets.US_ASCII);

  /** The request header naming the simulated worker that sent a page request (0 to 63). */
  static final String WORKER_HEADER = "X-Sim-Worker";

  /** Workers told apart at most. */
  static final int MAX_WORKERS = 64;

  private final String[] pacingLine;
  private final boolean[] busy;
  private final int retryAfterSeconds;
  private final AtomicLongArray lastArrival;
  private final AtomicLongArray smallestGap;
  private final AtomicLongArray gapAfterRetry;
  private final AtomicIntegerArray pageRequests;

  /** Per origin and worker (origin * workers + worker): last arrival, smallest gap. */
  private final int workers;

  private final AtomicLongArray workerLastArrival;
  private final AtomicLongArray workerSmallestGap;

  /**
   * @param origins how many origins
   * @param seed the seed of the per-origin draws
   * @param pacedPercent share of origins that serve a generated pacing line
   * @param busyPercent share of origins whose first page answers 503
   * @param retryAfterSeconds the {@code Retry-After} of that 503
   */
  PoliteSite(
      int origins, long seed, double pacedPercent, double busyPercent, int retryAfterSeconds) {
    this(origins, seed, pacedPercent, busyPercent, retryAfterSeconds, 1);
  }

  /**
   * A site that also records, per origin, the smallest gap between two page requests of one worker
   * (named by {@link #WORKER_HEADER}).
   *
   * @param workers how many workers, 1 to {@link #MAX_WORKERS}
   */
  PoliteSite(
      int origins,
      long seed,
      double pacedPercent,
      double busyPercent,
      int retryAfterSeconds,
      int workers) {
    this.workers = workers;
    workerLastArrival = new AtomicLongArray(origins * workers);
    workerSmallestGap = new AtomicLongArray(origins * workers);
    for (int i = 0; i < origins * workers; i++) {
      workerSmallestGap.set(i, Long.MAX_VALUE);
      workerLastArrival.set(i, Long.MIN_VALUE);
    }
    pacingLine = new String[origins];
    busy = new boolean[origins];
    SplittableRandom random = new SplittableRandom(seed ^ 0x5DEECE66DL);
    for (int i = 0; i < origins; i++) {
      if (random.nextDouble() * 100 < pacedPercent) {
        pacingLine[i] = PACING_LINES[random.nextInt(PACING_LINES.length)];
      }
      busy[i] = random.nextDouble() * 100 < busyPercent;
    }
    this.retryAfterSeconds = retryAfterSeconds;
    lastArrival = new AtomicLongArray(origins);
    smallestGap = new AtomicLongArray(origins);
    gapAfterRetry = new AtomicLongArray(origins);
    pageRequests = new AtomicIntegerArray(origins);
    for (int i = 0; i < origins; i++) {
      smallestGap.set(i, Long.MAX_VALUE);
      gapAfterRetry.set(i, -1);
    }
  }

  /**
   * A {@code *} group with the origin's pacing line and an empty {@code Disallow} (which ends the
   * group and disallows nothing), merged by the parser with the body's own {@code *} group.
   */
  @Override
  public byte[] robotsPrefix(int index) {
    return pacingLine[index] == null
        ? null
        : ("User-agent: *\n" + pacingLine[index] + "\nDisallow:\n\n")
            .getBytes(StandardCharsets.US_ASCII);
  }

  @Override
  public Publisher<Void> page(int index, HttpServerRequest req, HttpServerResponse res) {
    long now = System.nanoTime();
    long previous = lastArrival.getAndSet(index, now);
    int n = pageRequests.incrementAndGet(index);
    if (n > 1) {
      smallestGap.accumulateAndGet(index, now - previous, Math::min);
    }
    if (n == 2 && busy[index]) {
      gapAfterRetry.set(index, now - previous);
    }
    int w = worker(req.requestHeaders().get(WORKER_HEADER));
    long ownPrevious = workerLastArrival.getAndSet(index * workers + w, now);
    if (ownPrevious != Long.MIN_VALUE) {
      workerSmallestGap.accumulateAndGet(index * workers + w, now - ownPrevious, Math::min);
    }
    if (n == 1 && busy[index]) {
      return res.status(HttpResponseStatus.SERVICE_UNAVAILABLE)
          .header(HttpHeaderNames.RETRY_AFTER, Integer.toString(retryAfterSeconds))
          .send();
    }
    return res.header(HttpHeaderNames.CONTENT_TYPE, "text/plain")
        .header(HttpHeaderNames.CONTENT_LENGTH, Integer.toString(PAGE.length))
        .sendByteArray(Mono.just(PAGE))
        .then();
  }

  private int worker(String header) {
    if (header == null || workers == 1) {
      return 0;
    }
    try {
      int w = Integer.parseInt(header);
      return w >= 0 && w < workers ? w : 0;
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /**
   * The smallest gap between two page requests of origin {@code index} from one worker, over the
   * workers, or MAX_VALUE.
   */
  long smallestWorkerGapNanos(int index) {
    long min = Long.MAX_VALUE;
    for (int w = 0; w < workers; w++) {
      min = Math.min(min, workerSmallestGap.get(index * workers + w));
    }
    return min;
  }

  /** The generated pacing line origin {@code index} serves, or null. */
  String pacingLine(int index) {
    return pacingLine[index];
  }

  /** Whether origin {@code index} answers its first page with a 503. */
  boolean busy(int index) {
    return busy[index];
  }

  int retryAfterSeconds() {
    return retryAfterSeconds;
  }

  /** Page requests origin {@code index} received. */
  int pageRequests(int index) {
    return pageRequests.get(index);
  }

  /** The smallest interval between two page requests of origin {@code index}, or MAX_VALUE. */
  long smallestGapNanos(int index) {
    return smallestGap.get(index);
  }

  /** The interval between a busy origin's 503 and its next page request, or -1. */
  long gapAfterRetryNanos(int index) {
    return gapAfterRetry.get(index);
  }
}
