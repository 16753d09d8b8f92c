package io.github.reactiverobots.bench.jmh;

import io.github.reactiverobots.bench.BenchCorpus;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.testing.CorpusFile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Check throughput on the corpus file with the most rules ({@value #FILE}: one {@code *} group of
 * about 32,000 rules in 853 KB), where a matcher's growth with the number of rules shows.
 *
 * <p>That file has only 20 {@code urls.tsv} rows, so the checks are its rows plus {@value
 * #GENERATED} paths made from its own rules: every k-th rule's path with a page appended (a match
 * deep in the list), the same path with a changed first letter (a near miss), and a path under no
 * rule. Both libraries read the whole body (reactive-robots with a parse limit raised above the
 * body size, as crawler-commons has none) and check for the {@code *} group.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class LargestFileCheckBenchmark {
  /** The corpus file with the most rules. */
  public static final String FILE = "docs.oracle.com.txt";

  /** How many generated paths are checked besides the file's rows. */
  public static final int GENERATED = 3000;

  private static final String AGENT = "MyCrawler/1.0";

  private CheckInputs inputs;

  @Setup
  public void load() {
    inputs = new CheckInputs(checks(), Ours.WHOLE_BODY);
  }

  /** The checks: the file's {@code urls.tsv} rows, then the generated paths. */
  public static List<CheckInputs.Check> checks() {
    Corpus corpus = BenchCorpus.selected();
    CorpusFile file = corpus.file(FILE);
    List<CheckInputs.Check> checks = new ArrayList<>();
    corpus.rows().stream()
        .filter(r -> r.file().equals(FILE))
        .forEach(r -> checks.add(new CheckInputs.Check(file, r.agent(), r.path())));
    List<String> rulePaths = rulePaths(file.body());
    int step = Math.max(1, rulePaths.size() / (GENERATED / 3));
    for (int i = 0, made = 0; i < rulePaths.size() && made < GENERATED; i += step, made += 3) {
      String p = rulePaths.get(i);
      checks.add(new CheckInputs.Check(file, AGENT, p + "page" + i + ".html"));
      checks.add(new CheckInputs.Check(file, AGENT, nearMiss(p) + "page.html"));
      checks.add(new CheckInputs.Check(file, AGENT, "/unlisted/" + i + "/index.html"));
    }
    return checks;
  }

  private static List<String> rulePaths(byte[] body) {
    List<String> out = new ArrayList<>();
    for (String line : new String(body, StandardCharsets.UTF_8).lines().toList()) {
      String l = line.strip();
      int colon = l.indexOf(':');
      if (colon < 0) {
        continue;
      }
      String key = l.substring(0, colon).strip().toLowerCase(Locale.ROOT);
      String value = l.substring(colon + 1).strip();
      int cut = indexOfAny(value, "*$#");
      if (cut >= 0) {
        value = value.substring(0, cut);
      }
      if ((key.equals("disallow") || key.equals("allow")) && value.startsWith("/")) {
        out.add(value);
      }
    }
    return out;
  }

  private static int indexOfAny(String s, String chars) {
    for (int i = 0; i < s.length(); i++) {
      if (chars.indexOf(s.charAt(i)) >= 0) {
        return i;
      }
    }
    return -1;
  }

  private static String nearMiss(String path) {
    if (path.length() < 2) {
      return "/~";
    }
    char c = path.charAt(1);
    return "/" + (char) (c == 'z' ? 'y' : c + 1) + path.substring(2);
  }

  @Benchmark
  public int reactiveRobots(Checks counter) {
    counter.checks += inputs.size();
    return inputs.checkAllOurs();
  }

  @Benchmark
  public int crawlerCommons(Checks counter) {
    counter.checks += inputs.size();
    return inputs.checkAllTheirs();
  }
}
