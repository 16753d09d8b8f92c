package io.github.reactiverobots.robotstxt.internal.text;

/** The characters of a product token (SEMANTICS.md §2), in one place. Stateless. */
public final class ProductTokens {
  private ProductTokens() {}

  /**
   * Whether {@code c} may appear in a product token: {@code A-Z a-z _ -}.
   *
   * @param c a character or byte value
   * @return true for a token character
   */
  public static boolean isTokenChar(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-';
  }
}
