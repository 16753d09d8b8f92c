package io.github.reactiverobots.tester;

import io.github.reactiverobots.robotstxt.internal.text.Printable;
import io.github.reactiverobots.robotstxt.model.Pacing;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Verdict;
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

  static String reason(Verdict v) {
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
}
