package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.Diagnostic.Code;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The linter on {@code content-usage} and {@code content-signal} lines. */
class ContentUsageLintTest {
  private static List<Diagnostic> lint(String... lines) {
    return Linter.lint(
        String.join("\n", lines).getBytes(StandardCharsets.UTF_8), ParseOptions.defaults());
  }

  @Test
  void wellFormedLinesAreClean() {
    assertThat(
            lint(
                "User-agent: *",
                "Content-Signal: search=yes, ai-train=no",
                "Content-Usage: / train-ai=n, ai-use=y, search=y",
                "Content-Usage: /*.pdf$\ttrain-ai=n"))
        .isEmpty();
  }

  @Test
  void eachMalformedContentUsageLine() {
    List<Diagnostic> found =
        lint(
            "User-agent: *",
            "Content-Usage:",
            "Content-Usage: train-ai=n",
            "Content-Usage: *.pdf train-ai=n",
            "Content-Usage: /a Train-ai=n",
            "Content-Usage: /b",
            "Content-Usage: /c foo=y, train-ai=y",
            "Content-Usage: /d train-ai=\"n\"");
    assertThat(found)
        .extracting(Diagnostic::line, Diagnostic::code)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(2, Code.CONTENT_USAGE_NO_PATH),
            org.assertj.core.groups.Tuple.tuple(3, Code.CONTENT_USAGE_NO_PATH),
            org.assertj.core.groups.Tuple.tuple(4, Code.CONTENT_USAGE_PATH_NOT_ROOTED),
            org.assertj.core.groups.Tuple.tuple(5, Code.CONTENT_USAGE_BAD_PREFERENCE),
            org.assertj.core.groups.Tuple.tuple(6, Code.CONTENT_USAGE_BAD_PREFERENCE),
            org.assertj.core.groups.Tuple.tuple(7, Code.CONTENT_USAGE_UNKNOWN_CATEGORY),
            org.assertj.core.groups.Tuple.tuple(8, Code.CONTENT_USAGE_BAD_VALUE));
    assertThat(found.get(3).column()).as("at the preference").isEqualTo(19);
    assertThat(found.get(3).message()).contains("Train-ai=n").contains("unknown");
    assertThat(found.get(5).message()).contains("'foo'");
  }

  @Test
  void contentSignalValuesOtherThanYesOrNo() {
    List<Diagnostic> found =
        lint(
            "User-agent: *", "Content-Signal: search=yes, ai-train=false, ai-input, use=reference");
    assertThat(found)
        .extracting(Diagnostic::code)
        .containsExactly(Code.CONTENT_SIGNAL_BAD_VALUE, Code.CONTENT_SIGNAL_BAD_VALUE);
    assertThat(found.get(0).message()).contains("ai-train=false");
    assertThat(found.get(1).message()).contains("ai-input");
  }

  @Test
  void outsideAGroup() {
    assertThat(lint("Content-Usage: / train-ai=n", "Content-Signal: ai-train=no"))
        .extracting(Diagnostic::code)
        .containsExactly(Code.RULE_OUTSIDE_GROUP, Code.RULE_OUTSIDE_GROUP);
  }
}
