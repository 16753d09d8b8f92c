package io.github.reactiverobots.core.url;

import java.util.Objects;

/**
 * The unit robots.txt applies to (SEMANTICS.md §6): scheme, host and port exactly as the WHATWG URL
 * Standard parses a URL and serialises its origin, so that the robots.txt used is the one of the
 * origin a fetch of the URL contacts: the scheme and host lower-cased, an internationalised host
 * mapped by UTS #46 and written in punycode, IPv4 in every numeric form written as dotted decimal,
 * IPv6 validated and compressed in brackets, and the default port dropped. {@code
 * http://A.com:80/x} and {@code http://a.com/} are one origin; {@code https://a.com}, {@code
 * http://a.com} and {@code http://www.a.com} are three.
 *
 * <p>Immutable and thread-safe. {@link #key()} is the canonical string form, suitable for
 * partitioning a crawl by origin across a fleet.
 */
public final class Origin {
  private static final String HTTP = "http";
  private static final String HTTPS = "https";

  /** The canonical form, from which the scheme and host are read (an origin is a cache key). */
  private final String key;

  private final int port;

  private Origin(String key, int port) {
    this.key = key;
    this.port = port;
  }

  /**
   * Parses a URL or a bare origin ({@code https://example.com}) and returns its origin.
   *
   * @param urlOrOrigin an absolute http(s) URL or origin
   * @return its origin
   * @throws InvalidUrlException if the input is not an absolute http(s) URL
   */
  public static Origin of(String urlOrOrigin) {
    return UrlSplitter.split(urlOrOrigin).origin();
  }

  /**
   * Builds an origin from parts already split. The host is normalised as in {@link #of(String)}.
   *
   * @param scheme {@code http} or {@code https}, in any case
   * @param host the host name or address; an IPv6 literal in brackets
   * @param port the port, or -1 for the scheme's default
   * @return the origin
   * @throws InvalidUrlException if a part is invalid (port 0 is: no fetch can contact it)
   */
  public static Origin of(String scheme, String host, int port) {
    Objects.requireNonNull(scheme, "scheme");
    Objects.requireNonNull(host, "host");
    String s = UrlSplitter.normaliseScheme(scheme, scheme);
    String h = Hosts.normalise(host, 0, host.length(), host);
    return create(s, h, UrlSplitter.checkedPort(port, scheme + "://" + host + ":" + port));
  }

  static Origin create(String scheme, String host, int port) {
    int effectivePort = port == defaultPort(scheme) ? -1 : port;
    String key =
        effectivePort == -1 ? scheme + "://" + host : scheme + "://" + host + ":" + effectivePort;
    return new Origin(key, effectivePort);
  }

  /** The origin whose canonical form is {@code key}, already checked to be one. */
  static Origin canonical(String key, int port) {
    return new Origin(key, port);
  }

  static int defaultPort(String scheme) {
    return HTTPS.equals(scheme) ? 443 : 80;
  }

  /**
   * The scheme.
   *
   * @return {@code http} or {@code https}
   */
  public String scheme() {
    return secure() ? HTTPS : HTTP;
  }

  /**
   * The lower-cased ASCII host; IPv6 literals keep their brackets.
   *
   * @return the host
   */
  public String host() {
    int from = scheme().length() + 3;
    return port == -1 ? key.substring(from) : key.substring(from, key.lastIndexOf(':'));
  }

  /**
   * The explicit port, or -1 when it is the scheme's default.
   *
   * @return the port, or -1
   */
  public int port() {
    return port;
  }

  /**
   * The port to connect to: the explicit one or the scheme's default.
   *
   * @return the port
   */
  public int effectivePort() {
    return port == -1 ? defaultPort(scheme()) : port;
  }

  /**
   * Whether the scheme is {@code https}.
   *
   * @return true for {@code https}
   */
  public boolean secure() {
    return key.startsWith("https:");
  }

  /**
   * The canonical form, e.g. {@code https://example.com} or {@code http://example.com:8080}; two
   * origins are equal exactly when their keys are.
   *
   * @return the key
   */
  public String key() {
    return key;
  }

  /**
   * The URL of this origin's robots.txt.
   *
   * @return {@link #key()} followed by {@code /robots.txt}
   */
  public String robotsTxtUrl() {
    return key + "/robots.txt";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Origin && ((Origin) o).key.equals(key);
  }

  @Override
  public int hashCode() {
    return key.hashCode();
  }

  @Override
  public String toString() {
    return key;
  }
}
