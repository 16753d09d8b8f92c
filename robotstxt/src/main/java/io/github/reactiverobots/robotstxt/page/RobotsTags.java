package io.github.reactiverobots.robotstxt.page;

import io.github.reactiverobots.robotstxt.internal.aipref.PreferenceDictionary;
import io.github.reactiverobots.robotstxt.internal.aipref.UsageBits;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.page.PageDirectives.ImagePreview;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Reads a page's own directives for one crawler (SEMANTICS.md §9), as Google documents them:
 * comma-separated rules ({@code noindex}, {@code nofollow}, {@code none}, {@code noarchive}, {@code
 * nosnippet}, {@code max-snippet:N}, {@code max-image-preview:SETTING}, {@code
 * max-video-preview:N}, {@code notranslate}, {@code noimageindex}, {@code unavailable_after: DATE},
 * {@code indexifembedded}, {@code all}); names and rules case-insensitive, unknown rules and
 * malformed values ignored; several sources combined, the most restrictive winning. In an {@code
 * X-Robots-Tag} value a leading {@code AGENT:} scopes the rules after it (up to the next scope) to
 * crawlers whose product token is {@code AGENT}; unscoped rules apply to every crawler. A {@code
 * <meta>} tag applies when its name is {@code robots} or the crawler's product token. Never throws
 * on any content. Stateless and thread-safe.
 */
public final class RobotsTags {
  /** The HTML bytes read at most by default: a page's {@code <head>} comes first. */
  public static final int DEFAULT_HTML_LIMIT = 256 * 1024;

  private RobotsTags() {}

  /**
   * Reads every page-level source of one response for {@code crawler}.
   *
   * @param xRobotsTag the {@code X-Robots-Tag} field values, in order (empty when none)
   * @param contentUsage the {@code Content-Usage} field values, in order (empty when none)
   * @param html the start of the HTML body, or null when the response is not HTML; at most {@link
   *     #DEFAULT_HTML_LIMIT} bytes are read
   * @param crawler the crawler's product token or User-Agent string
   * @return the combined directives
   * @throws IllegalArgumentException if {@code crawler} does not start with a product token
   * @throws IllegalStateException if {@code html} is given and jsoup is missing
   */
  public static PageDirectives read(
      List<String> xRobotsTag, List<String> contentUsage, byte[] html, String crawler) {
    PageDirectives page = header(xRobotsTag, crawler).mostRestrictive(contentUsage(contentUsage));
    return html == null ? page : page.mostRestrictive(meta(html, crawler));
  }

  /**
   * Reads {@code X-Robots-Tag} field values for {@code crawler}.
   *
   * @param values the field values, one per header line, in order
   * @param crawler the crawler's product token or User-Agent string
   * @return what applies to the crawler
   * @throws IllegalArgumentException if {@code crawler} does not start with a product token
   */
  public static PageDirectives header(List<String> values, String crawler) {
    String token = token(crawler);
    Collector c = new Collector();
    for (String value : values) {
      c.rules(Objects.requireNonNull(value, "value"), token, true);
    }
    return c.build(UsageBits.UNKNOWN);
  }

  /**
   * Reads the robots {@code <meta>} tags of an HTML page's {@code <head>} for {@code crawler}, from
   * at most {@link #DEFAULT_HTML_LIMIT} bytes; see {@link #meta(byte[], int, String)}.
   *
   * @param html the page's bytes (its charset found as a browser finds it)
   * @param crawler the crawler's product token or User-Agent string
   * @return what applies to the crawler
   * @throws IllegalArgumentException if {@code crawler} does not start with a product token
   * @throws IllegalStateException if jsoup is not on the class path
   */
  public static PageDirectives meta(byte[] html, String crawler) {
    return meta(html, DEFAULT_HTML_LIMIT, crawler);
  }

  /**
   * Reads the robots {@code <meta>} tags of an HTML page's {@code <head>} for {@code crawler}: tags
   * named {@code robots} or the crawler's product token (case-insensitively). Only the first {@code
   * limit} bytes are read, and nothing past the end of the head.
   *
   * @param html the page's bytes (its charset found as a browser finds it)
   * @param limit the most bytes read
   * @param crawler the crawler's product token or User-Agent string
   * @return what applies to the crawler
   * @throws IllegalArgumentException if {@code crawler} does not start with a product token or
   *     {@code limit} is negative
   * @throws IllegalStateException if jsoup is not on the class path
   */
  public static PageDirectives meta(byte[] html, int limit, String crawler) {
    Objects.requireNonNull(html, "html");
    if (limit < 0) {
      throw new IllegalArgumentException("limit " + limit + " is negative");
    }
    String token = token(crawler);
    requireJsoup();
    Collector c = new Collector();
    for (String[] tag : HtmlHead.robotsMeta(html, Math.min(limit, html.length))) {
      String name = tag[0].trim().toLowerCase(Locale.ROOT);
      if (name.equals("robots") || name.equals(token)) {
        c.rules(tag[1], token, false);
      }
    }
    return c.build(UsageBits.UNKNOWN);
  }

