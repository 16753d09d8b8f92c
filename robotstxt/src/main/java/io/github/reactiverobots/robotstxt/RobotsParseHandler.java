package io.github.reactiverobots.robotstxt;

/**
 * Receives what the byte-level scanner ({@link RobotsTxt#scan}) reads from a robots.txt body, line
 * by line, in order. This separates parsing (the scanner) from semantics (groups, the linter,
 * statistics).
 *
 * <p>Values are <em>byte strings</em>: decoded as ISO-8859-1, so each {@code char} is exactly one
 * input byte and nothing is lost from invalid UTF-8. To show one to a person, decode it as UTF-8:
 * {@code new String(value.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8)}. Line
 * numbers start at 1; LF, CRLF and lone CR each end a line.
 *
 * <p>A handler is used by one scan at a time and need not be thread-safe.
 */
public interface RobotsParseHandler {

  /** Called once before the first line. */
  default void onStart() {}

  /**
   * A recognised directive with its trimmed value (possibly empty).
   *
   * @param line the 1-based line
   * @param directive the directive, misspellings mapped to it
   * @param value the value, a byte string
   * @param valueColumn the 1-based byte column where the value starts
   */
  void onDirective(int line, Directive directive, String value, int valueColumn);

  /**
   * A {@code key: value} line whose key is not a directive the parser knows.
   *
   * @param line the 1-based line
   * @param key the key as written, a byte string
   * @param value the trimmed value, a byte string
   * @param keyColumn the 1-based byte column where the key starts
   */
  void onUnknown(int line, String key, String value, int keyColumn);

  /**
   * Whether {@link #onUnknown} should still be called; asked before each unknown record, whose
   * strings are not built when not. The default is always.
   *
   * @return true to receive the next unknown record
   */
  default boolean wantsUnknown() {
    return true;
  }

  /**
   * Whether {@link #onIssue} should be called; scanning is cheaper when not. Asked once, before
   * {@link #onStart()}. The default is never.
   *
   * @return true to receive syntax issues
   */
  default boolean wantsIssues() {
    return false;
  }

  /**
   * A syntax issue the scanner noticed, at a 1-based line and byte column.
   *
   * @param line the line
   * @param column the byte column
   * @param issue one of the codes marked "scanner" in {@link Diagnostic.Code}
   */
  default void onIssue(int line, int column, Diagnostic.Code issue) {}

  /**
   * Called once after the last line.
   *
   * @param lines the number of lines read
   * @param truncated whether the body went past the parse limit
   */
  default void onEnd(int lines, boolean truncated) {}

  /** The robots.txt records the parser recognises (SEMANTICS.md §1, §5). */
  public enum Directive {
    /**
     * {@code user-agent} (also {@code useragent}, {@code user agent}): opens or extends a group.
     */
    USER_AGENT,
    /** {@code allow}: a path pattern that may be fetched. */
    ALLOW,
    /**
     * {@code disallow} (also its accepted misspellings): a path pattern that may not be fetched.
     */
    DISALLOW,
    /** {@code sitemap} (also {@code site-map}): a sitemap URL, global. */
    SITEMAP,
    /** {@code crawl-delay}: seconds between requests, per group. */
    CRAWL_DELAY,
    /** {@code request-rate}: {@code n/m} requests per period, per group. */
    REQUEST_RATE,
    /** {@code visit-time}: a {@code HHMM-HHMM} UTC window, per group. */
    VISIT_TIME,
    /** {@code host} (Yandex): the preferred host, kept as written. */
    HOST,
    /** {@code clean-param} (Yandex): parameters to ignore, kept as written. */
    CLEAN_PARAM,
    /**
     * {@code content-usage} (IETF aipref, draft-ietf-aipref-attach §3): a path pattern and a usage
     * preference; a rule of its group, like allow and disallow.
     */
    CONTENT_USAGE,
    /** {@code content-signal} (Cloudflare's Content Signals): usage signals, per group. */
    CONTENT_SIGNAL,
    /**
     * {@code license} (RSL 1.0): the URL of a licence document, global like {@code sitemap}; it
     * ends no group.
     */
    LICENSE
  }
}
