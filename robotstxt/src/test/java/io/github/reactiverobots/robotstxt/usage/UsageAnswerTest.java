package io.github.reactiverobots.robotstxt.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.page.PageDirectives;
import io.github.reactiverobots.robotstxt.page.PageRights;
import io.github.reactiverobots.robotstxt.page.RobotsTags;
import io.github.reactiverobots.robotstxt.usage.UsageAnswer.Decision;
import io.github.reactiverobots.robotstxt.usage.UsageAnswer.License;
import io.github.reactiverobots.robotstxt.usage.UsageAnswer.Use;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** SEMANTICS.md §8, how the sources combine: the one usage answer. */
class UsageAnswerTest {
  private static final String URL = "https://a.example/books/1";

  private static RobotsTxt robots(String body) {
    return RobotsTxt.parse(body.getBytes(StandardCharsets.UTF_8));
  }

  private static UsageAnswer answer(String body) {
    RobotsTxt r = robots(body);
    return UsageAnswer.of(r.usage(URL, "bot"), r.licenses());
  }

  private static UsageAnswer answer(String body, TdmReservation tdm) {
    RobotsTxt r = robots(body);
    return UsageAnswer.of(r.usage(URL, "bot"), r.licenses(), tdm);
  }

  private static TdmReservation file(String reservation) {
    return TdmReservation.of(reservation, "https://a.example/policy", UsageSource.TDMREP_FILE);
  }

  @Test
  void nothingSaidIsUnknownEverywhere() {
    UsageAnswer a = answer("User-agent: *\nAllow: /\n");
    assertThat(a.decisions())
        .extracting(Decision::use, Decision::preference, Decision::source)
        .containsExactly(
            tuple(Use.TEXT_AND_DATA_MINING, Preference.UNKNOWN, UsageSource.NONE),
            tuple(Use.TRAIN_AI, Preference.UNKNOWN, UsageSource.NONE),
            tuple(Use.AI_USE, Preference.UNKNOWN, UsageSource.NONE),
            tuple(Use.SEARCH, Preference.UNKNOWN, UsageSource.NONE));
    assertThat(a.licenses()).isEmpty();
    assertThat(a.tdmPolicyUrl()).isEmpty();
    assertThat(a.verdict().allowed()).isTrue();
  }

  @Test
  void robotsContentUsageDecidesWithItsLine() {
    UsageAnswer a =
        answer("User-agent: *\nAllow: /\nContent-Usage: /books/ train-ai=n, search=y\n");
    assertThat(a.decision(Use.TRAIN_AI))
        .isEqualTo(new Decision(Use.TRAIN_AI, Preference.DISALLOW, UsageSource.CONTENT_USAGE, 3));
    assertThat(a.decision(Use.SEARCH).source()).isEqualTo(UsageSource.CONTENT_USAGE);
    assertThat(a.preference(Use.SEARCH)).isEqualTo(Preference.ALLOW);
    assertThat(a.preference(Use.AI_USE)).isEqualTo(Preference.UNKNOWN);
    assertThat(a.decision(Use.TRAIN_AI).answer()).isEqualTo("reserved");
    assertThat(a.decision(Use.TRAIN_AI)).hasToString("train-ai=reserved (content-usage, line 3)");
  }

  @Test
  void contentSignalDecidesWhereContentUsageSaysNothing() {
    UsageAnswer a =
        answer("User-agent: *\nContent-Signal: ai-input=no, search=yes, use=reference\nAllow: /\n");
    assertThat(a.decision(Use.AI_USE))
        .isEqualTo(new Decision(Use.AI_USE, Preference.DISALLOW, UsageSource.CONTENT_SIGNAL, 2));
    assertThat(a.decision(Use.SEARCH).source()).isEqualTo(UsageSource.CONTENT_SIGNAL);
    assertThat(a.preference(Use.TRAIN_AI)).isEqualTo(Preference.UNKNOWN);
  }

