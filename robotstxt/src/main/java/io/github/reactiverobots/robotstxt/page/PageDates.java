package io.github.reactiverobots.robotstxt.page;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the date of {@code unavailable_after}, which Google accepts "in a widely adopted format"
 * such as RFC 822, RFC 850 and ISO 8601: {@code 2020-09-21}, {@code 2026-12-31T23:59:59-00:00},
 * {@code 25 Jun 2010 15:00:00 PST}, {@code Fri, 25 Jun 2010 15:00:00 GMT}, {@code Friday, 25-Jun-10
 * 15:00:00 PST}. A date or time without a zone is taken as UTC. Never throws.
 */
final class PageDates {
  private static final Map<String, Integer> ZONE_HOURS =
      Map.ofEntries(
          Map.entry("UT", 0),
          Map.entry("UTC", 0),
          Map.entry("GMT", 0),
          Map.entry("Z", 0),
          Map.entry("EST", -5),
          Map.entry("EDT", -4),
          Map.entry("CST", -6),
          Map.entry("CDT", -5),
          Map.entry("MST", -7),
          Map.entry("MDT", -6),
          Map.entry("PST", -8),
          Map.entry("PDT", -7));
  private static final String MONTHS = "janfebmaraprmayjunjulaugsepoctnovdec";

  private PageDates() {}

  static Optional<Instant> parse(String text) {
    String s = text.trim();
    if (s.isEmpty() || s.length() > 64) {
      return Optional.empty();
    }
    try {
      if (Character.isDigit(s.charAt(0)) && s.length() >= 10 && s.charAt(4) == '-') {
        return Optional.ofNullable(iso(s));
      }
      return Optional.ofNullable(rfc(s));
    } catch (DateTimeException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static Instant iso(String s) {
    try {
      return OffsetDateTime.parse(s).toInstant();
    } catch (DateTimeParseException e) {
      // no offset: a local date-time or a date
    }
    try {
      return LocalDateTime.parse(s).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      return LocalDate.parse(s).atStartOfDay().toInstant(ZoneOffset.UTC);
    }
  }

  /** RFC 822 / 1123 ({@code d MMM yy[yy]}) or RFC 850 ({@code dd-MMM-yy}), weekday optional. */
  private static Instant rfc(String s) {
    int comma = s.indexOf(',');
    if (comma > 0 && s.substring(0, comma).chars().allMatch(Character::isLetter)) {
      s = s.substring(comma + 1).trim();
    }
    String[] words = s.split("\\s+");
    String[] t = words;
    if (words[0].indexOf('-') > 0) {
      String[] date = words[0].split("-", -1);
      t = new String[date.length + words.length - 1];
      System.arraycopy(date, 0, t, 0, date.length);
      System.arraycopy(words, 1, t, date.length, words.length - 1);
    }
    if (t.length < 3) {
      return null;
    }
    int day = Integer.parseInt(t[0]);
    int month =
        t[1].length() >= 3 ? MONTHS.indexOf(t[1].substring(0, 3).toLowerCase(Locale.ROOT)) : -1;
    if (month < 0 || month % 3 != 0 || !t[2].chars().allMatch(Character::isDigit)) {
      return null;
    }
    int year = Integer.parseInt(t[2]);
    if (t[2].length() == 2) {
      year += year < 70 ? 2000 : 1900;
    } else if (t[2].length() != 4) {
      return null;
    }
    int hour = 0;
    int minute = 0;
    int second = 0;
    int next = 3;
    if (t.length > next && t[next].indexOf(':') > 0) {
      String[] hms = t[next].split(":", -1);
      hour = Integer.parseInt(hms[0]);
      minute = hms.length > 1 ? Integer.parseInt(hms[1]) : 0;
      second = hms.length > 2 ? Integer.parseInt(hms[2]) : 0;
      next++;
    }
    ZoneOffset zone = ZoneOffset.UTC;
    if (t.length > next) {
      zone = zone(t[next]);
      if (zone == null || t.length > next + 1) {
        return null;
      }
    }
    return LocalDateTime.of(year, month / 3 + 1, day, hour, minute, second).toInstant(zone);
  }

  private static ZoneOffset zone(String z) {
    Integer hours = ZONE_HOURS.get(z.toUpperCase(Locale.ROOT));
    if (hours != null) {
      return ZoneOffset.ofHours(hours);
    }
    if (z.length() == 5
        && (z.charAt(0) == '+' || z.charAt(0) == '-')
        && z.substring(1).chars().allMatch(Character::isDigit)) {
      int sign = z.charAt(0) == '-' ? -1 : 1;
      return ZoneOffset.ofHoursMinutes(
          sign * Integer.parseInt(z.substring(1, 3)), sign * Integer.parseInt(z.substring(3)));
    }
    return null;
  }
}
