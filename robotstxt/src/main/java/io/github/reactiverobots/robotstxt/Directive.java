package io.github.reactiverobots.robotstxt;

/** The robots.txt records the parser recognises (SEMANTICS.md §1, §5). */
public enum Directive {
  /** {@code user-agent} (also {@code useragent}, {@code user agent}): opens or extends a group. */
  USER_AGENT,
  /** {@code allow}: a path pattern that may be fetched. */
  ALLOW,
  /** {@code disallow} (also its accepted misspellings): a path pattern that may not be fetched. */
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
  CONTENT_SIGNAL
}
