package io.github.reactiverobots.robotstxt.internal.aipref;

import io.github.reactiverobots.robotstxt.usage.Preference;
import io.github.reactiverobots.robotstxt.usage.UsageCategory;

/**
 * A statement of preference packed into an int: two bits per {@link UsageCategory}, at {@code 2 *
 * ordinal}: {@code 00} unknown, {@code 01} allow, {@code 10} disallow. So one int per {@code
 * Content-Usage} rule holds what it states.
 */
public final class UsageBits {
  /** Every category unknown. */
  public static final int UNKNOWN = 0;

  private static final int ALLOW_BITS = 0b010101;
  private static final int DISALLOW_BITS = ALLOW_BITS << 1;

  private UsageBits() {}

  /**
   * The preference {@code bits} states about {@code category}.
   *
   * @param bits a packed statement
   * @param category a category
   * @return the preference
   */
  public static Preference get(int bits, UsageCategory category) {
    int two = (bits >>> (2 * category.ordinal())) & 3;
    return two == 1 ? Preference.ALLOW : two == 2 ? Preference.DISALLOW : Preference.UNKNOWN;
  }

  /**
   * {@code bits} with {@code category} set to {@code preference}.
   *
   * @param bits a packed statement
   * @param category a category
   * @param preference its new preference
   * @return the new statement
   */
  static int with(int bits, UsageCategory category, Preference preference) {
    int shift = 2 * category.ordinal();
    int two = preference == Preference.ALLOW ? 1 : preference == Preference.DISALLOW ? 2 : 0;
    return (bits & ~(3 << shift)) | (two << shift);
  }

  /**
   * Two statements combined per category, most restrictively (draft-ietf-aipref-vocab §5.1): any
   * disallow wins, then any allow.
   *
   * @param a a packed statement
   * @param b another
   * @return the combination
   */
  public static int mostRestrictive(int a, int b) {
    int disallow = (a | b) & DISALLOW_BITS;
    int allow = (a | b) & ALLOW_BITS & ~(disallow >>> 1);
    return disallow | allow;
  }
}
