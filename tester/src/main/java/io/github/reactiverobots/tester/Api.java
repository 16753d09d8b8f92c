package io.github.reactiverobots.tester;

import io.github.reactiverobots.robotstxt.Explanation;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.Profile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The page's questions, answered as JSON: the matrix with explanations, lint, pacing and usage per
 * agent, in one or both profiles; one URL for one agent (the "test this URL" box); a diff of two
 * versions. Stateless; every method checks its limits and answers a JSON {@code error} for input
 * past them. An answer lists at most {@link JsonAnswers#MAX_LISTED} matching rules and groups per
 * cell (with their counts) and {@link #MAX_FINDINGS} lint findings, and is never longer than {@link
 * #MAX_ANSWER} characters: past that, the request is refused with a message saying so.
 */
final class Api {
  static final int MAX_AGENTS = 20;
  static final int MAX_URLS = 500;
  static final int MAX_CELLS = 2000;

  /** The most verdicts a diff computes (agents × URLs, taken from the files when not given). */
  static final int MAX_DIFF_CHECKS = 20_000;

  /** The most lint findings listed; {@code lintCount} says how many there are. */
  static final int MAX_FINDINGS = 1000;

  /** The longest answer, in characters: 16 Mi. */
  static final int MAX_ANSWER = 16 * 1024 * 1024;

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
    List<Lints.Finding> findings = Lints.of(body, options(profiles.get(0), form));
    Json json = new Json().begin().key("lint");
    JsonAnswers.findings(json, findings, MAX_FINDINGS).field("lintCount", findings.size());
    bounded(json, agents.size(), urls.size());
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
        agentInfo(json, robots, agent);
      }
      json.endArray();
      json.key("cells").beginArray();
      for (String url : urls) {
        json.beginArray();
        for (String agent : agents) {
          bounded(cell(json.begin(), robots, url, agent).end(), agents.size(), urls.size());
        }
        json.endArray();
      }
      json.endArray().end();
    }
    return bounded(json.endArray().end(), agents.size(), urls.size()).toString();
  }

  /**
   * One URL for one agent, in one or both profiles: {@code profiles} holds one cell each (with the
   * usage answer and licences robots.txt gives), {@code urlNote} and {@code agentNote} what the
   * cache would refuse.
   */
  static String check(Map<String, List<String>> form) {
    String url = field(form, "url").strip();
    String agent = field(form, "agent").strip();
    if (agent.isEmpty()) {
      throw new BadInput("no agent: pick a crawler or type its user-agent");
    }
    byte[] body = field(form, "robots").getBytes(StandardCharsets.UTF_8);
    Json json =
        new Json()
            .begin()
            .field("url", url)
            .field("agent", agent)
            .field("urlNote", Answers.urlRefusal(url).orElse(null))
            .field("agentNote", Answers.agentRefusal(agent).orElse(null));
    json.key("profiles").beginArray();
    for (Profile profile : profiles(field(form, "profile"))) {
      RobotsTxt robots = RobotsTxt.parse(body, options(profile, form));
      json.begin().field("name", Text.profileName(profile)).key("cell").begin();
      JsonAnswers.usageAnswer(cell(json, robots, url, agent), robots, url, agent).end().end();
    }
    return bounded(json.endArray().end(), 1, 1).toString();
  }

  /** The agent's column header: its chain, whose groups it obeys, pacing and usage; or an error. */
  private static void agentInfo(Json json, RobotsTxt robots, String agent) {
    json.begin().field("agent", agent).field("refusal", Answers.agentRefusal(agent).orElse(null));
    try {
      Explanation e = robots.explain("/", agent);
      json.field("error", (String) null)
          .strings("chain", e.chain())
          .field("selectedBy", e.selectedBy())
          .strings("pacing", Text.pacing(robots.forAgent(agent).pacing()))
          .strings(
              "usageRules",
              robots.forAgent(agent).usageRules().stream().map(Object::toString).toList())
          .strings(
              "signals",
              Answers.withoutPrefix(Answers.usageLines(robots, "/", agent), "content-signal "));
    } catch (IllegalArgumentException e) {
      json.field("error", e.getMessage())
          .strings("chain", List.of())
          .field("selectedBy", "")
          .strings("pacing", List.of())
          .strings("usageRules", List.of())
          .strings("signals", List.of());
    }
    json.end();
  }

  /**
   * One cell's fields: the verdict and its explanation, or, for a URL or agent this profile refuses
   * (an http(s) URL the cache refuses under {@code rfc9309}, swapped arguments), {@code error} with
   * the reason and {@code allowed} null; the other cells are answered as usual.
   */
  private static Json cell(Json json, RobotsTxt robots, String url, String agent) {
    Explanation e;
    try {
      e = robots.explain(url, agent);
    } catch (IllegalArgumentException refused) {
      return json.field("error", refused.getMessage())
          .key("allowed")
          .value((String) null)
          .field("reason", "not checked: " + refused.getMessage());
    }
    json.field("error", (String) null);
    JsonAnswers.explanation(JsonAnswers.verdict(json, e.verdict()), e);
    List<String> usage =
        Answers.withoutPrefix(Answers.usageLines(robots, url, agent), "content-usage ");
    return json.strings("usage", usage);
  }

  /** {@code json}, unless it is past {@link #MAX_ANSWER}: then the request is refused. */
  private static Json bounded(Json json, int agents, int urls) {
    if (json.length() > MAX_ANSWER) {
      throw new BadInput(
          "the answer for "
              + agents
              + " agents x "
              + urls
              + " URLs is more than "
              + MAX_ANSWER / (1024 * 1024)
              + " MiB: check fewer or shorter URLs or agents, or a smaller file");
    }
    return json;
  }

  static String diff(Map<String, List<String>> form) {
    List<String> agents = lines(field(form, "agents"), MAX_AGENTS, "agents");
    List<String> urls = lines(field(form, "urls"), MAX_URLS, "URLs");
    Profile profile = profiles(field(form, "profile")).get(0);
    ParseOptions options = options(profile, form);
    RobotsTxt before = RobotsTxt.parse(field(form, "old"), options);
    RobotsTxt after = RobotsTxt.parse(field(form, "robots"), options);
    List<String> as = agents.isEmpty() ? Diff.defaultAgents(before, after) : agents;
    List<String> us = urls.isEmpty() ? Diff.defaultUrls(before, after) : urls;
    long checks = (long) as.size() * us.size();
    if (checks > MAX_DIFF_CHECKS) {
      throw new BadInput(
          checks
              + " agents x URLs is more than "
              + MAX_DIFF_CHECKS
              + " checks: list the agents and URLs to compare");
    }
    Diff diff = Diff.of(before, after, as, us);
    Json json = new Json().begin().field("profile", Text.profileName(profile));
    return bounded(JsonAnswers.diff(json, diff).end(), diff.agents().size(), diff.urls().size())
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
