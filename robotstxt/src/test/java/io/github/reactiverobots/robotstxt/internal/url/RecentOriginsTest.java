package io.github.reactiverobots.robotstxt.internal.url;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.url.SplitUrl;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shortcut must answer exactly as {@link SplitUrl#of} on every input, remembered or not. */
class RecentOriginsTest {
  private static final String[] SCHEMES = {"http", "https", "HTTP", "hTTps", "ftp"};
  private static final String[] HOSTS = {
    "a.com",
    "A.com",
    "www.a.com",
    "a.com.",
    "café.com",
    "xn--caf-dma.com",
    "[::1]",
    "[::1",
    "[0:0:0:0:0:0:0:1]",
    "[::ffff:1.2.3.4]",
    "127.0.0.1",
    "127.1",
    "0x7f.0.0.1",
    "2130706433",
    "0177.0.0.1",
    "1.2.3.4.5",
    "a.1",
    "u@a.com",
    "u:p@a.com",
    "a.com@b.com",
    "a.com\\@b.com",
    "",
    " a.com",
    "a..com",
    "a_b.com",
    "%61.com",
    "a%2ecom",
    "evil.com\uff0f.a.com",
    "a\uff20b.com",
    "x\u2100.example",
    "EXAMPLE.com",
    "xn--ss-.de"
  };
  private static final String[] PORTS = {
    "", ":80", ":443", ":8080", ":", ":abc", ":99999", ":0", ":0080", ":08080"
  };
  private static final String[] PATHS = {
    "",
    "/",
    "/x",
    "?q",
    "/a#f",
    "#f",
    "\\x",
    "/a\\b",
    "/ x",
    " ",
    "/x ",
    "/%41",
    "/a?b#c",
    ";p",
    "/\t",
    "/caf\u00e9",
    "//x",
    "/a/../b",
    "?",
    "/%2e%2e/x",
    "/?a\\b"
  };

  private static List<String> urls() {
    List<String> urls = new ArrayList<>();
    for (String s : SCHEMES) {
      for (String h : HOSTS) {
        for (String p : PORTS) {
          for (String path : PATHS) {
            urls.add(s + "://" + h + p + path);
          }
        }
      }
    }
    urls.add("");
    urls.add("http:/a.com/");
    urls.add("https:");
    urls.add("http://");
    urls.add("https://");
    urls.add("http:\\\\a.com/x");
    urls.add("http:///a.com/x");
    return urls;
  }

  private static Object expected(String url) {
    try {
      return SplitUrl.of(url);
    } catch (InvalidUrlException e) {
      return InvalidUrlException.class;
    }
  }

  private static Object actual(RecentOrigins origins, String url) {
    try {
      RecentOrigins.Located located = origins.locate(url);
      return new SplitUrl(located.origin(), located.pathAndQuery());
    } catch (InvalidUrlException e) {
      return InvalidUrlException.class;
    }
  }

  @Test
  void answersExactlyAsTheSplitterColdAndWarm() {
    List<String> urls = urls();
    RecentOrigins origins = new RecentOrigins();
    int shortcuts = 0;
    for (int pass = 0; pass < 2; pass++) {
      for (String url : urls) {
        Object want = expected(url);
        Object got = actual(origins, url);
        assertThat(got).as(url).isEqualTo(want);
        if (pass == 1 && got instanceof SplitUrl && origins.locate(url).pathFrom() > 0) {
          // Only the shortcut reads the path in place, after the key in the URL's own bytes.
          shortcuts++;
        }
      }
    }
    assertThat(shortcuts).isGreaterThan(100);
  }

  @Test
  void theShortcutReturnsTheRememberedOrigin() {
    RecentOrigins origins = new RecentOrigins();
    RecentOrigins.Located first = origins.locate("https://www.example.com/a");
    RecentOrigins.Located second = origins.locate("https://www.example.com/b?c");
    assertThat(second.origin()).isSameAs(first.origin());
    assertThat(second.pathFrom()).isEqualTo("https://www.example.com".length());
    assertThat(second.pathAndQuery()).isEqualTo("/b?c");
    assertThat(origins.locate("https://www.example.com?b").pathAndQuery()).isEqualTo("/?b");
    assertThat(origins.locate("https://www.example.com").pathAndQuery()).isEqualTo("/");
    assertThat(origins.locate("https://www.example.com.evil/").origin())
        .isNotEqualTo(first.origin());
  }
}
