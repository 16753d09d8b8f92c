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
 * tag of an HTML page's head, and the {@code rel}, {@code href} and {@code type} of each {@code
 * <link>}. Loaded only once jsoup is known to be there.
 */
final class HtmlHead {
  private static final byte[] HEAD_END = {'<', '/', 'h', 'e', 'a', 'd'};

  private HtmlHead() {}

  /**
   * The tags of a head: each {@code <meta>} with a name and content as {@code {name, content}},
   * each {@code <link>} with a {@code rel} and an {@code href} as {@code {rel, href, type}}.
   */
  record Tags(List<String[]> meta, List<String[]> links) {}

  /** The meta tags with a name and content in {@code html[0, limit)} up to {@code </head>}. */
  static List<String[]> robotsMeta(byte[] html, int limit) {
    return tags(html, limit).meta();
  }

  /** The meta and link tags in {@code html[0, limit)} up to {@code </head>}. */
  static Tags tags(byte[] html, int limit) {
    int end = headEnd(html, limit);
    Document doc;
    try {
      doc = Jsoup.parse(new ByteArrayInputStream(html, 0, end), null, "");
    } catch (IOException | RuntimeException e) {
      return new Tags(List.of(), List.of()); // an unknown charset or a broken stream
    }
    List<String[]> meta = new ArrayList<>();
    for (Element m : doc.head().getElementsByTag("meta")) {
      if (m.hasAttr("name") && m.hasAttr("content")) {
        meta.add(new String[] {m.attr("name"), m.attr("content")});
      }
    }
    List<String[]> links = new ArrayList<>(0);
    for (Element l : doc.head().getElementsByTag("link")) {
      if (l.hasAttr("rel") && l.hasAttr("href")) {
        links.add(new String[] {l.attr("rel"), l.attr("href"), l.attr("type")});
      }
    }
    return new Tags(meta, links);
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
