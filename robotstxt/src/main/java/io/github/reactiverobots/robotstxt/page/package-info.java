/**
 * Page-level directives (SEMANTICS.md §9): what a page's own {@code X-Robots-Tag} headers, robots
 * {@code <meta>} tags and {@code Content-Usage} header say about indexing, following, snippets and
 * use, read as Google documents them ({@link RobotsTags}, {@link PageDirectives}), and their
 * combination with the robots.txt answer for one URL and crawler ({@link PagePermissions}). HTML is
 * read with the optional jsoup library; nothing else here needs it.
 *
 * <p>{@code RobotsTags} is stateless, and {@code PageDirectives} and {@code PagePermissions} are
 * immutable; all are thread-safe.
 */
package io.github.reactiverobots.robotstxt.page;