  /**
   * Reads {@code Content-Usage} field values (draft-ietf-aipref-attach §2): one Structured Fields
   * dictionary over the aipref vocabulary; a value that does not parse leaves every category
   * unknown.
   *
   * @param values the field values, in order
   * @return the preferences, every other directive absent
   */
  public static PageDirectives contentUsage(List<String> values) {
    if (values.isEmpty()) {
      return PageDirectives.NONE;
    }
    return new Collector().build(PreferenceDictionary.readField(values).bits());
  }

  private static String token(String crawler) {
    return CrawlerIdentity.of(Objects.requireNonNull(crawler, "crawler"))
        .token()
        .toLowerCase(Locale.ROOT);
  }

  static void requireJsoup() {
    if (!Jsoup.AVAILABLE) {
      throw new IllegalStateException(
          "reading <meta> tags needs the optional dependency"
              + " org.jsoup:jsoup on the class path (on the module path: --add-modules org.jsoup)");
    }
  }

  /** Found once: whether jsoup can be loaded. */
  private static final class Jsoup {
    static final boolean AVAILABLE = find();

    private static boolean find() {
      try {
        Class.forName("org.jsoup.Jsoup", false, RobotsTags.class.getClassLoader());
        return true;
      } catch (ClassNotFoundException | LinkageError e) {
        return false;
      }
    }
  }

  /** Rules read so far, most restrictive; not thread-safe. */
  private static final class Collector {
    private int flags;
    private int maxSnippet = PageDirectives.UNSET;
    private ImagePreview image;
    private int maxVideo = PageDirectives.UNSET;
    private Instant unavailableAfter;

    /** Reads one rule list; {@code scoped} allows {@code AGENT:} prefixes. */
    void rules(String value, String token, boolean scoped) {
      boolean applies = true;
      String[] parts = value.split(",", -1);
      for (int i = 0; i < parts.length; i++) {
        String part = parts[i].trim();
        int colon = part.indexOf(':');
        String name = (colon < 0 ? part : part.substring(0, colon)).trim().toLowerCase(Locale.ROOT);
        String arg = colon < 0 ? null : part.substring(colon + 1).trim();
        if (arg != null && scoped && !takesValue(name)) {
          applies = name.equals(token);
          int inner = arg.indexOf(':');
          name = (inner < 0 ? arg : arg.substring(0, inner)).trim().toLowerCase(Locale.ROOT);
          arg = inner < 0 ? null : arg.substring(inner + 1).trim();
        }
        if (name.equals("unavailable_after")
            && arg != null
            && isWord(arg)
            && i + 1 < parts.length) {
          arg = arg + ", " + parts[++i].trim(); // "Friday, 25-Jun-10 ...": the weekday's comma
        }
        if (applies) {
          rule(name, arg);
        }
      }
    }

    private static boolean takesValue(String name) {
      return name.equals("max-snippet")
          || name.equals("max-image-preview")
          || name.equals("max-video-preview")
          || name.equals("unavailable_after");
    }

    private static boolean isWord(String s) {
      return !s.isEmpty() && s.chars().allMatch(Character::isLetter);
    }

    private void rule(String name, String arg) {
      switch (name) {
        case "noindex" -> flags |= PageDirectives.NOINDEX;
        case "nofollow" -> flags |= PageDirectives.NOFOLLOW;
        case "none" -> flags |= PageDirectives.NOINDEX | PageDirectives.NOFOLLOW;
        case "noarchive" -> flags |= PageDirectives.NOARCHIVE;
        case "nosnippet" -> flags |= PageDirectives.NOSNIPPET;
        case "notranslate" -> flags |= PageDirectives.NOTRANSLATE;
        case "noimageindex" -> flags |= PageDirectives.NOIMAGEINDEX;
        case "indexifembedded" -> flags |= PageDirectives.INDEXIFEMBEDDED;
        case "max-snippet" -> maxSnippet = PageDirectives.smallerLimit(maxSnippet, limit(arg));
        case "max-video-preview" -> maxVideo = PageDirectives.smallerLimit(maxVideo, limit(arg));
        case "max-image-preview" -> image(arg);
        case "unavailable_after" -> {
          if (arg != null) {
            PageDates.parse(arg)
                .ifPresent(
                    t ->
                        unavailableAfter =
                            unavailableAfter == null || t.isBefore(unavailableAfter)
                                ? t
                                : unavailableAfter);
          }
        }
        default -> {
          // "all", "index", "follow" and unknown rules change nothing
        }
      }
    }

    /** A limit of -1 or more, or {@link PageDirectives#UNSET} when malformed. */
    private static int limit(String arg) {
      if (arg == null || arg.isEmpty() || arg.length() > 10) {
        return PageDirectives.UNSET;
      }
      try {
        int n = Integer.parseInt(arg);
        return n >= -1 ? n : PageDirectives.UNSET;
      } catch (NumberFormatException e) {
        return PageDirectives.UNSET;
      }
    }

    private void image(String arg) {
      if (arg == null) {
        return;
      }
      ImagePreview p =
          switch (arg.toLowerCase(Locale.ROOT)) {
            case "none" -> ImagePreview.NONE;
            case "standard" -> ImagePreview.STANDARD;
            case "large" -> ImagePreview.LARGE;
            default -> null;
          };
      if (p != null && (image == null || p.compareTo(image) < 0)) {
        image = p;
      }
    }

    PageDirectives build(int usage) {
      return new PageDirectives(flags, maxSnippet, image, maxVideo, unavailableAfter, usage);
    }
  }
}
