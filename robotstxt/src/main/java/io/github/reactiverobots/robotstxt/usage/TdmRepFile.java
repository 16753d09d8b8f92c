package io.github.reactiverobots.robotstxt.usage;

import io.github.reactiverobots.robotstxt.internal.json.BoundedJson;
import io.github.reactiverobots.robotstxt.internal.match.PatternTable;
import io.github.reactiverobots.robotstxt.internal.match.PatternTableBuilder;
import io.github.reactiverobots.robotstxt.internal.match.PercentEncoding;
import io.github.reactiverobots.robotstxt.internal.url.LenientPaths;
import io.github.reactiverobots.robotstxt.usage.TdmReservation.Reservation;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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

  private static final PatternTable NO_LOCATIONS = PatternTable.builder(0, 0).build();

  /** No file: the origin serves none (404), or it was not asked for. */
  public static final TdmRepFile UNSET =
      new TdmRepFile(Status.UNSET, List.of(), NO_LOCATIONS, new int[0]);

  /** A file that could not be read. */
  public static final TdmRepFile UNREADABLE =
      new TdmRepFile(Status.UNREADABLE, List.of(), NO_LOCATIONS, new int[0]);

  private final Status status;
  private final List<Entry> entries;

  /** The entries' locations as robots.txt patterns. */
  private final PatternTable locations;

  /** Per entry, its location's index in {@link #locations}, or -1 when it can match nothing. */
  private final int[] locationOf;

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

  private TdmRepFile(Status status, List<Entry> entries, PatternTable locations, int[] locationOf) {
    this.status = status;
    this.entries = entries;
    this.locations = locations;
    this.locationOf = locationOf;
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
    PatternTableBuilder locations = PatternTable.builder(array.size(), body.length);
    int[] locationOf = new int[array.size()];
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
      locationOf[entries.size()] = location(locations, location);
      entries.add(new Entry(location, reservation, policy));
    }
    return new TdmRepFile(
        Status.READ,
        List.copyOf(entries),
        locations.build(),
        Arrays.copyOf(locationOf, entries.size()));
  }

  /**
   * Adds {@code location} to {@code locations} as a robots.txt pattern normalised as {@code
   * RFC_9309} normalises one ({@code %2A} a literal star, {@code %24} a {@code $}); its index, or
   * -1 when it can match nothing (empty, too long, not starting with {@code /} or {@code *}).
   */
  private static int location(PatternTableBuilder locations, String location) {
    byte[] utf8 = location.getBytes(StandardCharsets.UTF_8);
    if (utf8.length == 0 || utf8.length > MAX_LOCATION || (utf8[0] != '/' && utf8[0] != '*')) {
      return -1;
    }
    byte[] n = PercentEncoding.pattern(new String(utf8, StandardCharsets.ISO_8859_1), true);
    return locations.add(n, 0, n.length, true, true);
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
      int location = locationOf[k];
      if (location >= 0 && locations.matches(location, p, 0, p.length)) {
        Entry e = entries.get(k);
        return e.reservation() == Reservation.UNKNOWN
            ? TdmReservation.UNKNOWN
            : new TdmReservation(e.reservation(), e.policy(), UsageSource.TDMREP_FILE);
      }
    }
    return TdmReservation.UNKNOWN;
  }

  @Override
  public String toString() {
    return "TdmRepFile{" + status + ", " + entries.size() + " entries}";
  }
}
