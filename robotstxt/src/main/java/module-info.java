/**
 * reactive-robots robotstxt: robots.txt parsing and matching (RFC 9309 and Google's reading), URLs
 * and origins as browsers read them, a page's own directives, usage preferences, the linter and the
 * explainer. On the JDK alone: jsoup is read only when a page's robots {@code <meta>} tags are
 * asked for.
 *
 * <p>Exported (the API): {@code io.github.reactiverobots.robotstxt} (the parser: {@code RobotsTxt},
 * {@code AgentRules}, the linter and the explainer), {@code .model} (verdicts and their values),
 * {@code .url} (origins), {@code .usage} (what robots.txt says about using fetched content) and
 * {@code .page} (a page's own directives). Packages under {@code .internal} are not API: some are
 * exported to the library's own modules ({@code exports ... to}), none to anyone else.
 */
module io.github.reactiverobots.robotstxt {
  // Optional: read only when a page's robots <meta> tags are asked for.
  requires static org.jsoup;

  exports io.github.reactiverobots.robotstxt;
  exports io.github.reactiverobots.robotstxt.model;
  exports io.github.reactiverobots.robotstxt.page;
  exports io.github.reactiverobots.robotstxt.url;
  exports io.github.reactiverobots.robotstxt.usage;
  exports io.github.reactiverobots.robotstxt.internal.bytes to
      io.github.reactiverobots.core;
  exports io.github.reactiverobots.robotstxt.internal.http to
      io.github.reactiverobots.core,
      io.github.reactiverobots.pacing;
  exports io.github.reactiverobots.robotstxt.internal.rules to
      io.github.reactiverobots.core;
  exports io.github.reactiverobots.robotstxt.internal.url to
      io.github.reactiverobots.core,
      io.github.reactiverobots.pacing;
  exports io.github.reactiverobots.robotstxt.internal.settings to
      io.github.reactiverobots.core,
      io.github.reactiverobots.pacing,
      io.github.reactiverobots.netty,
      io.github.reactiverobots.redis;
  exports io.github.reactiverobots.robotstxt.internal.text to
      io.github.reactiverobots.core,
      io.github.reactiverobots.pacing;
}
