package io.github.reactiverobots.robotstxt.url;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.internal.url.RecentOrigins;
import io.github.reactiverobots.robotstxt.internal.url.RecentOrigins.Located;
import io.github.reactiverobots.robotstxt.testing.Corpus;
import io.github.reactiverobots.robotstxt.testing.UrlRow;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The differential test of the fast path ({@link CanonicalUrls}) against the full WHATWG splitter
 * ({@link UrlSplitter#splitFully}): on every input the fast path accepts, the full splitter accepts
 * it too and gives the same origin (key and port) and path; {@link SplitUrl#originKeyLength} keeps
 * its contract, key and path (the span the warm check matches in place) alike; and the cache's
 * other shortcut, {@link RecentOrigins}, gives the full splitter's origin and path bytes or its
 * error, on a first look and on a second that may find the origin remembered. Inputs: every {@code
 * urls.tsv} row's URL, the URLs of {@code HostileUrlsTest} and {@code UrlSplitterTest}, and random
 * mutations of the corpus URLs (case, {@code %}, {@code \}, {@code @}, IDN, dots, dot segments,
 * ports, default ports, IPv4 and IPv6 forms, DNS length limits, controls, spaces, fragments).
 * Prints the counts tried and accepted by each.
 */
class CanonicalUrlsTest {
  private static final long SEED = 0x29_2026L;
  private static final int MUTANTS = 400_000;

  /** Tallies of one input set. */
  private static final class Tally {
    int tried;
    int fast;
    int full;
    int keyed;
    int recognised;
    final List<String> disagreements = new ArrayList<>();
    private final RecentOrigins recent = new RecentOrigins();

    void check(String url) {
      tried++;
      SplitUrl quick = CanonicalUrls.split(url);
      SplitUrl slow;
      String error = null;
      try {
        slow = UrlSplitter.splitFully(url);
        full++;
      } catch (InvalidUrlException e) {
        slow = null;
        error = e.getMessage();
      }
      checkRecentOrigins(url, slow, error);
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
      if (keyLength >= 0) {
        keyed++;
        // The path the warm check matches from the URL's own characters (SplitUrl's contract).
        int hash = url.indexOf('#', keyLength);
        String span = url.substring(keyLength, hash < 0 ? url.length() : hash);
        String path = span.isEmpty() || span.charAt(0) == '?' ? "/" + span : span;
        if (!path.equals(slow.pathAndQuery())) {
          disagreements.add(url + ": path after the key " + path + ", full splitter " + slow);
        }
        if (url.chars().anyMatch(c -> c >= 0x80)) {
          disagreements.add(url + ": keyed by its prefix, but the warm path copies it as ASCII");
        }
      }
    }

    /**
     * {@link RecentOrigins}, the cache's other shortcut, asked twice so that the second answer may
     * come from the origin the first remembered: the same origin and path bytes as the full
     * splitter, or the same error.
     */
    private void checkRecentOrigins(String url, SplitUrl slow, String error) {
      for (int round = 0; round < 2; round++) {
        Located located;
        try {
          located = recent.locate(url);
        } catch (InvalidUrlException e) {
          if (!e.getMessage().equals(error)) {
            disagreements.add(url + ": RecentOrigins " + e.getMessage() + ", full " + error);
          }
          return;
        }
        if (slow == null) {
          disagreements.add(url + ": RecentOrigins " + located + ", full splitter " + error);
          return;
        }
        byte[] expected = slow.pathAndQuery().getBytes(StandardCharsets.UTF_8);
        byte[] path =
            located.pathFrom() == located.pathTo()
                ? new byte[] {'/'}
                : Arrays.copyOfRange(located.bytes(), located.pathFrom(), located.pathTo());
        if (!located.origin().equals(slow.origin()) || !Arrays.equals(path, expected)) {
          disagreements.add(
              url
                  + ": RecentOrigins "
                  + located.origin()
                  + " "
                  + new String(path, StandardCharsets.UTF_8)
                  + ", full splitter "
                  + slow);
        }
        if (round == 1 && located.pathFrom() > 0) {
          recognised++;
        }
      }
    }

    String summary(String name) {
      return String.format(
          "%s: %,d tried, %,d accepted by the fast path (%,d of them keyed by their own prefix),"
              + " %,d by the full splitter, %,d taken by RecentOrigins' shortcut on a second"
              + " look, %d disagreements",
          name, tried, fast, keyed, full, recognised, disagreements.size());
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
    Set<String> seen = new HashSet<>();
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
      "ftp://a.com/",
      "http://a.com:8080:80/",
      "http://a.com/\u007f",
      "http://a.com/x\r",
      "http://1.2.3.4.5/",
      "http://256.1.1.1/",
      "http://a.0x/",
      "http://a\tb.com/",
      "http://xn--a.com/",
      "http://a.xn--b/",
      "http://a.com:0443/",
      "http://a.com:+80/",
      "http://" + "b".repeat(64) + ".com/",
      "http://" + ("b".repeat(63) + ".").repeat(4) + "com/"
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
    // A non-ASCII path is kept as written, as the full splitter keeps it; not keyed by its prefix.
    assertThat(CanonicalUrls.split("http://a.com/caf\u00e9?\ud800#\u00e9"))
        .isEqualTo(new SplitUrl(Origin.of("http://a.com"), "/caf\u00e9?\ud800"));
    assertThat(SplitUrl.originKeyLength("http://a.com/caf\u00e9")).isEqualTo(-1);
    assertThat(SplitUrl.originKeyLength("http://a.com/x#\u00e9")).isEqualTo(-1);
  }

  /**
   * The first column of every row of the hostile-URL tables ({@code HostileUrlsTest}'s files) and
   * of every {@code @CsvSource} row of {@code UrlSplitterTest}.
   */
  private static List<String> testUrls() throws IOException {
    List<String> urls = new ArrayList<>();
    for (String table : List.of("/urls/hostile-urls.psv", "/urls/refused-hosts.psv")) {
      try (InputStream in = CanonicalUrlsTest.class.getResourceAsStream(table)) {
        for (String row : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
          if (!row.isBlank() && !row.startsWith("#")) {
            urls.add(row.substring(0, row.indexOf('|')).strip());
          }
        }
      }
    }
    for (Method m : UrlSplitterTest.class.getDeclaredMethods()) {
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
    "x",
    "a.123",
    "123",
    "0",
    "256.0.0.1",
    "1.2.3.0x4",
    "1.2.3.4a",
    "1.2.3.4.com",
    "0x.com",
    "a.0x",
    "a.09",
    "[::1]:8080",
    "[1:2:3:4:5:6:7:8]",
    "[1:2:3:4:5:6:7:8:9]",
    "[::1.2.3.4]",
    "[:1]",
    "[]",
    "\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45.com",
    "a\u200b.com",
    "a\u00ad.com",
    "\u0430.com",
    "xn--a.com",
    "xn--nxasmq6b.com",
    "a\tb.com",
    "a\nb.com",
    "a b.com",
    "a<b.com",
    "a^b.com",
    "a|b.com",
    "a%2eb.com",
    "a%41.com",
    "%61.com",
    "a%zz.com",
    "a%.com",
    "a\\b.com",
    "a.com:8080",
    "a.com:80",
    "a.com:443"
  };
  private static final String[] PORTS = {
    ":80",
    ":443",
    ":8080",
    ":0",
    ":080",
    ":65535",
    ":65536",
    ":",
    ":99999",
    ":1",
    ":00",
    ":8o",
    ":123456",
    ":0443",
    ":0080",
    ":65535/",
    ":8080:80",
    ": 80",
    ":+80",
    ":-1",
    ":\uff18\uff10"
  };
  private static final String[] INSERTS = {
    "%",
    "%41",
    "%2e",
    "%2F",
    "\\",
    "@",
    "u:p@",
    "#",
    "?",
    "/",
    "//",
    "..",
    ".",
    " ",
    "\t",
    "\n",
    "\u0000",
    "\u007f",
    "\u00e9",
    "\uff0e",
    "\u3002",
    "A",
    "Z",
    "xn--",
    ":",
    "[",
    "]",
    "_",
    "-",
    "\ud800",
    "\u0085",
    "\u00a0",
    "%2E",
    "%2e%2E",
    "/./",
    "/../",
    "/%2e/",
    "/.%2E/",
    "\r",
    "\u000b",
    "\u001f",
    "\u00ff",
    "\u0100",
    "\ud83d\ude00",
    "~",
    "!",
    "$",
    "&",
    "'",
    "(",
    "*",
    "+",
    ",",
    ";",
    "=",
    "^",
    "|",
    "`",
    "{",
    "}",
    "<",
    ">",
    "\"",
    "a".repeat(64)
  };
  private static final String[] SEGMENTS = {
    "/.",
    "/..",
    "/./",
    "/../",
    "/%2e",
    "/%2E%2e/",
    "/.%2e/",
    "//",
    "/x/..",
    "/..%2f",
    "/;p",
    "/?",
    "/#"
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
    switch (r.nextInt(16)) {
      case 0:
        { // flip the case of one character (mostly scheme or host, sometimes the path)
          if (url.isEmpty()) {
            return url;
          }
          int i = r.nextInt(r.nextBoolean() ? url.length() : Math.min(url.length(), hostEnd + 2));
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
              case 0 -> replaceFirstDot(host, "..");
              case 1 -> replaceFirstDot(host, "");
              case 2 -> host + ".";
              default -> "a".repeat(1 + r.nextInt(70)) + "." + host;
            };
        return url.substring(0, hostStart) + changed + url.substring(hostEnd);
      case 10: // cut the URL short
        return url.substring(0, at);
      case 11: // a dot segment or other path oddity after the authority or at a slash
        {
          int slash = url.indexOf('/', hostEnd);
          int where = slash < 0 || r.nextBoolean() ? hostEnd : slash;
          return url.substring(0, where) + pick(SEGMENTS, r) + url.substring(where);
        }
      case 12: // a host of labels at the DNS limits (63 per label, 253 in all)
        {
          int label = 62 + r.nextInt(3);
          int labels = 1 + r.nextInt(3);
          // The last label takes the host to 252, 253 or 254 characters, or is just "com".
          int rest = 252 - labels * (label + 1) + r.nextInt(3);
          String tail = r.nextBoolean() || rest < 1 ? "com" : "c".repeat(Math.min(rest, 70));
          String named = ("b".repeat(label) + ".").repeat(labels) + tail;
          return url.substring(0, hostStart) + named + url.substring(hostEnd);
        }
      case 13: // a host ending in a number, or dotted decimal near its limits
        {
          int parts = 1 + r.nextInt(5);
          StringBuilder named = new StringBuilder(r.nextInt(4) == 0 ? "a." : "");
          for (int p = 0; p < parts; p++) {
            if (p > 0) {
              named.append('.');
            }
            int v = r.nextInt(300);
            named.append(
                switch (r.nextInt(6)) {
                  case 0 -> "0" + v;
                  case 1 -> "0x" + Integer.toHexString(v);
                  case 2 -> String.valueOf(r.nextInt(1 << 24));
                  default -> String.valueOf(v);
                });
          }
          return url.substring(0, hostStart) + named + url.substring(hostEnd);
        }
      case 14: // the scheme's default port, or the other scheme's, with or without zeros
        return url.substring(0, hostEnd)
            + pick(new String[] {":80", ":443", ":080", ":0443", ":8443", ":81"}, r)
            + url.substring(hostEnd);
      default: // a long host
        return url.substring(0, hostStart)
            + ("abcdefghij".repeat(6) + ".").repeat(1 + r.nextInt(5))
            + url.substring(hostStart);
    }
  }

  private static String replaceFirstDot(String s, String with) {
    int dot = s.indexOf('.');
    return dot < 0 ? s : s.substring(0, dot) + with + s.substring(dot + 1);
  }

  private static String pick(String[] from, Random r) {
    return from[r.nextInt(from.length)];
  }
}
