package io.github.reactiverobots.robotstxt.page;

import io.github.reactiverobots.robotstxt.usage.Preference;
import io.github.reactiverobots.robotstxt.usage.TdmReservation;
import io.github.reactiverobots.robotstxt.usage.Usage;
import io.github.reactiverobots.robotstxt.usage.UsageAnswer;
import io.github.reactiverobots.robotstxt.usage.UsageCategory;
import io.github.reactiverobots.robotstxt.usage.UsageSource;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What a page's own response says about its rights (SEMANTICS.md §9): the licences it links to (RSL
 * 1.0 and any other {@code rel="license"}: {@code Link} headers, then {@code <link>} tags) and its
 * TDMRep statement ({@code tdm-reservation} and {@code tdm-policy} headers, then {@code <meta>}
 * tags, the HTML overriding the headers field by field). Licence URLs are kept as written (a
 * relative {@code href} is the caller's to resolve against the page URL); fetching a licence is the
 * crawler's policy. Never throws on any content. Immutable and thread-safe.
 *
 * @param licenses the licence links, headers first, in order, duplicate URLs dropped
 * @param tdmHeaders what the {@code tdm-reservation} and {@code tdm-policy} headers say
 * @param tdmHtml what the {@code tdm-reservation} and {@code tdm-policy} {@code <meta>} tags say
 */
public record PageRights(
    List<LicenseLink> licenses, TdmReservation tdmHeaders, TdmReservation tdmHtml) {
  /** No statement at all. */
  public static final PageRights NONE =
      new PageRights(List.of(), TdmReservation.UNKNOWN, TdmReservation.UNKNOWN);

  /**
   * Copies the licence list.
   *
   * @param licenses the licence links
   * @param tdmHeaders what the headers say
   * @param tdmHtml what the HTML says
   * @throws NullPointerException if any part is null
   */
  public PageRights {
    licenses = List.copyOf(licenses);
    Objects.requireNonNull(tdmHeaders, "tdmHeaders");
    Objects.requireNonNull(tdmHtml, "tdmHtml");
  }

  /**
   * One link to a licence.
   *
   * @param url the URL as written
   * @param type its {@code type} ({@code application/rsl+xml} for an RSL document); empty when not
   *     given
   * @param source {@link UsageSource#HEADER} or {@link UsageSource#HTML}
   */
  public record LicenseLink(String url, String type, UsageSource source) {
    /**
     * Checks the parts are present.
     *
     * @param url the URL as written
     * @param type its type, or empty
     * @param source where it was read
     * @throws NullPointerException if any part is null
     */
    public LicenseLink {
      Objects.requireNonNull(url, "url");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(source, "source");
    }

    /**
     * Whether the link says it is an RSL document ({@code type="application/rsl+xml"}).
     *
     * @return true when so typed
     */
    public boolean isRsl() {
      return type.toLowerCase(Locale.ROOT).startsWith("application/rsl+xml");
    }
  }

  /**
   * Reads every source of one response.
   *
   * @param link the {@code Link} field values, in order (empty when none)
   * @param tdmReservation the {@code tdm-reservation} field values, in order
   * @param tdmPolicy the {@code tdm-policy} field values, in order
   * @param html the start of the HTML body, or null when the response is not HTML; at most {@link
   *     RobotsTags#DEFAULT_HTML_LIMIT} bytes are read, up to {@code </head>}
   * @return what they say
   * @throws IllegalStateException if {@code html} is given and jsoup is missing
   */
  public static PageRights read(
      List<String> link, List<String> tdmReservation, List<String> tdmPolicy, byte[] html) {
    List<LicenseLink> licenses = new ArrayList<>(linkHeaders(link));
    TdmReservation fromHtml = TdmReservation.UNKNOWN;
    if (html != null) {
      RobotsTags.requireJsoup();
      HtmlHead.Tags tags =
          HtmlHead.tags(html, Math.min(RobotsTags.DEFAULT_HTML_LIMIT, html.length));
      String reservation = null;
      String policy = null;
      for (String[] m : tags.meta()) {
        String name = m[0].trim().toLowerCase(Locale.ROOT);
        if (name.equals("tdm-reservation")) {
          reservation = stricter(reservation, m[1]);
        } else if (name.equals("tdm-policy") && policy == null && !m[1].isBlank()) {
          policy = m[1];
        }
      }
      fromHtml = TdmReservation.of(reservation, policy, UsageSource.HTML);
      for (String[] l : tags.links()) {
        if (LinkHeader.namesLicense(l[0]) && !l[1].isBlank()) {
          licenses.add(new LicenseLink(l[1].strip(), l[2].strip(), UsageSource.HTML));
        }
      }
    }
    return new PageRights(distinct(licenses), tdmHeaders(tdmReservation, tdmPolicy), fromHtml);
  }

  /**
   * Reads {@code Link} field values (RFC 8288): the links whose {@code rel} names {@code license}
   * and that have no {@code anchor}.
   *
   * @param values the field values, in order
   * @return the licence links, in order
   */
  public static List<LicenseLink> linkHeaders(List<String> values) {
    List<LicenseLink> out = new ArrayList<>(0);
    for (String value : values) {
      for (String[] l : LinkHeader.licenses(Objects.requireNonNull(value, "value"))) {
        out.add(new LicenseLink(l[0], l[1], UsageSource.HEADER));
      }
    }
    return distinct(out);
  }

  /**
   * Reads the {@code tdm-reservation} and {@code tdm-policy} headers: {@code 1} reserves, {@code 0}
   * does not, anything else is unknown; of several {@code tdm-reservation} values a {@code 1} wins,
   * of several policies the first.
   *
   * @param reservation the {@code tdm-reservation} field values, in order
   * @param policy the {@code tdm-policy} field values, in order
   * @return what they say, from {@link UsageSource#HEADER}
   */
  public static TdmReservation tdmHeaders(List<String> reservation, List<String> policy) {
    String r = null;
    for (String v : reservation) {
      r = stricter(r, v);
    }
    String p = null;
    for (String v : policy) {
      if (p == null && !v.isBlank()) {
        p = v;
      }
    }
    return TdmReservation.of(r, p, UsageSource.HEADER);
  }

  /**
   * The TDMRep statement of the response, the HTML overriding the headers field by field.
   *
   * @return the headers then the HTML
   */
  public TdmReservation tdm() {
    return tdmHeaders.then(tdmHtml);
  }

  /**
   * The one usage answer for the page (SEMANTICS.md §8): the robots.txt answer, the page's {@code
   * Content-Usage} header, TDMRep's file then this response's headers and HTML, and the licences of
   * robots.txt then of this response.
   *
   * @param robots the robots.txt usage answer for the URL and crawler
   * @param robotsLicenses the file's {@code License:} URLs
   * @param file what {@code /.well-known/tdmrep.json} says of the URL ({@link
   *     TdmReservation#UNKNOWN} when not asked)
   * @param page the page's directives, for its {@code Content-Usage} header ({@link
   *     PageDirectives#NONE} when none)
   * @return the answer
   */
  public UsageAnswer answer(
      Usage robots, List<String> robotsLicenses, TdmReservation file, PageDirectives page) {
    Map<UsageCategory, Preference> pageUsage = new EnumMap<>(UsageCategory.class);
    for (UsageCategory c : UsageCategory.values()) {
      pageUsage.put(c, page.usage(c));
    }
    List<UsageAnswer.License> all = new ArrayList<>(UsageAnswer.licenses(robotsLicenses));
    for (LicenseLink l : licenses) {
      all.add(new UsageAnswer.License(l.url(), l.type(), l.source()));
    }
    return UsageAnswer.of(robots, pageUsage, TdmReservation.merge(file, tdmHeaders, tdmHtml), all);
  }

  /** Of two reservation values, a readable {@code 1} over a readable {@code 0} over anything. */
  private static String stricter(String a, String b) {
    TdmReservation.Reservation ra = TdmReservation.of(a, null, UsageSource.HEADER).reservation();
    TdmReservation.Reservation rb = TdmReservation.of(b, null, UsageSource.HEADER).reservation();
    if (ra == TdmReservation.Reservation.RESERVED || rb == TdmReservation.Reservation.UNKNOWN) {
      return a;
    }
    return b;
  }

  private static List<LicenseLink> distinct(List<LicenseLink> links) {
    List<LicenseLink> out = new ArrayList<>(links.size());
    Set<String> seen = new HashSet<>();
    for (LicenseLink l : links) {
      if (seen.add(l.url())) {
        out.add(l);
      }
    }
    return List.copyOf(out);
  }
}
