package io.github.reactiverobots.robotstxt.url;

import static java.nio.ByteOrder.BIG_ENDIAN;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
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

  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, BIG_ENDIAN);
  private static final int FLAGS = Integer.BYTES;
  private static final int AUTHORITY = FLAGS + 1;
  private static final byte SECURE = 1;
  private static final byte EXPLICIT_PORT = 2;
  private static final byte[] HTTPS_PREFIX = "https://".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] HTTP_PREFIX = "http://".getBytes(StandardCharsets.US_ASCII);

  // A cache holds an origin per cached site as its key, so an origin is one small array: the hash
  // the key string would have, a flags byte (https, explicit port), then the key's authority,
  // host[:port], in ASCII. The key string is made when asked for.
  private final byte[] data;

  /** The origin whose key is {@code text[0, keyEnd)}, {@code port} its explicit port or -1. */
  private Origin(String text, int keyEnd, int port) {
    boolean secure = text.startsWith(HTTPS);
    int authority = (secure ? HTTPS_PREFIX : HTTP_PREFIX).length;
    byte[] d = new byte[AUTHORITY + keyEnd - authority];
    int hash = 0;
    for (int i = 0; i < keyEnd; i++) {
      char c = text.charAt(i);
      hash = 31 * hash + c;
      if (i >= authority) {
        d[AUTHORITY + i - authority] = (byte) c;
      }
    }
    d[FLAGS] = (byte) ((secure ? SECURE : 0) | (port == -1 ? 0 : EXPLICIT_PORT));
    // The hash the key string has, so that an index over URLs' key spans can compute it too.
    INT.set(d, 0, hash);
    this.data = d;
  }

  private boolean flag(byte flag) {
    return (data[FLAGS] & flag) != 0;
  }

  /** The index in {@code data} of the port's colon, or its length when the port is the default. */
  private int authorityEnd() {
    int to = data.length;
    if (flag(EXPLICIT_PORT)) {
      while (data[--to] != ':') {
        // back to the port's colon
      }
    }
    return to;
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
    return new Origin(key, key.length(), effectivePort);
  }

  /**
   * The origin whose canonical form is {@code text[0, keyEnd)}, already checked to be one, with
   * {@code port} its explicit port or -1.
   */
  static Origin canonical(String text, int keyEnd, int port) {
    return new Origin(text, keyEnd, port);
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
    return new String(data, AUTHORITY, authorityEnd() - AUTHORITY, StandardCharsets.ISO_8859_1);
  }

  /**
   * The explicit port, or -1 when it is the scheme's default.
   *
   * @return the port, or -1
   */
  public int port() {
    if (!flag(EXPLICIT_PORT)) {
      return -1;
    }
    int port = 0;
    for (int i = authorityEnd() + 1; i < data.length; i++) {
      port = 10 * port + data[i] - '0';
    }
    return port;
  }

  /**
   * The port to connect to: the explicit one or the scheme's default.
   *
   * @return the port
   */
  public int effectivePort() {
    return flag(EXPLICIT_PORT) ? port() : defaultPort(scheme());
  }

  /**
   * Whether the scheme is {@code https}.
   *
   * @return true for {@code https}
   */
  public boolean secure() {
    return flag(SECURE);
  }

  /**
   * The canonical form, e.g. {@code https://example.com} or {@code http://example.com:8080}; two
   * origins are equal exactly when their keys are.
   *
   * @return the key
   */
  public String key() {
    return scheme()
        + "://"
        + new String(data, AUTHORITY, data.length - AUTHORITY, StandardCharsets.ISO_8859_1);
  }

  /**
   * Whether {@code ascii[from, to)} is this origin's {@link #key()}, byte for byte: a URL's bytes
   * can be tested against an origin without making strings.
   *
   * @param ascii the bytes
   * @param from the first byte's index
   * @param to the index after the last byte
   * @return true when the range holds exactly the key
   * @throws IndexOutOfBoundsException if the range is not within {@code ascii}
   */
  public boolean isKey(byte[] ascii, int from, int to) {
    Objects.checkFromToIndex(from, to, ascii.length);
    byte[] prefix = flag(SECURE) ? HTTPS_PREFIX : HTTP_PREFIX;
    int authority = from + prefix.length;
    return authority <= to
        && Arrays.equals(prefix, 0, prefix.length, ascii, from, authority)
        && Arrays.equals(data, AUTHORITY, data.length, ascii, authority, to);
  }

  /**
   * Whether {@code text[from, to)} is this origin's {@link #key()}, character for character: a URL
   * can be tested against an origin without making strings.
   *
   * @param text the text, such as a URL that starts with an origin's key
   * @param from the first character's index
   * @param to the index after the last character
   * @return true when the range holds exactly the key
   * @throws IndexOutOfBoundsException if the range is not within {@code text}
   */
  public boolean isKey(String text, int from, int to) {
    Objects.checkFromToIndex(from, to, text.length());
    String prefix = flag(SECURE) ? "https://" : "http://";
    int authority = from + prefix.length();
    if (to - authority != data.length - AUTHORITY || !text.startsWith(prefix, from)) {
      return false;
    }
    for (int i = AUTHORITY, j = authority; i < data.length; i++, j++) {
      if (data[i] != text.charAt(j)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The URL of this origin's robots.txt.
   *
   * @return {@link #key()} followed by {@code /robots.txt}
   */
  public String robotsTxtUrl() {
    return key() + "/robots.txt";
  }

  @Override
  public boolean equals(Object o) {
    return o == this || o instanceof Origin other && Arrays.equals(other.data, data);
  }

  @Override
  public int hashCode() {
    return (int) INT.get(data, 0);
  }

  @Override
  public String toString() {
    return key();
  }
}
