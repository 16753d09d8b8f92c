package io.github.reactiverobots.core.url;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.testing.Corpus;
import io.github.reactiverobots.core.testing.UrlRow;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The differential test of the fast path ({@link CanonicalUrls}) against the full WHATWG splitter
 * ({@link UrlSplitter#splitFully}): on every input the fast path accepts, the full splitter accepts
 * it too and gives the same origin (key and port) and path; and {@link SplitUrl#originKeyLength}
 * keeps its contract. Inputs: every {@code urls.tsv} row's URL, the URLs of {@code HostileUrlsTest}
 * and {@code UrlSplitterTest}, and random mutations of the corpus URLs (case, {@code %}, {@code \},
 * {@code @}, IDN, dots, ports, IPv4 and IPv6 forms, controls, spaces, fragments). Prints the counts
 * tried and accepted by each.
 */
class CanonicalUrlsTest {
  private static final long SEED = 0x29_2026L;
  private static final int MUTANTS = 400_000;

  /** Tallies of one input set. */
  private static final class Tally {
    int tried;
    int fast;
    int full;
    final List<String> disagreements = new ArrayList<>();

    void check(String url) {
      tried++;
      SplitUrl quick = CanonicalUrls.split(url);
      SplitUrl slow;
      try {
        slow = UrlSplitter.splitFully(url);
        full++;
      } catch (InvalidUrlException e) {
        slow = null;
      }
      int keyLength = SplitUrl.originKeyLength(url);
      if (quick == null) {
        if (keyLength != -1) {
          disagreements.add(url + ": originKeyLength " + keyLength + " but the fast path refused");
        }
        return;
      }
      fast++;
      if (slow == null) {
        disagreements.add(url + ": fast path " + quick + ", full splitter refused");
      } else if (!quick.equals(slow)
          || quick.origin().port() != slow.origin().port()
          || !quick.origin().host().equals(slow.origin().host())) {
        disagreements.add(url + ": fast path " + quick + ", full splitter " + slow);
      }
      if (keyLength >= 0 && !slow.origin().key().equals(url.substring(0, keyLength))) {
        disagreements.add(url + ": originKeyLength " + keyLength + " for " + slow.origin());
      }
    }

    String summary(String name) {
      return String.format(
          "%s: %,d tried, %,d accepted by the fast path, %,d by the full"
              + " splitter, %d disagreements",
          name, tried, fast, full, disagreements.size());
    }
  }

  private static List<String> corpusUrls() {
    Corpus corpus = Corpus.full();
    List<String> urls = new ArrayList<>();
    for (UrlRow r : corpus.rows()) {
      urls.add(corpus.file(r.file()).url(r.path()));
    }
    return urls;
  }

  @Test
  void agreesWithTheFullSplitterOnEveryCorpusRow() {
    Tally t = new Tally();
    corpusUrls().forEach(t::check);
    System.out.println(t.summary("urls.tsv rows"));
    assertThat(t.disagreements).isEmpty();
    // The corpus is what crawlers pass: nearly all of it takes the fast path.
    assertThat(t.fast).isGreaterThan(t.tried * 9 / 10);
  }

  @Test
  void agreesOnTheHostileAndSplitterTestUrls() throws Exception {
    Tally t = new Tally();
    for (String url : testUrls()) {
      t.check(url);
    }
    System.out.println(t.summary("hostile and splitter test URLs"));
    assertThat(t.tried).isGreaterThan(100);
    assertThat(t.disagreements).isEmpty();
    assertThat(t.fast).isPositive().isLessThan(t.full);
  }

  @Test
  void agreesOnRandomMutationsOfCanonicalUrls() {
    List<String> seeds = corpusUrls();
    Random random = new Random(SEED);
    Tally t = new Tally();
    Set<String> seen = new LinkedHashSet<>();
    for (int i = 0; i < MUTANTS; i++) {
      String url = seeds.get(random.nextInt(seeds.size()));
      int mutations = 1 + random.nextInt(3);
      for (int m = 0; m < mutations; m++) {
        url = mutate(url, random);
      }
      if (seen.add(url)) {
        t.check(url);
      }
    }
    System.out.println(t.summary("mutations (seed " + SEED + ")"));
    assertThat(t.disagreements)
        .as("first: %s", t.disagreements.stream().limit(20).toList())
        .isEmpty();
    // Both sides of the boundary are exercised in numbers.
    assertThat(t.tried).isGreaterThan(MUTANTS / 2);
    assertThat(t.fast).isGreaterThan(t.tried / 10);
    assertThat(t.full - t.fast).isGreaterThan(t.tried / 10);
    assertThat(t.tried - t.full).isGreaterThan(t.tried / 20);
  }

  @Test
  void refusesWhatItCannotAnswerWithoutTheFullSplitter() {
    String[] refused = {
      "HTTP://a.com/",
      "http://A.com/",
      "http://a.com:80/x".toUpperCase(),
      "http://a%2ecom/",
      "http://u@a.com/",
      "http://a.com\\x",
      "http://a.com/x\\y",
      "http://xn--bcher-kva.example/",
      "http://b\u00fccher.example/",
      "http://127.1/",
      "http://0x7f.0.0.1/",
      "http://[::1]/",
      "http://a..com/",
      "http://a.com./",
      "http://a.com:/",
      "http://a.com:080/",
      "http://a.com:0/",
      "http://a.com:65536/",
      " http://a.com/",
      "http://a.com/ ",
      "http://a.com/\t",
      "http:///a.com/",
      "http:a.com",
      "http://a_b.com/",
      "http://1.2.3.04/",
      "http://a.1/",
      "ftp://a.com/"
    };
    for (String url : refused) {
      assertThat(CanonicalUrls.split(url)).as(url).isNull();
      assertThat(SplitUrl.originKeyLength(url)).as(url).isEqualTo(-1);
    }
  }

  @Test
  void answersTheCanonicalShapeItself() {
    assertThat(CanonicalUrls.split("https://a.com:443?q"))
        .isEqualTo(new SplitUrl(Origin.of("https://a.com"), "/?q"));
    assertThat(CanonicalUrls.split("http://a.com:8080#f"))
        .isEqualTo(new SplitUrl(Origin.of("http://a.com:8080"), "/"));
    assertThat(CanonicalUrls.split("http://10.0.0.255/x y#z"))
        .isEqualTo(new SplitUrl(Origin.of("http://10.0.0.255"), "/x y"));
    assertThat(SplitUrl.originKeyLength("http://a.com:8080/x")).isEqualTo(17);
    assertThat(SplitUrl.originKeyLength("http://a.com:80/x")).isEqualTo(-1);
    assertThat(SplitUrl.originKeyLength("https://www.a.com")).isEqualTo(17);
  }

  /** The first column of every {@code @CsvSource} row of the URL test classes. */
  private static List<String> testUrls() throws ClassNotFoundException {
    List<String> urls = new ArrayList<>();
    for (String name :
        List.of(
            "io.github.reactiverobots.core.HostileUrlsTest",
            "io.github.reactiverobots.core.url.UrlSplitterTest")) {
      for (Method m : Class.forName(name).getDeclaredMethods()) {
        CsvSource csv = m.getAnnotation(CsvSource.class);
        if (csv == null) {
          continue;
        }
        for (String row : csv.value()) {
          String url = row.substring(0, row.indexOf(csv.delimiter())).strip();
          if (url.length() >= 2 && url.startsWith("\"") && url.endsWith("\"")) {
            url = url.substring(1, url.length() - 1);
          } else if (url.equals("''")) {
            url = "";
          }
          urls.add(url);
        }
      }
    }
    return urls;
  }

  private static final String[] HOSTS = {
    "127.0.0.1",
    "127.1",
    "0x7f.0.0.1",
    "2130706433",
    "0177.0.0.1",
    "1.2.3.256",
    "01.2.3.4",
    "1.2.3.4.",
    "1.2.3",
    "1.2.3.4.5",
    "255.255.255.255",
    "0.0.0.0",
    "[::1]",
    "[0:0:0:0:0:0:0:1]",
    "[::ffff:1.2.3.4]",
    "[2001:DB8::1]",
    "[::1",
    "a.1",
    "a.0x1",
    "1a.com",
    "9.com",
    "a-.com",
    "-a.com",
    "xn--bcher-kva.example",
    "xn--ss-.de",
    "b\u00fccher.example",
    "a\uff0eb.com",
    "\uff25X.com",
    "fa\u00df.de",
    "a_b.com",
    "a..com",
    ".a.com",
    "a.com.",
    "localhost",
    "x"
  };
  private static final String[] PORTS = {
    ":80", ":443", ":8080", ":0", ":080", ":65535", ":65536", ":", ":99999", ":1", ":00", ":8o",
    ":123456"
  };
  private static final String[] INSERTS = {
    "%", "%41", "%2e", "%2F", "\\", "@", "u:p@", "#", "?", "/", "//", "..", ".", " ", "\t", "\n",
    "\u0000", "\u007f", "\u00e9", "\uff0e", "\u3002", "A", "Z", "xn--", ":", "[", "]", "_", "-",
    "\ud800", "\u0085", "\u00a0"
  };

  /** One random change to {@code url}. */
  private static String mutate(String url, Random r) {
    int schemeEnd = url.indexOf("://");
    int hostStart = schemeEnd < 0 ? 0 : schemeEnd + 3;
    int hostEnd = hostStart;
    while (hostEnd < url.length() && "/?#".indexOf(url.charAt(hostEnd)) < 0) {
      hostEnd++;
    }
    int at = url.isEmpty() ? 0 : r.nextInt(url.length() + 1);
    int inHost = hostEnd > hostStart ? hostStart + r.nextInt(hostEnd - hostStart + 1) : at;
    switch (r.nextInt(12)) {
      case 0:
        { // flip the case of one character (scheme, host or path)
          if (url.isEmpty()) {
            return url;
          }
          int i = r.nextInt(Math.min(url.length(), hostEnd + 2));
          char c = url.charAt(i);
          char flipped =
              Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c);
          return url.substring(0, i) + flipped + url.substring(i + 1);
        }
      case 1:
      case 2: // insert something in the host
        return url.substring(0, inHost) + pick(INSERTS, r) + url.substring(inHost);
      case 3: // insert something anywhere
        return url.substring(0, at) + pick(INSERTS, r) + url.substring(at);
      case 4: // replace the host
        return url.substring(0, hostStart) + pick(HOSTS, r) + url.substring(hostEnd);
      case 5: // add a port
        return url.substring(0, hostEnd) + pick(PORTS, r) + url.substring(hostEnd);
      case 6: // change the scheme
        return pick(
                new String[] {
                  "http://",
                  "https://",
                  "HTTP://",
                  "http:/",
                  "http:///",
                  "http:\\\\",
                  "ftp://",
                  "https:",
                  "Https://"
                },
                r)
            + url.substring(Math.min(url.length(), hostStart));
      case 7: // userinfo
        return url.substring(0, hostStart)
            + pick(new String[] {"u@", "u:p@", "a.com@", "@"}, r)
            + url.substring(hostStart);
      case 8: // surrounding spaces or controls
        return pick(new String[] {" ", "", "\t"}, r)
            + url
            + pick(new String[] {" ", "", "\n", "#frag", "?q", "\\"}, r);
      case 9: // label surgery: a dot doubled, dropped or added
        if (hostEnd <= hostStart) {
          return url;
        }
        String host = url.substring(hostStart, hostEnd);
        String changed =
            switch (r.nextInt(4)) {
              case 0 -> host.replaceFirst("\\.", "..");
              case 1 -> host.replaceFirst("\\.", "");
              case 2 -> host + ".";
              default -> "a".repeat(1 + r.nextInt(70)) + "." + host;
            };
        return url.substring(0, hostStart) + changed + url.substring(hostEnd);
      case 10: // cut the URL short
        return url.substring(0, at);
      default: // a long host
        return url.substring(0, hostStart)
            + ("abcdefghij".repeat(6) + ".").repeat(1 + r.nextInt(5))
            + url.substring(hostStart);
    }
  }

  private static String pick(String[] from, Random r) {
    return from[r.nextInt(from.length)];
  }
}
