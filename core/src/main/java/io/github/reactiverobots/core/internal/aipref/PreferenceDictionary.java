package io.github.reactiverobots.core.internal.aipref;

import java.util.List;

/**
 * Reads a statement of preference in the exemplary format of draft-ietf-aipref-vocab §6: an
 * RFC 9651 Structured Fields dictionary whose keys are category labels and whose values are the
 * tokens {@code y} or {@code n}. The dictionary is parsed by the optional library
 * {@code org.greenbytes.http:structured-fields}; without it on the class path (or, on the module
 * path, without the module {@code structured.fields} resolved), {@link #available()} is false
 * and reading throws a clear {@link IllegalStateException}. Stateless and thread-safe.
 */
public final class PreferenceDictionary {
  private static final String PARSER = "org.greenbytes.http.sfv.Parser";

  private PreferenceDictionary() {}

  /**
   * What one dictionary says, for the linter as well as for matching.
   *
   * @param parsed whether the text is a dictionary; when not, every category is unknown
   * @param bits the packed statement ({@link UsageBits})
   * @param unknownKeys the keys that name no category, in order (ignored)
   * @param badValues the {@code key=value} entries of categories whose value is not the token
   *     {@code y} or {@code n} (unknown)
   */
  public record Reading(boolean parsed, int bits, List<String> unknownKeys,
      List<String> badValues) {
    static final Reading UNPARSED = new Reading(false, UsageBits.UNKNOWN, List.of(), List.of());
  }

  /**
   * Whether the Structured Fields library can be used.
   *
   * @return true when it is on the class path (or its module is resolved)
   */
  public static boolean available() {
    return Availability.AVAILABLE;
  }

  /**
   * Throws unless {@link #available()}.
   *
   * @throws IllegalStateException naming the missing library
   */
  public static void requireAvailable() {
    if (!Availability.AVAILABLE) {
      throw new IllegalStateException("reading Content-Usage preferences needs the optional"
          + " dependency org.greenbytes.http:structured-fields:0.4 on the class path (on the"
          + " module path: --add-modules structured.fields)");
    }
  }

  /**
   * Reads {@code text}, leading and trailing spaces and tabs ignored. Never throws on any
   * content.
   *
   * @param text the dictionary as written; a byte string (one char per byte) or ASCII text
   * @return what it says
   * @throws IllegalStateException if the library is missing
   */
  public static Reading read(String text) {
    requireAvailable();
    return SfvReader.read(trim(text));
  }

  /**
   * Reads the field lines of one HTTP field (RFC 9651 §4.2: joined with commas), such as the
   * {@code Content-Usage} response header.
   *
   * @param fieldLines the field's lines, in order
   * @return what they say; unparsed (every category unknown) when there is none
   * @throws IllegalStateException if the library is missing
   */
  public static Reading readField(List<String> fieldLines) {
    if (fieldLines.isEmpty()) {
      requireAvailable();
      return Reading.UNPARSED;
    }
    StringBuilder joined = new StringBuilder();
    for (String line : fieldLines) {
      joined.append(joined.length() > 0 ? ", " : "").append(trim(line));
    }
    return read(joined.toString());
  }

  private static String trim(String s) {
    int from = 0;
    int to = s.length();
    while (from < to && (s.charAt(from) == ' ' || s.charAt(from) == '\t')) {
      from++;
    }
    while (to > from && (s.charAt(to - 1) == ' ' || s.charAt(to - 1) == '\t')) {
      to--;
    }
    return s.substring(from, to);
  }

  /** Found once: whether the library's parser class can be loaded. */
  private static final class Availability {
    static final boolean AVAILABLE = find();

    private static boolean find() {
      try {
        Class.forName(PARSER, false, PreferenceDictionary.class.getClassLoader());
        return true;
      } catch (ClassNotFoundException | LinkageError e) {
        return false;
      }
    }
  }
}
