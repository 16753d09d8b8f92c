package io.github.reactiverobots.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.model.Verdict;
import org.junit.jupiter.api.Test;

class CheckResultTest {
  @Test
  void aCheckResultCarriesItsUrlAndEitherAVerdictOrAnError() {
    Verdict v = Verdict.of(true, Reason.NO_MATCHING_RULE, null, null);
    CheckResult ok = CheckResult.of("http://a.com/", v);
    assertThat(ok.url()).isEqualTo("http://a.com/");
    assertThat(ok.hasVerdict()).isTrue();
    assertThat(ok.verdict()).contains(v);
    assertThat(ok.error()).isEmpty();
    IllegalArgumentException e = new IllegalArgumentException("bad");
    CheckResult failed = CheckResult.failed("not a url\u001b", e);
    assertThat(failed.hasVerdict()).isFalse();
    assertThat(failed.error()).contains(e);
    assertThat(failed.verdict()).isEmpty();
    assertThat(failed.toString()).doesNotContain("\u001b").contains("ERROR");
    assertThat(ok).isEqualTo(CheckResult.of("http://a.com/", v)).isNotEqualTo(failed);
  }
}
