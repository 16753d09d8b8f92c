package io.github.reactiverobots.robotstxt.page;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The only class that touches jsoup: the {@code name} and {@code content} of each {@code <meta>}
 * tag of an HTML page's head. Loaded only once jsoup is known to be there.
 */
final class HtmlHead {
  private static final byte[] HEAD_END = {'<', '/', 'h', 'e', 'a', 'd'};

  private HtmlHead() {}

  /** The meta tags with a name and content in {@code html[0, limit)} up to {@code </head>}. */
  static List<String[]> robotsMeta(byte[] html, int limit) {
    int end = headEnd(html, limit);
    Document doc;
    try {
      doc = Jsoup.parse(new ByteArrayInputStream(html, 0, end), null, "");
    } catch (IOException | RuntimeException e) {
      return List.of(); // an unknown charset or a broken stream: no tags read
    }
    List<String[]> out = new ArrayList<>();
    for (Element meta : doc.head().getElementsByTag("meta")) {
      if (meta.hasAttr("name") && meta.hasAttr("content")) {
        out.add(new String[] {meta.attr("name"), meta.attr("content")});
      }
    }
    return out;
  }

  /** Where the head ends ({@code </head}, case-insensitively), or {@code limit}. */
  private static int headEnd(byte[] html, int limit) {
    outer:
    for (int i = 0; i + HEAD_END.length <= limit; i++) {
      for (int k = 0; k < HEAD_END.length; k++) {
        int b = html[i + k];
        if ((b >= 'A' && b <= 'Z' ? b + 32 : b) != HEAD_END[k]) {
          continue outer;
        }
      }
      return i;
    }
    return limit;
  }
}
