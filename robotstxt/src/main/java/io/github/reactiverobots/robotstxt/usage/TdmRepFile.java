package io.github.reactiverobots.robotstxt.usage;

import io.github.reactiverobots.robotstxt.internal.json.BoundedJson;
import io.github.reactiverobots.robotstxt.internal.match.PercentEncoding;
import io.github.reactiverobots.robotstxt.internal.url.LenientPaths;
import io.github.reactiverobots.robotstxt.usage.TdmReservation.Reservation;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An origin's {@code /.well-known/tdmrep.json} (TDMRep, SEMANTICS.md §8): an array of {@code
 * {location, tdm-reservation, tdm-policy}} entries, {@code location} a path pattern in robots.txt
 * syntax ({@code *} any run of octets, a final {@code $} the end, otherwise a prefix), percent-
 * encoding normalised as robots.txt patterns are. The first entry whose location matches decides,
 * not the longest. A file that is not such an array, is longer than {@link #MAX_BYTES}, nests
 * deeper than {@link BoundedJson#MAX_DEPTH} or holds more than {@link #MAX_ENTRIES} entries is
 * {@link Status#UNREADABLE}: every answer unknown, never an error or a "not reserved". Immutable
 * and thread-safe.
 */
public final class TdmRepFile {
  /** The longest file read; a longer one is unreadable. */
  public static final int MAX_BYTES = 64 * 1024;

  /** The most entries; a file with more is unreadable. */
  public static final int MAX_ENTRIES = 1_000;

  /** The longest location read, in UTF-8 bytes; an entry with a longer one never matches. */
  public static final int MAX_LOCATION = 2_048;

  /** No file: the origin serves none (404), or it was not asked for. */
  public static final TdmRepFile UNSET = new TdmRepFile(Status.UNSET, List.of(), List.of());

  /** A file that could not be read. */
  public static final TdmRepFile UNREADABLE =
      new TdmRepFile(Status.UNREADABLE, List.of(), List.of());

  private final Status status;
  private final List<Entry> entries;
  private final List<byte[]> patterns;

  /** What a file is. */
  public enum Status {
    /** A readable file: its entries decide. */
    READ,
    /** No file: every answer unknown. */
    UNSET,
    /** Not JSON, not an array of entries, or past a bound: every answer unknown. */
    UNREADABLE
  }

  /**
   * One entry as read.
   *
   * @param location the location pattern as written
   * @param reservation {@code 1} reserved, {@code 0} not, anything else (a string, another number,
   *     none) unknown: such an entry still decides for the paths it matches
   * @param policy the {@code tdm-policy} URL as written; empty when none
   */
  public record Entry(String location, Reservation reservation, String policy) {
    /**
     * Checks the parts are present.
     *
     * @param location the location pattern
     * @param reservation the reservation
     * @param policy the policy URL, or empty
     * @throws NullPointerException if any part is null
     */
    public Entry {
      Objects.requireNonNull(location, "location");
      Objects.requireNonNull(reservation, "reservation");
      Objects.requireNonNull(policy, "policy");
    }
  }

  private TdmRepFile(Status status, List<Entry> entries, List<byte[]> patterns) {
    this.status = status;
    this.entries = entries;
    this.patterns = patterns;
  }

  /**
   * Reads a file's body. Never throws on any content.
   *
   * @param body the bytes served
   * @return the file; {@link #UNREADABLE} when it is not a bounded array of entries
   */
  public static TdmRepFile parse(byte[] body) {
    Objects.requireNonNull(body, "body");
    if (body.length > MAX_BYTES) {
      return UNREADABLE;
    }
    Object json = BoundedJson.parse(body, body.length, 8 * MAX_ENTRIES);
    if (!(json instanceof List<?> array) || array.size() > MAX_ENTRIES) {
      return UNREADABLE;
    }
    List<Entry> entries = new ArrayList<>(array.size());
    List<byte[]> patterns = new ArrayList<>(array.size());
    for (Object element : array) {
      if (!(element instanceof Map<?, ?> object)) {
        return UNREADABLE;
      }
      if (!(object.get("location") instanceof String location)) {
        continue; // no location: it can match nothing
      }
      Object r = object.get("tdm-reservation");
      Reservation reservation =
          r instanceof BoundedJson.Number n && n.text().equals("1")
              ? Reservation.RESERVED
              : r instanceof BoundedJson.Number n && n.text().equals("0")
                  ? Reservation.NOT_RESERVED
                  : Reservation.UNKNOWN;
      String policy = object.get("tdm-policy") instanceof String p ? p.strip() : "";
      entries.add(new Entry(location, reservation, policy));
      patterns.add(pattern(location));
    }
    return new TdmRepFile(Status.READ, List.copyOf(entries), patterns);
  }

  /**
   * The normalised pattern, or null when it can match nothing: its body with {@code %2A} as {@link
   * PercentEncoding#LITERAL_STAR} and {@code %24} as {@code $}, as paths are read, then one byte, 1
   * when a final {@code $} anchors it.
   */
  private static byte[] pattern(String location) {
    byte[] utf8 = location.getBytes(StandardCharsets.UTF_8);
    if (utf8.length == 0 || utf8.length > MAX_LOCATION || (utf8[0] != '/' && utf8[0] != '*')) {
      return null;
    }
    byte[] n = PercentEncoding.pattern(new String(utf8, StandardCharsets.ISO_8859_1), true);
    boolean anchored = n[n.length - 1] == '$';
    int end = anchored ? n.length - 1 : n.length;
    byte[] out = new byte[end + 1];
    int o = 0;
    for (int i = 0; i < end; i++) {
      if (n[i] == '%' && i + 2 < end && n[i + 1] == '2' && (n[i + 2] == 'A' || n[i + 2] == '4')) {
        out[o++] = n[i + 2] == 'A' ? PercentEncoding.LITERAL_STAR : (byte) '$';
        i += 2;
      } else {
        out[o++] = n[i];
      }
    }
    out[o++] = (byte) (anchored ? 1 : 0);
    return java.util.Arrays.copyOf(out, o);
  }

  /**
   * What the file is.
   *
   * @return read, unset or unreadable
   */
  public Status status() {
    return status;
  }

  /**
   * The entries with a location, in file order.
   *
   * @return an immutable list
   */
  public List<Entry> entries() {
    return entries;
  }

  /**
   * What the file says of one resource: the first entry whose location matches decides.
   *
   * @param url the resource's URL, or its path (with query) starting with {@code /}
   * @return the reservation and policy from {@link UsageSource#TDMREP_FILE}; unknown when no entry
   *     matches, the matching entry's reservation is unreadable, or the file is unset or unreadable
   */
  public TdmReservation lookup(String url) {
    Objects.requireNonNull(url, "url");
    if (status != Status.READ) {
      return TdmReservation.UNKNOWN;
    }
    String path = url.startsWith("/") ? url : LenientPaths.pathParamsQuery(url);
    byte[] utf8 = path.getBytes(StandardCharsets.UTF_8);
    byte[] p = PercentEncoding.normalisedPath(utf8, 0, utf8.length, true, false);
    for (int k = 0; k < entries.size(); k++) {
      byte[] pattern = patterns.get(k);
      if (pattern != null && matches(pattern, p)) {
        Entry e = entries.get(k);
        return e.reservation() == Reservation.UNKNOWN
            ? TdmReservation.UNKNOWN
            : new TdmReservation(e.reservation(), e.policy(), UsageSource.TDMREP_FILE);
      }
    }
    return TdmReservation.UNKNOWN;
  }

  /**
   * Whether {@code pattern} (as {@link #pattern} makes it) matches a prefix of {@code path} (all of
   * it when anchored): each literal run between stars found leftmost after the one before, which
   * finds a match whenever there is one, without backtracking.
   */
  static boolean matches(byte[] pattern, byte[] path) {
    int end = pattern.length - 1;
    boolean anchored = pattern[end] == 1;
    int seg = 0;
    int at = 0;
    boolean leading = true;
    while (true) {
      int star = seg;
      while (star < end && pattern[star] != '*') {
        star++;
      }
      int len = star - seg;
      boolean last = star == end;
      if (leading) {
        if (!regionEquals(path, 0, pattern, seg, len)) {
          return false;
        }
        at = len;
        if (last) {
          return !anchored || at == path.length;
        }
        leading = false;
      } else if (last) {
        if (anchored) {
          int from = path.length - len;
          return from >= at && regionEquals(path, from, pattern, seg, len);
        }
        return len == 0 || indexOf(path, at, pattern, seg, len) >= 0;
      } else if (len > 0) {
        int found = indexOf(path, at, pattern, seg, len);
        if (found < 0) {
          return false;
        }
        at = found + len;
      }
      seg = star + 1;
    }
  }

  private static boolean regionEquals(byte[] a, int from, byte[] b, int at, int len) {
    if (from < 0 || from + len > a.length) {
      return false;
    }
    for (int i = 0; i < len; i++) {
      if (a[from + i] != b[at + i]) {
        return false;
      }
    }
    return true;
  }

  private static int indexOf(byte[] path, int from, byte[] seg, int at, int len) {
    for (int i = from; i + len <= path.length; i++) {
      if (regionEquals(path, i, seg, at, len)) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public String toString() {
    return "TdmRepFile{" + status + ", " + entries.size() + " entries}";
  }
}
