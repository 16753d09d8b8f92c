/**
 * Parsing and matching robots.txt (RFC 9309, or Google's reading of it): start with {@link
 * io.github.reactiverobots.robotstxt.RobotsTxt#parse(byte[],
 * io.github.reactiverobots.robotstxt.ParseOptions)}, which never throws on any body, then ask
 * {@link io.github.reactiverobots.robotstxt.RobotsTxt#forAgent(String)} once per crawler for its
 * {@link io.github.reactiverobots.robotstxt.AgentRules}, which make every verdict the library
 * gives. {@link io.github.reactiverobots.robotstxt.ParseOptions} says how a body is read (the
 * profile, the parse limit, explicit agents, fallback chains); {@link
 * io.github.reactiverobots.robotstxt.Linter} reports what a body holds that is ignored, misread or
 * non-standard, as {@link io.github.reactiverobots.robotstxt.Diagnostic}s; {@link
 * io.github.reactiverobots.robotstxt.RobotsTxt#explain(String, String)} says why a URL gets its
 * verdict ({@link io.github.reactiverobots.robotstxt.Explanation}); {@link
 * io.github.reactiverobots.robotstxt.RobotsTxt#scan} hands the scanner's lines to a {@link
 * io.github.reactiverobots.robotstxt.RobotsParseHandler} of one's own.
 *
 * <p>Thread-safety: a {@code RobotsTxt}, its {@code AgentRules}, {@code ParseOptions}, {@code
 * Explanation} and {@code Diagnostic} are immutable and thread-safe, and nothing here blocks or
 * needs more than the JDK. Builders ({@code Diagnostic.Builder}) are not thread-safe, and a {@code
 * RobotsParseHandler} is used by one scan at a time. The behaviour is specified in SEMANTICS.md
 * §1-§5 and §7.
 */
package io.github.reactiverobots.robotstxt;
