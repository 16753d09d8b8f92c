package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.RobotsTxt.Group;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.testing.CorpusFile;
import io.github.reactiverobots.robotstxt.testing.UrlRow;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Parsing and compiling work in per-thread scratch arrays reused from body to body ({@link
 * ParseScratch}, the trie build's nodes): a parse must not depend on what the thread parsed before.
 * The oddity sample parsed in file order, in reverse order, and each file on a thread of its own
 * gives the same files and verdicts.
 */
class ScratchReuseTest {
  private static final Corpus CORPUS = Corpus.odditySample();

  @Test
  void aParseDoesNotDependOnWhatTheThreadParsedBefore() throws Exception {
    List<CorpusFile> files = CORPUS.files();
    Map<String, List<String>> paths = new HashMap<>();
    for (UrlRow row : CORPUS.rows()) {
      paths.computeIfAbsent(row.file(), k -> new ArrayList<>()).add(row.path());
    }
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Map<String, String> forward = pool.submit(() -> describeAll(files, paths)).get();
      List<CorpusFile> reversed = new ArrayList<>(files);
      Collections.reverse(reversed);
      Map<String, String> backward = pool.submit(() -> describeAll(reversed, paths)).get();
      assertThat(backward).isEqualTo(forward);
      for (CorpusFile f : files.subList(0, 40)) {
        ExecutorService fresh = Executors.newSingleThreadExecutor();
        try {
          Future<String> alone = fresh.submit(() -> describe(f, paths));
          assertThat(alone.get()).as(f.name()).isEqualTo(forward.get(f.name()));
        } finally {
          fresh.shutdown();
        }
      }
    } finally {
      pool.shutdown();
    }
  }

  private static Map<String, String> describeAll(
      List<CorpusFile> files, Map<String, List<String>> paths) {
    Map<String, String> out = new HashMap<>();
    for (CorpusFile f : files) {
      out.put(f.name(), describe(f, paths));
    }
    return out;
  }

  private static String describe(CorpusFile f, Map<String, List<String>> paths) {
    RobotsTxt robots = RobotsTxt.parse(f.body(), ParseOptions.defaults());
    StringBuilder sb = new StringBuilder();
    sb.append(robots.lines()).append(' ').append(robots.estimatedWeight()).append('\n');
    List<String> checked = new ArrayList<>(paths.getOrDefault(f.name(), List.of()));
    for (Group g : robots.groups()) {
      sb.append(g.line()).append(g.userAgents()).append(g.rules()).append(g.pacing()).append('\n');
      g.rules().forEach(r -> checked.add(r.pattern()));
    }
    sb.append(robots.sitemaps()).append(robots.otherRecords()).append('\n');
    for (String agent : List.of("googlebot", "*", "bingbot")) {
      AgentRules rules = robots.forAgent(agent);
      for (String path : checked) {
        sb.append(rules.check(path.startsWith("/") ? path : "/" + path)).append('\n');
      }
    }
    return sb.toString();
  }
}