  @Test
  void theMostRestrictiveStatementWinsAndNamesItsSource() {
    // Content-Usage allows, Content-Signal reserves: the signal decides.
    UsageAnswer a =
        answer("User-agent: *\nContent-Signal: ai-train=no\nContent-Usage: / train-ai=y\n");
    assertThat(a.decision(Use.TRAIN_AI).source()).isEqualTo(UsageSource.CONTENT_SIGNAL);
    assertThat(a.preference(Use.TRAIN_AI)).isEqualTo(Preference.DISALLOW);
    // Both reserve: Content-Usage is named first.
    UsageAnswer both =
        answer("User-agent: *\nContent-Signal: ai-train=no\nContent-Usage: / train-ai=n\n");
    assertThat(both.decision(Use.TRAIN_AI).source()).isEqualTo(UsageSource.CONTENT_USAGE);
    // Both allow: Content-Usage is named first too.
    UsageAnswer allow =
        answer("User-agent: *\nContent-Signal: search=yes\nContent-Usage: / search=y\n");
    assertThat(allow.decision(Use.SEARCH))
        .isEqualTo(new Decision(Use.SEARCH, Preference.ALLOW, UsageSource.CONTENT_USAGE, 3));
  }

  @Test
  void tdmRepDecidesTextAndDataMiningAndReservesAiTrainingOverARobotsAllow() {
    UsageAnswer reserved =
        answer("User-agent: *\nContent-Usage: / train-ai=y, search=y\n", file("1"));
    assertThat(reserved.decision(Use.TEXT_AND_DATA_MINING))
        .isEqualTo(
            new Decision(
                Use.TEXT_AND_DATA_MINING, Preference.DISALLOW, UsageSource.TDMREP_FILE, 0));
    assertThat(reserved.decision(Use.TRAIN_AI))
        .isEqualTo(new Decision(Use.TRAIN_AI, Preference.DISALLOW, UsageSource.TDMREP_FILE, 0));
    // A TDM reservation says nothing of search or AI use.
    assertThat(reserved.decision(Use.SEARCH).source()).isEqualTo(UsageSource.CONTENT_USAGE);
    assertThat(reserved.preference(Use.AI_USE)).isEqualTo(Preference.UNKNOWN);
    assertThat(reserved.tdmPolicy()).isEqualTo("https://a.example/policy");

    // Not reserved allows mining, and allows no AI training by itself.
    UsageAnswer open = answer("User-agent: *\nAllow: /\n", file("0"));
    assertThat(open.preference(Use.TEXT_AND_DATA_MINING)).isEqualTo(Preference.ALLOW);
    assertThat(open.decision(Use.TEXT_AND_DATA_MINING).source()).isEqualTo(UsageSource.TDMREP_FILE);
    assertThat(open.preference(Use.TRAIN_AI)).isEqualTo(Preference.UNKNOWN);
    UsageAnswer openButNo = answer("User-agent: *\nContent-Usage: / train-ai=n\n", file("0"));
    assertThat(openButNo.decision(Use.TRAIN_AI).source()).isEqualTo(UsageSource.CONTENT_USAGE);

    assertThat(
            answer("User-agent: *\nAllow: /\n", file("maybe")).decision(Use.TEXT_AND_DATA_MINING))
        .isEqualTo(new Decision(Use.TEXT_AND_DATA_MINING, Preference.UNKNOWN, UsageSource.NONE, 0));
  }

  @Test
  void aDisallowedUrlHasNoUsageAnswer() {
    UsageAnswer a =
        answer(
            "User-agent: *\nDisallow: /books/\nContent-Signal: ai-train=no\nLicense: https://l/x\n",
            file("1"));
    assertThat(a.verdict().allowed()).isFalse();
    assertThat(a.decisions()).allMatch(d -> d.preference() == Preference.UNKNOWN);
    assertThat(a.decisions()).allMatch(d -> d.source() == UsageSource.NONE);
    assertThat(a.licenses()).extracting(License::url).containsExactly("https://l/x");
  }

