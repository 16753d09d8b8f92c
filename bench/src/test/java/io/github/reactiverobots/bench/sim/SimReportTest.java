package io.github.reactiverobots.bench.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The simulate report's last line: one verdict, PASS only when all three checks held. */
class SimReportTest {
  @Test
  void theVerdictPassesOnlyWhenSingleFlightErrorsAndResidencyAllHeld() {
    assertThat(SimReport.verdict(0, 120, 120, 0, 0))
        .isEqualTo(
            "PASS: single flight held (0 overlapping fetches; 120 fetches started, 120 robots.txt"
                + " requests at the farm), 0 checks ended in an error, 0 origins fetched again"
                + " while still being crawled");
    assertThat(SimReport.verdict(1, 120, 120, 0, 0)).startsWith("FAIL: single flight BROKEN");
    assertThat(SimReport.verdict(0, 120, 121, 0, 0)).startsWith("FAIL: single flight BROKEN");
    assertThat(SimReport.verdict(0, 120, 120, 3, 0))
        .startsWith("FAIL: single flight held")
        .contains("3 checks ended in an error");
    assertThat(SimReport.verdict(0, 120, 120, 0, 2))
        .startsWith("FAIL: single flight held")
        .endsWith("2 origins fetched again while still being crawled");
  }
}
