package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.github.reactiverobots.robotstxt.Diagnostic.Code;
import io.github.reactiverobots.robotstxt.usage.ContentSignals;
import io.github.reactiverobots.robotstxt.usage.ContentSignals.ContentSignal;
import io.github.reactiverobots.robotstxt.usage.Preference;
import io.github.reactiverobots.robotstxt.usage.Usage;
import io.github.reactiverobots.robotstxt.usage.UsageCategory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SEMANTICS.md §5 and §8: {@code License:} (RSL 1.0), Content-Signal's {@code use=}, and the aipref
 * vocabulary with its legacy labels.
 */
class LicenseAndVocabularyTest {
  private static List<Diagnostic> lint(String... lines) {
    return Linter.lint(
        String.join("\n", lines).getBytes(StandardCharsets.UTF_8), ParseOptions.defaults());
  }

  private static RobotsTxt robots(String... lines) {
    return Robots.rfc(String.join("\n", lines));
  }

  @Test
  void licensesAreGlobalKeptInOrderDuplicatesDropped() {
    RobotsTxt robots =
        robots(
            "License: https://a.com/license.xml",
            "User-agent: *",
            "Disallow: /private",
            "License: https://other.example/rsl.xml",
            "Sitemap: https://a.com/s.xml",
            "License: https://a.com/license.xml",
            "LICENSE: /relative.xml");
    assertThat(robots.licenses())
        .containsExactly(
            "https://a.com/license.xml", "https://other.example/rsl.xml", "/relative.xml");
    assertThat(robots.sitemaps()).containsExactly("https://a.com/s.xml");
    assertThat(robots.otherRecords()).isEmpty();
  }

  @Test
  void aLicenseLineEndsNoGroup() {
    // Were License a rule-like record, the second user-agent would open a group of its own.
    RobotsTxt robots =
        robots(
            "User-agent: a",
            "License: https://a.com/l.xml",
            "User-agent: b",
            "Disallow: /x",
            "License: https://a.com/m.xml",
            "Disallow: /y");
    assertThat(robots.groups()).hasSize(1);
    assertThat(robots.forAgent("a").check("/x").allowed()).isFalse();
    assertThat(robots.forAgent("b").check("/y").allowed()).isFalse();
    assertThat(robots.forAgent("a").check("/z").allowed()).isTrue();
    assertThat(robots.licenses()).hasSize(2);
  }

  @Test
  void aFileWithoutLicensesHasNone() {
    assertThat(robots("User-agent: *", "Disallow: /").licenses()).isEmpty();
    assertThat(RobotsTxt.empty().licenses()).isEmpty();
  }

  @Test
  void theLinterNotesARelativeOrMalformedLicenceUrl() {
    List<Diagnostic> found =
        lint(
            "License: https://a.com/license.xml",
            "License: /license.xml",
            "License: license.xml",
            "License: ftp://a.com/license.xml",
            "License: https:///nohost.xml",
            "License: https://a.com/has space.xml",
            "License: http://b.org/rsl.xml");
    assertThat(found)
        .extracting(Diagnostic::line, Diagnostic::code)
        .containsExactly(
            tuple(2, Code.RELATIVE_LICENSE),
            tuple(3, Code.RELATIVE_LICENSE),
            tuple(4, Code.BAD_LICENSE_URL),
            tuple(5, Code.BAD_LICENSE_URL),
            tuple(6, Code.BAD_LICENSE_URL));
    assertThat(found.get(0).column()).isEqualTo(10);
  }

  @Test
  void useIsKeptAsGivenAndTheLinesOtherSignalsStillRead() {
    ContentSignals s = ContentSignals.parse(3, "search=yes, ai-train=no, use=reference");
    assertThat(s.preference(ContentSignal.SEARCH)).isEqualTo(Preference.ALLOW);
    assertThat(s.preference(ContentSignal.AI_TRAIN)).isEqualTo(Preference.DISALLOW);
    assertThat(s.uses()).containsExactly("reference");
    assertThat(s.use()).contains("reference");
    assertThat(s.unreadable()).isEmpty();

    ContentSignals first = ContentSignals.parse(1, "use=Immediate, ai-input=no, search=maybe");
    assertThat(first.preference(ContentSignal.AI_INPUT)).isEqualTo(Preference.DISALLOW);
    assertThat(first.preference(ContentSignal.SEARCH)).isEqualTo(Preference.UNKNOWN);
    assertThat(first.uses()).containsExactly("Immediate");
    assertThat(first.use()).contains("immediate");
    assertThat(first.toString()).contains("use=Immediate");
  }

  @Test
  void severalUseValuesAreAllKeptAndNotCombined() {
    ContentSignals both =
        ContentSignals.parse(1, "use=full")
            .mostRestrictive(ContentSignals.parse(2, "ai-train=no, use=reference"));
    assertThat(both.uses()).containsExactly("full", "reference");
    assertThat(both.use()).isEqualTo(Optional.empty());
    assertThat(ContentSignals.NONE.uses()).isEmpty();
    assertThat(ContentSignals.parse(1, "use=full, USE=FULL").use()).contains("full");
  }

