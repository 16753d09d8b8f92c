package io.github.reactiverobots.tester;

import io.github.reactiverobots.robotstxt.internal.text.Printable;
import io.github.reactiverobots.robotstxt.model.Pacing;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.usage.UsageSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Text shared by the commands and the page. Stateless. */
final class Text {
  private Text() {}

  /** {@code s} with control characters escaped, so that it cannot act on a terminal. */
  static String printable(String s) {
    return Printable.escape(s);
  }

  /** The verdict line: decision, reason, rule and line, pacing; tab-separated, printable. */
  static String verdictLine(Verdict v, Pacing pacing) {
    StringBuilder sb = new StringBuilder(v.allowed() ? "ALLOWED" : "DISALLOWED");
    sb.append('\t').append(reason(v));
    v.rule().ifPresent(r -> sb.append('\t').append(r));
    for (String p : pacing(pacing)) {
      sb.append('\t').append(p);
    }
    return sb.toString();
  }

  /** The reason in words, what it found and what follows: {@code no rule matches: allowed}. */
  static String reason(Verdict v) {
    return switch (v.reason()) {
      case MATCHED_ALLOW -> "an allow rule matches: allowed";
      case MATCHED_DISALLOW -> "a disallow rule matches: disallowed";
      case NO_MATCHING_RULE -> "no rule matches: allowed";
      case NO_GROUP_FOR_AGENT -> "no group applies to this agent: allowed";
      case ROBOTS_TXT_ITSELF -> "the URL is /robots.txt itself: allowed";
      case ROBOTS_UNAVAILABLE -> "robots.txt unavailable (4xx): everything allowed";
      case ROBOTS_UNREACHABLE -> "robots.txt unreachable, no good copy: everything disallowed";
      case ROBOTS_UNREACHABLE_GAVE_UP ->
          "robots.txt unreachable for the whole give-up window: everything allowed";
      case CRAWLER_FAULT -> "the crawler's own failure, not the site's: disallowed for now";
      default -> reasonCode(v).replace('_', ' ');
    };
  }

  /** The reason's stable code, for machines: {@code no_matching_rule}. */
  static String reasonCode(Verdict v) {
    return v.reason().name().toLowerCase(Locale.ROOT);
  }

  /** The pacing records ({@code crawl-delay=5s}, {@code request-rate=1/10s}...), in order. */
  static List<String> pacing(Pacing pacing) {
    List<String> out = new ArrayList<>();
    pacing.crawlDelay().ifPresent(d -> out.add("crawl-delay=" + seconds(d)));
    pacing
        .requestRate()
        .ifPresent(r -> out.add("request-rate=" + r.requests() + "/" + seconds(r.period())));
    pacing.visitTime().ifPresent(t -> out.add("visit-time=" + t.from() + "-" + t.to() + " UTC"));
    return out;
  }

  static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() / 1000.0 + "s";
  }

  /** {@code google} or {@code rfc9309}. */
  static String profileName(Profile p) {
    return p == Profile.GOOGLE ? "google" : "rfc9309";
  }

  /** A usage source as the tester names it: {@code content-usage}, {@code tdmrep-file}, ... */
  static String source(UsageSource source) {
    return source.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }
}