  @Test
  void robotsLicensesInOrder() {
    UsageAnswer a =
        answer(
            "License: https://l.example/a.xml\nUser-agent: *\nLicense: /relative\n"
                + "Allow: /\nLicense: https://l.example/a.xml\n");
    assertThat(a.licenses())
        .containsExactly(
            new License("https://l.example/a.xml", "", UsageSource.LICENSE),
            new License("/relative", "", UsageSource.LICENSE));
  }

  @Test
  void thePageHeaderHtmlAndContentUsageHeaderDecide() {
    RobotsTxt r =
        robots(
            "License: https://l.example/site.xml\nUser-agent: *\nContent-Usage: / train-ai=y\n"
                + "Content-Signal: search=yes\n");
    PageRights rights =
        PageRights.read(
            List.of("<https://l.example/page.xml>; rel=license; type=application/rsl+xml"),
            List.of("0"),
            List.of(),
            "<head><meta name=tdm-reservation content=1><link rel=license href=/h.xml></head>"
                .getBytes(StandardCharsets.UTF_8));
    PageDirectives page = RobotsTags.contentUsage(List.of("search=n, ai-use=y"));
    UsageAnswer a = rights.answer(r.usage(URL, "bot"), r.licenses(), file("0"), page);
    assertThat(a.decision(Use.TEXT_AND_DATA_MINING).source()).isEqualTo(UsageSource.HTML);
    assertThat(a.preference(Use.TEXT_AND_DATA_MINING)).isEqualTo(Preference.DISALLOW);
    assertThat(a.decision(Use.TRAIN_AI).source()).isEqualTo(UsageSource.HTML);
    assertThat(a.decision(Use.SEARCH))
        .isEqualTo(
            new Decision(Use.SEARCH, Preference.DISALLOW, UsageSource.CONTENT_USAGE_HEADER, 0));
    assertThat(a.decision(Use.AI_USE).source()).isEqualTo(UsageSource.CONTENT_USAGE_HEADER);
    assertThat(a.tdmPolicy()).isEqualTo("https://a.example/policy");
    assertThat(a.licenses())
        .extracting(License::url, License::source)
        .containsExactly(
            tuple("https://l.example/site.xml", UsageSource.LICENSE),
            tuple("https://l.example/page.xml", UsageSource.HEADER),
            tuple("/h.xml", UsageSource.HTML));

    // The header alone: tdm-reservation 0 over the file's 1.
    PageRights headerOnly = PageRights.read(List.of(), List.of("0"), List.of(), null);
    UsageAnswer h =
        headerOnly.answer(r.usage(URL, "bot"), List.of(), file("1"), PageDirectives.NONE);
    assertThat(h.decision(Use.TEXT_AND_DATA_MINING))
        .isEqualTo(new Decision(Use.TEXT_AND_DATA_MINING, Preference.ALLOW, UsageSource.HEADER, 0));
    assertThat(h.decision(Use.TRAIN_AI).source()).isEqualTo(UsageSource.CONTENT_USAGE);
  }

  @Test
  void theGeneralFactoryDropsDuplicateLicencesAndChecksDecisions() {
    RobotsTxt r = robots("User-agent: *\nAllow: /\n");
    UsageAnswer a =
        UsageAnswer.of(
            r.usage(URL, "bot"),
            Map.of(UsageCategory.TRAIN_AI, Preference.DISALLOW),
            TdmReservation.UNKNOWN,
            List.of(
                new License("https://x/l", "", UsageSource.LICENSE),
                new License("https://x/l", "application/rsl+xml", UsageSource.HEADER)));
    assertThat(a.licenses()).hasSize(1);
    assertThat(a.decision(Use.TRAIN_AI).source()).isEqualTo(UsageSource.CONTENT_USAGE_HEADER);
    assertThatThrownBy(() -> new UsageAnswer(a.verdict(), List.of(), List.of(), ""))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Decision(Use.SEARCH, Preference.ALLOW, UsageSource.NONE, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(a.decision(Use.TRAIN_AI).toString())
        .isEqualTo("train-ai=reserved (content-usage-header)");
  }
}