  @Test
  void useIsReadFromTheCrawlersGroups() {
    Usage usage =
        robots(
                "User-agent: *",
                "Content-Signal: search=yes, ai-train=no, use=reference",
                "Allow: /")
            .usage("https://a.com/page", "bot");
    assertThat(usage.signals().uses()).containsExactly("reference");
    assertThat(usage.signals().preference(ContentSignal.AI_TRAIN)).isEqualTo(Preference.DISALLOW);
  }

  @Test
  void theLinterNotesAUseValueThePolicyDoesNotDefine() {
    assertThat(
            lint(
                "User-agent: *",
                "Content-Signal: search=yes, use=reference",
                "Content-Signal: use=FULL",
                "Content-Signal: ai-train=no, use=sometimes"))
        .extracting(Diagnostic::line, Diagnostic::code)
        .containsExactly(tuple(4, Code.CONTENT_SIGNAL_BAD_USE));
  }

  private static Usage usageOf(String preference) {
    return robots("User-agent: *", "Content-Usage: / " + preference).usage("https://a.com/x", "b");
  }

  /** Per dictionary, what train-ai, ai-use and search read as (SEMANTICS.md §8). */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        // the current vocabulary (draft-ietf-aipref-vocab-07, and ai-use)
        "train-ai=n, search=y                   | DISALLOW | UNKNOWN  | ALLOW",
        "train-ai=y                             | ALLOW    | UNKNOWN  | UNKNOWN",
        "ai-use=n                               | UNKNOWN  | DISALLOW | UNKNOWN",
        // a part's n disallows the whole category, whatever the line says of it
        "train-genai=n                          | DISALLOW | UNKNOWN  | UNKNOWN",
        "train-ai=y, train-genai=n              | DISALLOW | UNKNOWN  | UNKNOWN",
        "ai-output=n, ai-use=y                  | UNKNOWN  | DISALLOW | UNKNOWN",
        // the whole's n disallows what the line says nothing about
        "all=n                                  | DISALLOW | DISALLOW | DISALLOW",
        "bots=n, search=y                       | DISALLOW | DISALLOW | ALLOW",
        "search=y, all=n, train-ai=y            | ALLOW    | DISALLOW | ALLOW",
        // a legacy y allows nothing
        "all=y                                  | UNKNOWN  | UNKNOWN  | UNKNOWN",
        "train-genai=y, bots=y, ai-output=y     | UNKNOWN  | UNKNOWN  | UNKNOWN",
        "train-genai=y, train-ai=n              | DISALLOW | UNKNOWN  | UNKNOWN",
        // a legacy value that is not y or n says nothing
        "all=maybe                              | UNKNOWN  | UNKNOWN  | UNKNOWN",
      })
  void currentAndLegacyLabels(
      String preference, Preference trainAi, Preference aiUse, Preference search) {
    Usage usage = usageOf(preference);
    assertThat(usage.preference(UsageCategory.TRAIN_AI)).as("train-ai").isEqualTo(trainAi);
    assertThat(usage.preference(UsageCategory.AI_USE)).as("ai-use").isEqualTo(aiUse);
    assertThat(usage.preference(UsageCategory.SEARCH)).as("search").isEqualTo(search);
  }

  @Test
  void theLinterNamesEachLegacyLabelAndHowItIsRead() {
    List<Diagnostic> found =
        lint(
            "User-agent: *",
            "Content-Usage: /a train-genai=n",
            "Content-Usage: /b ai-output=n",
            "Content-Usage: /c bots=n",
            "Content-Usage: /d all=y, search=y",
            "Content-Usage: /e train-ai=n, search=y");
    assertThat(found)
        .extracting(Diagnostic::line, Diagnostic::code)
        .containsExactly(
            tuple(2, Code.CONTENT_USAGE_LEGACY_CATEGORY),
            tuple(3, Code.CONTENT_USAGE_LEGACY_CATEGORY),
            tuple(4, Code.CONTENT_USAGE_LEGACY_CATEGORY),
            tuple(5, Code.CONTENT_USAGE_LEGACY_CATEGORY));
    assertThat(found.get(0).message()).contains("'train-genai'").contains("n for train-ai");
    assertThat(found.get(1).message()).contains("n for ai-use");
    assertThat(found.get(2).message())
        .contains("n for train-ai, ai-use, search where the line says nothing of them");
    assertThat(found.get(3).message()).contains("its y allows nothing");
    assertThat(found).allMatch(d -> d.severity() == Diagnostic.Severity.WARNING);
  }

  @Test
  void theSameReadingAppliesToThePagesContentUsageHeader() {
    var reading =
        io.github.reactiverobots.robotstxt.internal.aipref.PreferenceDictionary.readField(
            List.of("train-ai=y", "train-genai=n"));
    assertThat(reading.legacyKeys()).containsExactly("train-genai");
    assertThat(
            io.github.reactiverobots.robotstxt.internal.aipref.UsageBits.get(
                reading.bits(), UsageCategory.TRAIN_AI))
        .isEqualTo(Preference.DISALLOW);
  }
}
