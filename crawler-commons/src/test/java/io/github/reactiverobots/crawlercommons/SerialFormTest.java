package io.github.reactiverobots.crawlercommons;

import static org.assertj.core.api.Assertions.assertThat;

import crawlercommons.robots.BaseRobotRules;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.testing.CorpusFile;
import io.github.reactiverobots.robotstxt.testing.UrlRow;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Rules read back from their serialised form equal the rules written and answer every check the
 * same, on every corpus file, under both profiles: the form holds the crawler's rules alone, as a
 * one-group robots.txt of the patterns as written.
 */
class SerialFormTest {
  @ParameterizedTest
  @EnumSource(Profile.class)
  void everyCorpusFileSurvivesARoundTrip(Profile profile) throws Exception {
    Corpus corpus = Corpus.full();
    Map<String, List<String>> paths = new HashMap<>();
    for (UrlRow row : corpus.rows()) {
      paths.computeIfAbsent(row.file(), k -> new ArrayList<>()).add(row.path());
    }
    ReactiveRobotsParser parser = new ReactiveRobotsParser(profile);
    for (CorpusFile f : corpus.files()) {
      ReactiveRobotRules rules =
          parser.parseContent(f.url("/robots.txt"), f.body(), "text/plain", List.of("googlebot"));
      BaseRobotRules back = roundTrip(rules);
      assertThat(back).as(f.name()).isEqualTo(rules).hasSameHashCodeAs(rules);
      assertThat(back.getCrawlDelay()).isEqualTo(rules.getCrawlDelay());
      assertThat(back.getSitemaps()).isEqualTo(rules.getSitemaps());
      assertThat(back.isAllowAll()).isEqualTo(rules.isAllowAll());
      assertThat(back.isAllowNone()).isEqualTo(rules.isAllowNone());
      List<String> checked = new ArrayList<>(paths.getOrDefault(f.name(), List.of()));
      for (var rule : rules.rules()) {
        checked.add(rule.pattern().replace("*", "x").replace("$", ""));
      }
      for (String path : checked) {
        String url = f.url(path.startsWith("/") ? path : "/" + path);
        assertThat(back.isAllowed(url)).as(f.name() + " " + url).isEqualTo(rules.isAllowed(url));
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Profile.class)
  void blanketAnswersSurviveARoundTrip(Profile profile) throws Exception {
    ReactiveRobotsParser parser = new ReactiveRobotsParser(profile);
    for (int status : new int[] {404, 503}) {
      ReactiveRobotRules rules = parser.failedFetch(status);
      BaseRobotRules back = roundTrip(rules);
      assertThat(back).isEqualTo(rules);
      assertThat(back.isDeferVisits()).isEqualTo(rules.isDeferVisits());
      assertThat(back.isAllowAll()).isEqualTo(status == 404);
    }
  }

  static BaseRobotRules roundTrip(BaseRobotRules rules) throws IOException, ClassNotFoundException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ObjectOutputStream o = new ObjectOutputStream(out)) {
      o.writeObject(rules);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(out.toByteArray()))) {
      return (BaseRobotRules) in.readObject();
    }
  }
}
