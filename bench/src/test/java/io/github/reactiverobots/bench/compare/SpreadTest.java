package io.github.reactiverobots.bench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.util.ListStatistics;

class SpreadTest {
  @Test
  void takesTheMeanAndTheSlowestAndFastestIterationFromJmh() {
    Spread s = Spread.of(new ListStatistics(new double[] {480, 520, 455, 510}));
    assertThat(s.mean()).isCloseTo(491.25, within(1e-9));
    assertThat(s.min()).isEqualTo(455);
    assertThat(s.max()).isEqualTo(520);
  }

  @Test
  void aMeanThatRoundsOutsideEqualIterationsIsKeptInside() {
    double[] same = {0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1};
    Spread s = Spread.of(new ListStatistics(same));
    assertThat(s.min()).isEqualTo(0.1);
    assertThat(s.max()).isEqualTo(0.1);
    assertThat(s.mean()).isEqualTo(0.1);
  }

  @Test
  void aRatioSpansTheWorstAndBestPairings() {
    Spread ours = new Spread(500, 450, 550);
    Spread theirs = new Spread(100, 90, 110);
    Spread ratio = ours.over(theirs);
    assertThat(ratio.mean()).isCloseTo(5.0, within(1e-9));
    assertThat(ratio.min()).isCloseTo(450.0 / 110, within(1e-9));
    assertThat(ratio.max()).isCloseTo(550.0 / 90, within(1e-9));
    assertThat(ratio.asRatio()).isEqualTo("5.0x (4.1-6.1)");
  }

  @Test
  void aTargetIsMetOnlyWhenTheWorstPairingMeetsIt() {
    assertThat(new Spread(5.5, 5.1, 6.0).verdict(5)).isEqualTo(">= 5x: met");
    assertThat(new Spread(5.2, 4.1, 6.0).verdict(5))
        .isEqualTo(">= 5x: met on the means, not in the worst pairing");
    assertThat(new Spread(4.8, 4.1, 5.6).verdict(5)).isEqualTo(">= 5x: NOT met");
  }

  @Test
  void printsScaledFiguresInEngineeringUnits() {
    assertThat(new Spread(481.5e6, 455e6, 510e6).scaled(1e-6)).isEqualTo("481.5 (455.0-510.0)");
    assertThat(new Spread(3.05e6, 2.9e6, 3.2e6).scaled(1)).isEqualTo("3.05 M (2.90 M-3.20 M)");
    assertThat(new Spread(148_000, 140_000, 150_000).scaled(1))
        .isEqualTo("148.0 k (140.0 k-150.0 k)");
  }

  @Test
  void refusesAnInconsistentSpread() {
    assertThatThrownBy(() -> new Spread(5, 6, 7)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Spread(0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
