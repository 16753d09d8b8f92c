package io.github.reactiverobots.robotstxt.internal.aipref;

import io.github.reactiverobots.robotstxt.usage.Preference;
import io.github.reactiverobots.robotstxt.usage.UsageCategory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a statement of preference in the exemplary format of draft-ietf-aipref-vocab §6: an RFC
 * 9651 Structured Fields dictionary whose keys are category labels and whose values are the tokens
 * {@code y} or {@code n}, parsed by {@link StructuredDictionary} (no dependency). Stateless and
 * thread-safe.
 *
 * <p>The labels of earlier drafts that files still carry ({@link #LEGACY}) are read in the
 * restrictive direction only (SEMANTICS.md §8). A legacy {@code n} for a part of a current category
 * ({@code train-genai}, {@code ai-output}) disallows that category, whatever else the dictionary
 * says of it: the vocabulary can no longer say "all of it but that part". A legacy {@code n} for
 * the whole ({@code bots}, {@code all}) disallows the categories the dictionary says nothing about
 * itself, as the hierarchy had it. A legacy {@code y} allows nothing: the hierarchy through which
 * it widened is gone.
 */
public final class PreferenceDictionary {
  /**
   * The legacy labels and the current categories each covered: {@code train-genai} (generative AI
   * training, a part of {@code train-ai} up to draft -06), {@code ai-output} (the content in an AI
   * model's output, read as {@code ai-use}), {@code bots} and {@code all} (automated processing,
   * which covered every category).
   */
  public static final Map<String, List<UsageCategory>> LEGACY =
      Map.of(
          "train-genai", List.of(UsageCategory.TRAIN_AI),
          "ai-output", List.of(UsageCategory.AI_USE),
          "bots", List.of(UsageCategory.values()),
          "all", List.of(UsageCategory.values()));

  /** The {@link #LEGACY} labels that covered every category; the others covered a part of one. */
  public static final List<String> LEGACY_WHOLE = List.of("bots", "all");

  private PreferenceDictionary() {}

  /**
   * What one dictionary says, for the linter as well as for matching.
   *
   * @param parsed whether the text is a dictionary; when not, every category is unknown
   * @param bits the packed statement ({@link UsageBits})
   * @param unknownKeys the keys that name no category, in order (ignored)
   * @param badValues the {@code key=value} entries of categories whose value is not the token
   *     {@code y} or {@code n} (unknown)
   * @param legacyKeys the {@link #LEGACY} keys, in order (read as the class says)
   */
  public record Reading(
      boolean parsed,
      int bits,
      List<String> unknownKeys,
      List<String> badValues,
      List<String> legacyKeys) {
    static final Reading UNPARSED =
        new Reading(false, UsageBits.UNKNOWN, List.of(), List.of(), List.of());
  }

  /**
   * Reads {@code text}, leading and trailing spaces and tabs ignored. Never throws on any content.
   *
   * @param text the dictionary as written; a byte string (one char per byte) or ASCII text
   * @return what it says
   */
  public static Reading read(String text) {
    Map<String, StructuredDictionary.Member> members = StructuredDictionary.parse(trim(text));
    if (members == null) {
      return Reading.UNPARSED;
    }
    int bits = UsageBits.UNKNOWN;
    List<String> unknownKeys = new ArrayList<>(0);
    List<String> badValues = new ArrayList<>(0);
    List<String> legacyKeys = new ArrayList<>(0);
    int stated = 0;
    int wholeNo = 0;
    int partNo = 0;
    for (Map.Entry<String, StructuredDictionary.Member> e : members.entrySet()) {
      var category = UsageCategory.ofLabel(e.getKey());
      List<UsageCategory> covered = LEGACY.get(e.getKey());
      if (covered != null) {
        legacyKeys.add(e.getKey());
        if ("n".equals(e.getValue().token())) {
          int mask = 0;
          for (UsageCategory c : covered) {
            mask |= 1 << c.ordinal();
          }
          if (LEGACY_WHOLE.contains(e.getKey())) {
            wholeNo |= mask;
          } else {
            partNo |= mask;
          }
        }
        continue;
      }
      if (category.isEmpty()) {
        unknownKeys.add(e.getKey());
        continue;
      }
      stated |= 1 << category.get().ordinal();
      String token = e.getValue().token();
      Preference p =
          "y".equals(token)
              ? Preference.ALLOW
              : "n".equals(token) ? Preference.DISALLOW : Preference.UNKNOWN;
      if (p == Preference.UNKNOWN) {
        badValues.add(e.getKey() + "=" + e.getValue().serialized());
      }
      bits = UsageBits.with(bits, category.get(), p);
    }
    for (UsageCategory c : UsageCategory.values()) {
      if (((partNo | (wholeNo & ~stated)) & (1 << c.ordinal())) != 0) {
        bits = UsageBits.with(bits, c, Preference.DISALLOW);
      }
    }
    return new Reading(
        true, bits, List.copyOf(unknownKeys), List.copyOf(badValues), List.copyOf(legacyKeys));
  }

  /**
   * Reads the field lines of one HTTP field (RFC 9651 §4.2: joined with commas), such as the {@code
   * Content-Usage} response header.
   *
   * @param fieldLines the field's lines, in order
   * @return what they say; unparsed (every category unknown) when there is none
   */
  public static Reading readField(List<String> fieldLines) {
    if (fieldLines.isEmpty()) {
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
}
