package io.github.reactiverobots.crawlercommons;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/** A file's sitemaps as crawler-commons gives them: relative ones resolved. Stateless. */
final class Sitemaps {
  private Sitemaps() {}

  /**
   * {@code sitemaps} with each relative one resolved against {@code robotsUrl} (kept as written
   * when that fails), duplicates dropped; null when all are absolute, so the file's own list
   * serves.
   */
  static List<String> resolved(List<String> sitemaps, String robotsUrl) {
    if (sitemaps.stream().allMatch(Sitemaps::isAbsolute)) {
      return null;
    }
    List<String> resolved = new ArrayList<>(sitemaps.size());
    for (String sitemap : sitemaps) {
      resolved.add(resolved(robotsUrl, sitemap));
    }
    return List.copyOf(new LinkedHashSet<>(resolved));
  }

  private static boolean isAbsolute(String url) {
    return url.regionMatches(true, 0, "http://", 0, 7)
        || url.regionMatches(true, 0, "https://", 0, 8);
  }

  private static String resolved(String base, String sitemap) {
    if (base == null || isAbsolute(sitemap)) {
      // The file's own string: most sitemaps are absolute, and a copy would be held twice.
      return sitemap;
    }
    try {
      URI uri = new URI(base).resolve(new URI(sitemap));
      return uri.isAbsolute() ? uri.toString() : sitemap;
    } catch (URISyntaxException | IllegalArgumentException e) {
      return sitemap;
    }
  }
}
