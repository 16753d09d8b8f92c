package io.github.reactiverobots.bench.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The scan scenario, small: every origin fetched once, no fetch failure, descriptors back. */
class ScanRunTest {

  @Test
  void aSmallScanFetchesEveryOriginOnceAndBlamesNoSite() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    boolean held =
        ScanRun.main(
            new String[] {"--origins", "600", "--concurrency", "64", "--addresses", "16"},
            new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String report = bytes.toString(StandardCharsets.UTF_8);
    assertThat(held).as(report).isTrue();
    assertThat(report)
        .contains(
            "600 new origins",
            "on 16 loopback addresses",
            "fetch failures the farm did not cause: 0",
            "ok -> OK 200");
  }

  @Test
  void aMixedFarmCountsTheFarmsOwnTimeoutsAsItsDoing() throws Exception {
    ScanRun.Result r =
        new ScanRun(
                SimOptions.parse(
                    new String[] {
                      "--origins",
                      "300",
                      "--checks",
                      "300",
                      "--pages",
                      "1",
                      "--concurrency",
                      "32",
                      "--mix",
                      "404=10,5xx=10,redirect=10,gzip=10,timeout=2",
                      "--fetch-timeout-ms",
                      "300",
                      "--slow-ms",
                      "0",
                      "--quiet"
                    }),
                4)
            .run();
    assertThat(r.unexpectedFailures()).as(r.text()).isZero();
    assertThat(r.outcomes().keySet())
        .as(r.text())
        .contains(
            "not_found -> UNAVAILABLE 404",
            "server_error -> UNREACHABLE 503",
            "redirect -> OK 200",
            "gzip -> OK 200");
    assertThat(r.outcomes().getOrDefault("timeout -> TIMEOUT", 0)).isPositive();
    assertThat(r.held()).as(r.text()).isTrue();
  }
}
