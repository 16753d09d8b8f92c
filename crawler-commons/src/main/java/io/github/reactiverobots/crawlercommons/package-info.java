/**
 * reactive-robots for crawler-commons users (Nutch, StormCrawler and the like): {@link
 * io.github.reactiverobots.crawlercommons.ReactiveRobotsParser} is a {@code BaseRobotsParser} over
 * this library's parser, answering {@link
 * io.github.reactiverobots.crawlercommons.ReactiveRobotRules} (a {@code BaseRobotRules}); {@link
 * io.github.reactiverobots.crawlercommons.RobotNames} reads a crawler's several names as one
 * identity; {@link io.github.reactiverobots.crawlercommons.BlockingRobotsCache} is a {@code
 * RobotsCache}'s blocking face for thread-per-fetch crawlers.
 *
 * <p>The parser is immutable and thread-safe, the rules thread-safe for reading, {@code RobotNames}
 * stateless. {@code BlockingRobotsCache} is thread-safe, waits at most the deadline it is given,
 * and refuses to run on a Reactor or Netty event-loop thread.
 */
package io.github.reactiverobots.crawlercommons;
