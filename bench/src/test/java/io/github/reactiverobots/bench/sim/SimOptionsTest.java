package io.github.reactiverobots.bench.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SimOptionsTest {

  @Test
  void defaultsAreTheReadmeRun() {
    SimOptions d = SimOptions.parse(new String[0]);
    assertThat(d.origins()).isEqualTo(20_000);
    assertThat(d.checks()).isEqualTo(1_000_000);
    assertThat(d.prometheusPort()).isEqualTo(-1);
    assertThat(d.mix().percent(Mix.Behaviour.OK))
        .isCloseTo(73.5, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void parsesEveryOption() {
    SimOptions o =
        SimOptions.parse(
            new String[] {
              "--origins",
              "500",
              "--checks",
              "10_000",
              "--concurrency",
              "8",
              "--zipf",
              "0.8",
              "--mix",
              "404=50",
              "--seed",
              "7",
              "--agent",
              "Bot/2",
              "--max-seconds",
              "30",
              "--fetch-timeout-ms",
              "700",
              "--slow-ms",
              "10",
              "--cache-mb",
              "64",
              "--pages",
              "3",
              "--ttl-seconds",
              "90",
              "--prometheus-port",
              "0",
              "--quiet"
            });
    assertThat(o.origins()).isEqualTo(500);
    assertThat(o.checks()).isEqualTo(10_000);
    assertThat(o.concurrency()).isEqualTo(8);
    assertThat(o.zipfExponent()).isEqualTo(0.8);
    assertThat(o.mix().percent(Mix.Behaviour.NOT_FOUND)).isEqualTo(50);
    assertThat(o.mix().percent(Mix.Behaviour.OK)).isEqualTo(50);
    assertThat(o.seed()).isEqualTo(7);
    assertThat(o.agent()).isEqualTo("Bot/2");
    assertThat(o.maxDuration()).isEqualTo(Duration.ofSeconds(30));
    assertThat(o.fetchTimeout()).isEqualTo(Duration.ofMillis(700));
    assertThat(o.slowDelay()).isEqualTo(Duration.ofMillis(10));
    assertThat(o.cacheWeightBytes()).isEqualTo(64L << 20);
    assertThat(o.pages()).isEqualTo(3);
    assertThat(o.ttl()).isEqualTo(Duration.ofSeconds(90));
    assertThat(o.prometheusPort()).isZero();
    assertThat(o.progress()).isFalse();
  }

  @Test
  void rejectsBadInputWithTheOptionNamed() {
    assertThatThrownBy(() -> SimOptions.parse(new String[] {"--origins", "0"}))
        .hasMessageContaining("--origins");
    assertThatThrownBy(() -> SimOptions.parse(new String[] {"--checks", "many"}))
        .hasMessageContaining("--checks");
    assertThatThrownBy(() -> SimOptions.parse(new String[] {"--concurrency"}))
        .hasMessageContaining("needs a value");
    assertThatThrownBy(() -> SimOptions.parse(new String[] {"--bogus", "1"}))
        .hasMessageContaining("--bogus");
    assertThatThrownBy(() -> SimOptions.parse(new String[] {"--mix", "404=60,5xx=50"}))
        .hasMessageContaining("over 100");
    assertThatThrownBy(() -> SimOptions.parse(new String[] {"--mix", "teapot=1"}))
        .hasMessageContaining("teapot");
    assertThatThrownBy(
            () -> SimOptions.parse(new String[] {"--fetch-timeout-ms", "100", "--slow-ms", "200"}))
        .hasMessageContaining("--slow-ms");
    assertThatThrownBy(() -> SimOptions.parse(new String[] {"--pages", "0"}))
        .hasMessageContaining("--pages");
    assertThatThrownBy(() -> SimOptions.parse(new String[] {"--ttl-seconds", "0"}))
        .hasMessageContaining("--ttl-seconds");
  }

  @Test
  void rejectsNumbersTooLargeForTheirOptionInsteadOfWrappingThem() {
    // 2^32 + 1 would cast to 1 origin, port 2^32 to port 0, and 2^44 + 1 MiB shift to 1 MiB.
    assertThatThrownBy(() -> SimOptions.parse(new String[] {"--origins", "4294967297"}))
        .hasMessageContaining("--origins");
    assertThatThrownBy(() -> SimOptions.parse(new String[] {"--concurrency", "4294967304"}))
        .hasMessageContaining("--concurrency");
    assertThatThrownBy(() -> SimOptions.parse(new String[] {"--prometheus-port", "4294967296"}))
        .hasMessageContaining("--prometheus-port");
    assertThatThrownBy(() -> SimOptions.parse(new String[] {"--cache-mb", "17592186044417"}))
        .hasMessageContaining("--cache-mb");
    assertThat(SimOptions.parse(new String[] {"--cache-mb", "8796093022207"}).cacheWeightBytes())
        .isEqualTo(8796093022207L << 20);
  }

  @Test
  void mixPicksBehavioursByShare() {
    Mix mix = Mix.parse("404=10,timeout=5");
    assertThat(mix.pick(0.0)).isEqualTo(Mix.Behaviour.OK);
    assertThat(mix.pick(0.849)).isEqualTo(Mix.Behaviour.OK);
    assertThat(mix.pick(0.86)).isEqualTo(Mix.Behaviour.NOT_FOUND);
    assertThat(mix.pick(0.96)).isEqualTo(Mix.Behaviour.TIMEOUT);
  }

  @Test
  void zipfFavoursLowRanksAndStaysInRange() {
    ZipfSampler z = new ZipfSampler(1000, 1.0);
    assertThat(z.sample(0.0)).isZero();
    assertThat(z.sample(0.999999)).isEqualTo(999);
    assertThat(z.probability(0)).isGreaterThan(z.probability(1));
    assertThat(z.probability(1))
        .isCloseTo(z.probability(0) / 2, org.assertj.core.data.Offset.offset(1e-12));
    ZipfSampler uniform = new ZipfSampler(4, 0);
    assertThat(uniform.sample(0.3)).isEqualTo(1);
  }

  @Test
  void farmHostNamesRoundTrip() {
    assertThat(OriginFarm.indexOf(OriginFarm.host(12345))).isEqualTo(12345);
    assertThat(OriginFarm.indexOf("o7.test:80")).isEqualTo(7);
    assertThat(OriginFarm.indexOf("example.com")).isEqualTo(-1);
    assertThat(OriginFarm.indexOf("ox.test")).isEqualTo(-1);
    assertThat(OriginFarm.indexOf(null)).isEqualTo(-1);
  }
}
