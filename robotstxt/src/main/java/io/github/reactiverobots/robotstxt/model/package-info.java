/**
 * The values a verdict is made of and reports: {@link
 * io.github.reactiverobots.robotstxt.model.Verdict} (allowed or not, its {@link
 * io.github.reactiverobots.robotstxt.model.Reason}, the deciding {@link
 * io.github.reactiverobots.robotstxt.model.Rule}, the crawl-delay, the origin's state), {@link
 * io.github.reactiverobots.robotstxt.model.Pacing} (a group's crawl-delay, request-rate and
 * visit-time), {@link io.github.reactiverobots.robotstxt.model.Profile} (which reading of
 * robots.txt applies, SEMANTICS.md §7), {@link
 * io.github.reactiverobots.robotstxt.model.CrawlerIdentity} (a crawler's token, User-Agent and
 * fallback chain), and how an origin's robots.txt was obtained: {@link
 * io.github.reactiverobots.robotstxt.model.OriginState}, {@link
 * io.github.reactiverobots.robotstxt.model.FetchOutcome} and {@link
 * io.github.reactiverobots.robotstxt.model.FailureKind} (SEMANTICS.md §6), which a cache attaches
 * to its verdicts.
 *
 * <p>Every type here is an immutable value or an enum, safe to share between threads; the one
 * builder ({@code OriginState.Builder}) is not thread-safe.
 */
package io.github.reactiverobots.robotstxt.model;
