package io.github.reactiverobots.core.parse;

/** The robots.txt records the parser recognises (SEMANTICS.md §1, §5). */
public enum Directive {
  USER_AGENT,
  ALLOW,
  DISALLOW,
  SITEMAP,
  CRAWL_DELAY,
  REQUEST_RATE,
  VISIT_TIME,
  HOST,
  CLEAN_PARAM
}
