package io.github.reactiverobots.robotstxt.url;

/**
 * Thrown (or signalled through a {@code Mono}) when a URL or origin cannot be used: no scheme, an
 * unsupported scheme, a bad port, an empty host, or control characters. The message and {@link
 * #input()} name the offending input.
 */
public final class InvalidUrlException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** The offending input as given, or null. */
  private final String input;

  /**
   * An exception for {@code input}; the message is {@code reason} followed by the input, quoted,
   * cut after 256 characters and with control characters escaped.
   *
   * @param input the offending input, or null
   * @param reason what is wrong with it
   */
  public InvalidUrlException(String input, String reason) {
    super(reason + ": " + quote(input));
    this.input = input;
  }

  /**
   * The input as given, never null (a null input is reported as {@code "null"}).
   *
   * @return the input
   */
  public String input() {
    return input == null ? "null" : input;
  }

  private static String quote(String input) {
    if (input == null) {
      return "null";
    }
    String shown = input.length() > 256 ? input.substring(0, 256) + "..." : input;
    StringBuilder sb = new StringBuilder(shown.length() + 2).append('"');
    for (int i = 0; i < shown.length(); i++) {
      char c = shown.charAt(i);
      if (c < 0x20 || c == 0x7f) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.append('"').toString();
  }
}
