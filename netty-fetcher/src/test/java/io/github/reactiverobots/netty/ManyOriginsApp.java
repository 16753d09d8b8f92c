package io.github.reactiverobots.netty;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * A scan of many new origins, run by {@link ManyOriginsTest} in a JVM of its own under a descriptor
 * limit: {@code ORIGINS} origins spread over {@code ADDRESSES} loopback addresses (127.30.0.x, each
 * with its own server), each checked once, {@code IN_FLIGHT} at a time, through the default fetcher
 * settings but the resolver and the address policy. Open descriptors (from {@code /proc/self/fd})
 * are sampled throughout; the last line reports the outcomes by kind, the baseline, the peak and
 * how long the count took to return to the baseline after the scan.
 */
public final class ManyOriginsApp {
  private ManyOriginsApp() {}

  /**
   * Runs the scan.
   *
   * @param args origins, addresses, checks in flight
   */
  public static void main(String[] args) throws Exception {
    int origins = Integer.parseInt(args[0]);
    int addresses = Integer.parseInt(args[1]);
    int inFlight = Integer.parseInt(args[2]);
    List<DisposableServer> servers = new ArrayList<>();
    InetAddress[] ips = new InetAddress[addresses];
    for (int a = 0; a < addresses; a++) {
      ips[a] =
          InetAddress.getByAddress(new byte[] {127, 30, (byte) (a / 250), (byte) (1 + a % 250)});
      servers.add(
          HttpServer.create()
              .host(ips[a].getHostAddress())
              .port(0)
              .handle(
                  (req, res) ->
                      res.sendString(Mono.just("User-agent: *\nDisallow: /private\n")).then())
              .bindNow());
    }
    RobotsCache cache =
        RobotsCaches.create(
            "ScanBot/1.0",
            fetcher ->
                fetcher
                    .addressPolicy(AddressPolicy.permitAll())
                    .maxInFlight(inFlight)
                    .resolver(
                        host ->
                            List.of(
                                ips[
                                    Integer.parseInt(host.substring(1, host.indexOf('.')))
                                        % addresses])));
    int baseline = openDescriptors();
    AtomicInteger peak = new AtomicInteger(baseline);
    AtomicBoolean scanning = new AtomicBoolean(true);
    Thread sampler =
        new Thread(
            () -> {
              while (scanning.get()) {
                peak.accumulateAndGet(openDescriptors(), Math::max);
              }
            },
            "descriptor-sampler");
    sampler.setDaemon(true);
    sampler.start();
    Map<String, Integer> outcomes = new TreeMap<>();
    long start = System.nanoTime();
    List<Verdict> verdicts =
        Flux.range(0, origins)
            .flatMap(
                i ->
                    cache.check(
                        "http://o"
                            + i
                            + ".test:"
                            + servers.get(i % addresses).port()
                            + "/private/x"),
                inFlight)
            .collectList()
            .block(Duration.ofMinutes(5));
    long scanMillis = (System.nanoTime() - start) / 1_000_000;
    for (Verdict v : verdicts) {
      String kind =
          v.originState()
                  .map(s -> s.failure() != null ? s.failure().name() : s.outcome().name())
                  .orElse("NONE")
              + (v.allowed() ? "" : "/disallowed");
      outcomes.merge(kind, 1, Integer::sum);
    }
    scanning.set(false);
    sampler.join();
    long ended = System.nanoTime();
    int after = openDescriptors();
    while (after > baseline && System.nanoTime() - ended < Duration.ofSeconds(10).toNanos()) {
      Thread.onSpinWait();
      after = openDescriptors();
    }
    long settleMillis = (System.nanoTime() - ended) / 1_000_000;
    System.out.println(
        "RESULT checks="
            + verdicts.size()
            + " outcomes="
            + outcomes
            + " baseline="
            + baseline
            + " peak="
            + peak.get()
            + " after="
            + after
            + " settleMillis="
            + settleMillis
            + " scanMillis="
            + scanMillis
            + " limit="
            + args[3]);
    cache.close();
    servers.forEach(DisposableServer::disposeNow);
  }

  private static int openDescriptors() {
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      return (int) fds.count() - 1; // the listing's own descriptor
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
