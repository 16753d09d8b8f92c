package io.github.reactiverobots.robotstxt.usage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The {@code Content-Signal} records of the robots.txt groups that apply to one crawler
 * (Cloudflare's Content Signals Policy): per signal allow ({@code yes}), disallow ({@code no}) or
 * unknown (not given), the lines as written, and the line that decided each signal. Several
 * records, and the records of merged groups, combine most restrictively: any {@code no} wins, then
 * any {@code yes}. Keys and values are case-insensitive; unknown keys are ignored. The one key that
 * is not yes/no, {@code use} ({@code immediate}, {@code reference} or {@code full}), is kept as
 * given and read beside the signals: a value that is not yes/no never drops the record's other
 * entries. Immutable and thread-safe.
 */
public final class ContentSignals {
  /** No record: every signal unknown. */
  public static final ContentSignals NONE =
      new ContentSignals(
          new Preference[] {Preference.UNKNOWN, Preference.UNKNOWN, Preference.UNKNOWN},
          new int[3],
          List.of(),
          List.of(),
          List.of());

  /** The values of {@code use} the policy defines, lower case. */
  public static final List<String> USE_VALUES = List.of("immediate", "reference", "full");

  private static final ContentSignal[] SIGNALS = ContentSignal.values();

  private final Preference[] preferences;
  private final int[] lines;
  private final List<Line> written;
  private final List<String> unreadable;
  private final List<String> uses;

  /**
   * One {@code Content-Signal} record as written.
   *
   * @param line its 1-based line, 0 when unknown
   * @param value its value as written
   */
  public record Line(int line, String value) {
    /**
     * Checks the value is present.
     *
     * @param line its 1-based line, 0 when unknown
     * @param value its value as written
     * @throws NullPointerException if {@code value} is null
     */
    public Line {
      Objects.requireNonNull(value, "value");
    }
  }

  private ContentSignals(
      Preference[] preferences,
      int[] lines,
      List<Line> written,
      List<String> unreadable,
      List<String> uses) {
    this.preferences = preferences;
    this.lines = lines;
    this.written = written;
    this.unreadable = unreadable;
    this.uses = uses;
  }

  /**
   * Reads one record's value, {@code key=value} entries separated by commas.
   *
   * @param line the record's line, 0 when unknown
   * @param value the value as written
   * @return what it signals
   */
  public static ContentSignals parse(int line, String value) {
    Objects.requireNonNull(value, "value");
    Preference[] prefs = NONE.preferences.clone();
    int[] at = new int[SIGNALS.length];
    List<String> bad = new ArrayList<>(0);
    List<String> uses = new ArrayList<>(0);
    for (String entry : value.split(",", -1)) {
      int eq = entry.indexOf('=');
      String key = (eq < 0 ? entry : entry.substring(0, eq)).trim();
      String v = eq < 0 ? "" : entry.substring(eq + 1).trim();
      if (key.equalsIgnoreCase("use")) {
        uses.add(v);
        continue;
      }
      var signal = ContentSignal.ofLabel(key);
      if (signal.isEmpty()) {
        continue;
      }
      Preference p =
          v.equalsIgnoreCase("yes")
              ? Preference.ALLOW
              : v.equalsIgnoreCase("no") ? Preference.DISALLOW : Preference.UNKNOWN;
      if (p == Preference.UNKNOWN) {
        bad.add(entry.trim());
        continue;
      }
      int k = signal.get().ordinal();
      Preference combined = prefs[k].mostRestrictive(p);
      if (combined != prefs[k]) {
        prefs[k] = combined;
        at[k] = line;
      }
    }
    return new ContentSignals(
        prefs, at, List.of(new Line(line, value)), List.copyOf(bad), List.copyOf(uses));
  }

  /**
   * This and {@code other} combined most restrictively; the lines of both, this one's first.
   *
   * @param other the signals of another record or group
   * @return the combination
   */
  public ContentSignals mostRestrictive(ContentSignals other) {
    if (other.written.isEmpty()) {
      return this;
    }
    if (written.isEmpty()) {
      return other;
    }
    Preference[] prefs = preferences.clone();
    int[] at = lines.clone();
    for (int k = 0; k < prefs.length; k++) {
      Preference combined = prefs[k].mostRestrictive(other.preferences[k]);
      if (combined != prefs[k]) {
        prefs[k] = combined;
        at[k] = other.lines[k];
      }
    }
    List<Line> lines = new ArrayList<>(written);
    lines.addAll(other.written);
    List<String> bad = new ArrayList<>(unreadable);
    bad.addAll(other.unreadable);
    List<String> use = new ArrayList<>(uses);
    use.addAll(other.uses);
    return new ContentSignals(prefs, at, List.copyOf(lines), List.copyOf(bad), List.copyOf(use));
  }

  /**
   * What is signalled about {@code signal}.
   *
   * @param signal a signal
   * @return allow, disallow, or unknown when no record gives it
   */
  public Preference preference(ContentSignal signal) {
    return preferences[signal.ordinal()];
  }

  /**
   * The line of the record that decided {@code signal}.
   *
   * @param signal a signal
   * @return the line; empty when the signal is unknown
   */
  public OptionalInt line(ContentSignal signal) {
    int line = lines[signal.ordinal()];
    return preferences[signal.ordinal()] == Preference.UNKNOWN || line <= 0
        ? OptionalInt.empty()
        : OptionalInt.of(line);
  }

  /**
   * The records as written, in file order.
   *
   * @return an immutable list, empty when there is none
   */
  public List<Line> written() {
    return written;
  }

  /**
   * The entries that name a signal with a value other than {@code yes} or {@code no}, as written;
   * they leave the signal unknown.
   *
   * @return an immutable list
   */
  public List<String> unreadable() {
    return unreadable;
  }

  /**
   * The values of the {@code use} entries ({@code use=reference}), as written, in file order. The
   * policy defines {@link #USE_VALUES}; what each allows is the crawler's to read from the policy,
   * and another value is kept as well (the linter notes it). Several values are not combined.
   *
   * @return an immutable list, empty when no record has {@code use}
   */
  public List<String> uses() {
    return uses;
  }

  /**
   * The {@code use} value when the records give exactly one, compared case-insensitively.
   *
   * @return the value in lower case; empty when none, or when records give different ones
   */
  public Optional<String> use() {
    String one = null;
    for (String u : uses) {
      String lower = u.toLowerCase(Locale.ROOT);
      if (one != null && !one.equals(lower)) {
        return Optional.empty();
      }
      one = lower;
    }
    return Optional.ofNullable(one);
  }

  /**
   * Whether no record was given.
   *
   * @return true when there is none
   */
  public boolean isEmpty() {
    return written.isEmpty();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ContentSignals s
        && Arrays.equals(preferences, s.preferences)
        && Arrays.equals(lines, s.lines)
        && written.equals(s.written)
        && unreadable.equals(s.unreadable)
        && uses.equals(s.uses);
  }

  @Override
  public int hashCode() {
    return Objects.hash(Arrays.hashCode(preferences), Arrays.hashCode(lines), written);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("ContentSignals{");
    for (ContentSignal s : SIGNALS) {
      Preference p = preference(s);
      if (p != Preference.UNKNOWN) {
        sb.append(sb.length() > 15 ? ", " : "")
            .append(s.label())
            .append('=')
            .append(p == Preference.ALLOW ? "yes" : "no");
      }
    }
    for (String u : uses) {
      sb.append(sb.length() > 15 ? ", " : "").append("use=").append(u);
    }
    return sb.append('}').toString();
  }

  /**
   * The signals of Cloudflare's Content Signals Policy, written in robots.txt as {@code
   * Content-Signal: search=yes, ai-train=no}, each {@code yes} or {@code no}.
   */
  public enum ContentSignal {
    /** {@code search}: building a search index and showing links and short excerpts. */
    SEARCH("search", UsageCategory.SEARCH),
    /** {@code ai-input}: using the content as input to an AI model (grounding, RAG). */
    AI_INPUT("ai-input", UsageCategory.AI_USE),
    /** {@code ai-train}: training or fine-tuning AI models. */
    AI_TRAIN("ai-train", UsageCategory.TRAIN_AI);

    private static final ContentSignal[] ALL = values();

    private final String label;
    private final UsageCategory closest;

    ContentSignal(String label, UsageCategory closest) {
      this.label = label;
      this.closest = closest;
    }

    /**
     * The key the signal is written with.
     *
     * @return the key, such as {@code ai-train}
     */
    public String label() {
      return label;
    }

    /**
     * The aipref category closest to this signal: {@code search} to {@code search}, {@code
     * ai-input} to {@code ai-use}, {@code ai-train} to {@code train-ai}. Their definitions differ
     * in detail; this library uses the mapping only where it says so.
     *
     * @return the category
     */
    public UsageCategory closestCategory() {
      return closest;
    }

    /**
     * The signal a key names, compared case-insensitively.
     *
     * @param label a key
     * @return the signal, or empty for a key the policy does not define
     */
    public static Optional<ContentSignal> ofLabel(String label) {
      String lower = label.toLowerCase(Locale.ROOT);
      for (ContentSignal s : ALL) {
        if (s.label.equals(lower)) {
          return Optional.of(s);
        }
      }
      return Optional.empty();
    }
  }
}
