package io.github.reactiverobots.robotstxt.internal.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.model.Rule;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Foreign text made safe to print; values that carry it print safely. */
class PrintableTest {
  @Test
  void controlCharactersSeparatorsAndBidiOverridesAreEscaped() {
    assertThat(Printable.escape("\u001b]0;title\u0007\u001b[2J"))
        .isEqualTo("\\x1B]0;title\\x07\\x1B[2J");
    assertThat(Printable.escape("a\r\nb\tc\u007fd\u0085e"))
        .isEqualTo("a\\x0D\\x0Ab\\x09c\\x7Fd\\x85e");
    assertThat(Printable.escape("x\u2028y\u202Ez\u2066")).isEqualTo("x\\u2028y\\u202Ez\\u2066");
  }

  @Test
  void printableTextIsKeptAsIsAndNullStaysNull() {
    String text = "Disallow: /caf\u00e9/\u4e2d?q=1 #x";
    assertThat(Printable.escape(text)).isSameAs(text);
    assertThat(Printable.escape(null)).isNull();
  }

  @Test
  void aRulePrintsItsPatternEscaped() {
    assertThat(new Rule(false, "/\u001b[2J", 3).toString())
        .isEqualTo("Disallow: /\\x1B[2J (line 3)");
  }

  @Test
  void aStateHasAStatusOrAFailureNotBoth() {
    Instant t = Instant.EPOCH;
    assertThatThrownBy(
            () ->
                OriginState.builder()
                    .outcome(FetchOutcome.UNREACHABLE)
                    .status(503)
                    .failure(FailureKind.TLS)
                    .fetchedAt(t)
                    .expiresAt(t)
                    .build())
        .isInstanceOf(IllegalArgumentException.class);
    OriginState tls =
        OriginState.builder()
            .outcome(FetchOutcome.UNREACHABLE)
            .failure(FailureKind.TLS)
            .fetchedAt(t)
            .expiresAt(t)
            .build();
    assertThat(tls.asStaleCopy())
        .isEqualTo(
            OriginState.builder()
                .outcome(FetchOutcome.UNREACHABLE)
                .failure(FailureKind.TLS)
                .fetchedAt(t)
                .expiresAt(t)
                .staleCopy(true)
                .build());
    assertThat(tls.asStaleCopy().asStaleCopy()).isEqualTo(tls.asStaleCopy());
  }
}
