package io.github.reactiverobots.tester;

import io.github.reactiverobots.robotstxt.Explanation;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.RobotsTxt.Group;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Rule;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The page's questions, answered as JSON: the matrix with explanations, lint, pacing and usage per
 * agent, in one or both profiles; a diff of two versions. Stateless; every method checks its limits
 * and answers a JSON {@code error} for input past them.
 */
final class Api {
  static final int MAX_AGENTS = 20;
  static final int MAX_URLS = 500;
  static final int MAX_CELLS = 2000;

  private Api() {}

  /** Thrown for input the page must correct; its message is shown to the user. */
  static final class BadInput extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadInput(String message) {
      super(message);
    }
  }

  static String analyze(Map<String, List<String>> form) {
    byte[] body = field(form, "robots").getBytes(StandardCharsets.UTF_8);
    List<String> agents = lines(field(form, "agents"), MAX_AGENTS, "agents");
    List<String> urls = lines(field(form, "urls"), MAX_URLS, "URLs");
    if (agents.size() * urls.size() > MAX_CELLS) {
      throw new BadInput(
          agents.size()
              + " agents x "
              + urls.size()
              + " URLs is more than "
              + MAX_CELLS
              + " cells");
    }
    List<Profile> profiles = profiles(field(form, "profile"));
    Json json = new Json().begin();
    json.key("lint").beginArray();
    for (Lints.Finding f : Lints.of(body, options(profiles.get(0), form))) {
      json.begin()
          .field("line", f.line())
          .field("column", f.column())
          .field("severity", f.severity())
          .field("code", f.code())
          .field("message", f.message())
          .end();
    }
    json.endArray();
    json.strings("agents", agents).strings("urls", urls);
    json.key("urlNotes").beginArray();
    for (String url : urls) {
      json.value(Answers.urlRefusal(url).orElse(null));
    }
    json.endArray();
    json.key("profiles").beginArray();
    for (Profile profile : profiles) {
      RobotsTxt robots = RobotsTxt.parse(body, options(profile, form));
      json.begin().field("name", Text.profileName(profile));
      json.strings("sitemaps", robots.sitemaps());
      json.field("truncated", robots.truncated());
      json.key("agents").beginArray();
      for (String agent : agents) {
        Explanation e = robots.explain("/", agent);
        json.begin()
            .field("agent", agent)
            .field("refusal", Answers.agentRefusal(agent).orElse(null))
            .strings("chain", e.chain())
            .field("selectedBy", e.selectedBy())
            .strings("pacing", Text.pacing(robots.forAgent(agent).pacing()))
            .strings(
                "usageRules",
                robots.forAgent(agent).usageRules().stream().map(Object::toString).toList())
            .strings(
                "signals",
                Answers.usageLines(robots, "/", agent).stream()
                    .filter(l -> l.startsWith("content-signal"))
                    .toList())
            .end();
      }
      json.endArray();
      json.key("cells").beginArray();
      for (String url : urls) {
        json.beginArray();
        for (String agent : agents) {
          cell(json, robots, url, agent);
        }
        json.endArray();
      }
      json.endArray().end();
    }
    return json.endArray().end().toString();
  }

  private static void cell(Json json, RobotsTxt robots, String url, String agent) {
    Explanation e = robots.explain(url, agent);
    json.begin()
        .field("allowed", e.verdict().allowed())
        .field("reason", Text.reason(e.verdict()))
        .field("rule", e.decidingRule().map(Rule::toString).orElse(null))
        .field("line", e.decidingRule().map(Rule::line).orElse(0))
        .field("selection", e.selection().name().toLowerCase(java.util.Locale.ROOT))
        .field("why", e.why())
        .field("path", e.path())
        .field("runnerUp", e.runnerUpRule().map(Rule::toString).orElse(null))
        .field("runnerUpLine", e.runnerUpRule().map(Rule::line).orElse(0))
        .field("tieBreak", e.tieBreak());
    json.key("groups").beginArray();
    for (Group g : e.groups()) {
      json.value(g.line());
    }
    json.endArray();
    json.strings("matches", e.matches().stream().map(Rule::toString).toList());
    json.strings(
        "usage",
        Answers.usageLines(robots, url, agent).stream()
            .filter(l -> l.startsWith("content-usage"))
            .toList());
    json.end();
  }

  static String diff(Map<String, List<String>> form) {
    List<String> agents = lines(field(form, "agents"), MAX_AGENTS, "agents");
    List<String> urls = lines(field(form, "urls"), MAX_URLS, "URLs");
    Profile profile = profiles(field(form, "profile")).get(0);
    ParseOptions options = options(profile, form);
    Diff diff =
        Diff.of(
            RobotsTxt.parse(field(form, "old"), options),
            RobotsTxt.parse(field(form, "robots"), options),
            agents,
            urls);
    Json json =
        new Json()
            .begin()
            .field("profile", Text.profileName(profile))
            .strings("agents", diff.agents())
            .strings("urls", diff.urls());
    json.key("flips").beginArray();
    for (Diff.Flip f : diff.flips()) {
      json.begin()
          .field("agent", f.agent())
          .field("url", f.url())
          .field("was", Diff.word(f.wasAllowed()))
          .field("now", Diff.word(f.allowed()))
          .field("oldRule", f.oldRule())
          .field("newRule", f.newRule())
          .end();
    }
    json.endArray();
    return json.strings("sitemapsAdded", diff.sitemapsAdded())
        .strings("sitemapsRemoved", diff.sitemapsRemoved())
        .strings("changes", diff.changes())
        .end()
        .toString();
  }

  /** The options for {@code profile} with the form's fallback chains ({@code Token: A, B}). */
  static ParseOptions options(Profile profile, Map<String, List<String>> form) {
    ParseOptions options = ParseOptions.of(profile);
    for (String line : lines(field(form, "fallbacks"), MAX_AGENTS, "fallback chains")) {
      int colon = line.indexOf(':');
      if (colon < 0) {
        throw new BadInput(
            "fallback chain '" + Text.printable(line) + "' is not" + " 'Token: Fallback, ...'");
      }
      String token = line.substring(0, colon).strip();
      List<String> chain =
          Arrays.stream(line.substring(colon + 1).split(","))
              .map(String::strip)
              .filter(s -> !s.isEmpty())
              .toList();
      try {
        options = options.withFallbacks(new CrawlerIdentity(token, token, chain));
      } catch (IllegalArgumentException e) {
        throw new BadInput(e.getMessage());
      }
    }
    return options;
  }

  static List<Profile> profiles(String name) {
    return switch (name.isEmpty() ? "google" : name) {
      case "both" -> List.of(Profile.GOOGLE, Profile.RFC_9309);
      case "google" -> List.of(Profile.GOOGLE);
      case "rfc9309" -> List.of(Profile.RFC_9309);
      default -> throw new BadInput("unknown profile '" + Text.printable(name) + "'");
    };
  }

  static String field(Map<String, List<String>> form, String name) {
    List<String> values = form.get(name);
    return values == null || values.isEmpty() ? "" : values.get(0);
  }

  /** The non-blank lines of {@code text}, stripped; at most {@code max}. */
  static List<String> lines(String text, int max, String what) {
    List<String> out = new ArrayList<>();
    for (String line : text.split("\r?\n")) {
      if (!line.isBlank()) {
        out.add(line.strip());
      }
    }
    if (out.size() > max) {
      throw new BadInput("more than " + max + " " + what);
    }
    return out;
  }
}
