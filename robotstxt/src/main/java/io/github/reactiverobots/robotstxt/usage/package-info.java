/**
 * What robots.txt says about using fetched content (SEMANTICS.md §8): {@link
 * io.github.reactiverobots.robotstxt.usage.Usage} is the answer for one URL and crawler (the crawl
 * verdict, then a {@link io.github.reactiverobots.robotstxt.usage.Preference} per {@link
 * io.github.reactiverobots.robotstxt.usage.UsageCategory} with the {@link
 * io.github.reactiverobots.robotstxt.usage.UsageDecision} and {@code Content-Usage} {@link
 * io.github.reactiverobots.robotstxt.usage.UsageRule} that decided it), and {@link
 * io.github.reactiverobots.robotstxt.usage.ContentSignals} the {@code Content-Signal} records of
 * the crawler's groups. Ask for it with {@code RobotsTxt.usage(url, agent)}, {@code
 * AgentRules.usage(path)} or a cache's {@code usage(url, agent)}. TDMRep ({@link
 * io.github.reactiverobots.robotstxt.usage.TdmRepFile}, {@link
 * io.github.reactiverobots.robotstxt.usage.TdmReservation}) is read beside it, and {@link
 * io.github.reactiverobots.robotstxt.usage.UsageAnswer} combines every source into one answer per
 * use, naming the source that decided it ({@link
 * io.github.reactiverobots.robotstxt.usage.UsageSource}), with the licences that apply.
 *
 * <p>Every type here is an immutable value or an enum, safe to share between threads.
 */
package io.github.reactiverobots.robotstxt.usage;
