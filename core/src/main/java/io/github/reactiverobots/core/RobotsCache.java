package io.github.reactiverobots.core;

import io.github.reactiverobots.core.event.RobotsCacheListener;
import io.github.reactiverobots.core.fetch.RobotsFetcher;
import io.github.reactiverobots.core.internal.CacheAnswers;
import io.github.reactiverobots.core.internal.CacheParts;
import io.github.reactiverobots.core.internal.CacheSettings;
import io.github.reactiverobots.core.internal.CacheWiring;
import io.github.reactiverobots.core.internal.Entry;
import io.github.reactiverobots.core.internal.IdentityMatch;
import io.github.reactiverobots.robotstxt.model.CrawlerIdentity;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.url.Origin;
import io.github.reactiverobots.robotstxt.usage.TdmReservation;
import io.github.reactiverobots.robotstxt.usage.Usage;
import io.github.reactiverobots.robotstxt.usage.UsageAnswer;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Answers "may this agent fetch this URL" from robots.txt, fetching each origin's robots.txt
 * through a {@link RobotsFetcher}, keeping the compiled rules in memory bounded by weight, and
 * applying SEMANTICS.md §6: the status policy, header-driven freshness, retry backoff, the last
 * good copy through an outage, and conditional stale-while-revalidate refreshes.
 *
 * <p>Its contracts (single flight, nothing blocks, stale-while-revalidate, memory, times, null and
 * invalid arguments, closing) are stated in {@linkplain io.github.reactiverobots.core the package
 * documentation}.
 *
 * <p>Thread-safe: one instance serves any number of threads and subscribers.
 */
public final class RobotsCache implements AutoCloseable {
  private final CacheParts parts;
  private final CacheAnswers answers;
  private final CrawlerIdentity crawler;
  private final int checkAllConcurrency;

  RobotsCache(CacheSettings settings, CacheWiring wiring) {
    this.parts = new CacheParts(settings, wiring);
    this.answers = new CacheAnswers(parts);
    this.crawler = settings.crawler();
    this.checkAllConcurrency = settings.checkAllConcurrency();
  }

  /**
   * A new builder; only the fetcher is required.
   *
   * @return a new builder with the default settings
   */
  public static RobotsCacheBuilder builder() {
    return new RobotsCacheBuilder();
  }

  /**
   * The verdict for {@code url} and the cache's crawler (see {@link
   * RobotsCacheBuilder#crawler(CrawlerIdentity)}); see {@link #check(String, String)}.
   *
   * @param url an absolute http(s) URL
   * @return the verdict, lazily
   * @throws IllegalStateException if the cache has no crawler identity
   */
  public Mono<Verdict> check(String url) {
    return check(url, defaultAgent());
  }

  /**
   * The verdict for {@code url} and {@code agent}, fetching the origin's robots.txt if needed.
   * Lazy: nothing happens before subscription. {@code agent} is the crawler's own product token
   * ({@code MyBot}); under {@code RFC_9309} a string that starts with it ({@code MyBot/1.0})
   * selects the same groups, under {@code GOOGLE} it is matched as given (SEMANTICS.md §2). A
   * crawler that sends a browser-style User-Agent sets its token once with {@link
   * RobotsCacheBuilder#crawler(CrawlerIdentity)} and calls {@link #check(String)}.
   *
   * @param url an absolute http(s) URL
   * @param agent the crawler's product token (see {@link CrawlerIdentity#requireCrawlerToken})
   * @return the verdict, lazily; an {@link InvalidUrlException} for an invalid URL (an agent passed
   *     first, the arguments swapped, is one)
   * @throws IllegalArgumentException at once if {@code agent}'s product token is empty ({@code ""},
   *     {@code *}, {@code 008bot}) or {@code Mozilla}
   */
  public Mono<Verdict> check(String url, String agent) {
    Objects.requireNonNull(url, "url");
    return answers.check(url, agentToken(agent));
  }

  /**
   * How the cache's crawler may use what it fetches at {@code url}; see {@link #usage(String,
   * String)}.
   *
   * @param url an absolute http(s) URL
   * @return the answer, lazily
   * @throws IllegalStateException if the cache has no crawler identity
   */
  public Mono<Usage> usage(String url) {
    return usage(url, defaultAgent());
  }

  /**
   * How {@code agent} may use what it fetches at {@code url} (SEMANTICS.md §8): the verdict {@link
   * #check(String, String)} gives, with the origin's {@code Content-Usage} preferences for the URL
   * and the {@code Content-Signal} records of the agent's groups. Checks never pay for this: the
   * usage rules are compiled the first time usage is asked for. Lazy.
   *
   * @param url an absolute http(s) URL
   * @param agent the crawler's product token (see {@link CrawlerIdentity#requireCrawlerToken})
   * @return the answer, lazily; an {@link InvalidUrlException} for an invalid URL
   * @throws IllegalArgumentException at once if {@code agent}'s product token is empty or {@code
   *     Mozilla}
   */
  public Mono<Usage> usage(String url, String agent) {
    Objects.requireNonNull(url, "url");
    return answers.usage(url, agentToken(agent));
  }

  /**
   * Whether the cache's crawler may fetch {@code url}; see {@link #check(String)}.
   *
   * @param url an absolute http(s) URL
   * @return whether it is allowed, lazily
   * @throws IllegalStateException if the cache has no crawler identity
   */
  public Mono<Boolean> allowed(String url) {
    return check(url).map(Verdict::allowed);
  }

  /**
   * Whether {@code agent} may fetch {@code url}; see {@link #check(String, String)}.
   *
   * @param url an absolute http(s) URL
   * @param agent the crawler's product token (see {@link CrawlerIdentity#requireCrawlerToken})
   * @return whether it is allowed, lazily
   * @throws IllegalArgumentException at once if {@code agent}'s product token is empty or {@code
   *     Mozilla}
   */
  public Mono<Boolean> allowed(String url, String agent) {
    return check(url, agent).map(Verdict::allowed);
  }

  /**
   * The results for {@code urls} and the cache's crawler; see {@link #checkAll(Publisher, String)}.
   *
   * @param urls absolute http(s) URLs
   * @return one result per input, in input order
   * @throws IllegalStateException if the cache has no crawler identity
   */
  public Flux<CheckResult> checkAll(Publisher<String> urls) {
    return checkAll(urls, defaultAgent());
  }

  /**
   * One result per URL of {@code urls}, in input order, each carrying its input URL and either its
   * verdict or the error that kept it from having one (an {@link InvalidUrlException}, say): one
   * bad input never ends the Flux. Up to the builder's {@code checkAllConcurrency} checks run at
   * once: at most that many URLs are requested from the source ahead of the results the subscriber
   * has requested. The Flux itself signals only an error of the source or a closed cache ({@link
   * IllegalStateException}, also when the cache is closed while the Flux runs). An agent named by a
   * URL ({@code https://crawler.example/}) is a crawler like any other.
   *
   * @param urls absolute http(s) URLs
   * @param agent the crawler's product token (see {@link CrawlerIdentity#requireCrawlerToken})
   * @return one result per input, in input order (see {@link #checkAllUnordered} for what that
   *     order costs)
   * @throws IllegalArgumentException at once if {@code agent}'s product token is empty or {@code
   *     Mozilla}
   */
  public Flux<CheckResult> checkAll(Publisher<String> urls, String agent) {
    return checkMany(urls, agent, true);
  }

  /**
   * The results for {@code urls} and the cache's crawler as they are ready; see {@link
   * #checkAllUnordered(Publisher, String)}.
   *
   * @param urls absolute http(s) URLs
   * @return one result per input, each as soon as it is ready
   * @throws IllegalStateException if the cache has no crawler identity
   */
  public Flux<CheckResult> checkAllUnordered(Publisher<String> urls) {
    return checkAllUnordered(urls, defaultAgent());
  }

  /**
   * As {@link #checkAll(Publisher, String)}, but each result is emitted as soon as its check is
   * done, each carrying its input URL: a slow origin (a robots.txt that takes seconds) holds back
   * only its own URLs. The ordered form holds every result behind the slowest one before it: one
   * origin taking 10 s delays the next {@code checkAllConcurrency} results by 10 s, and stops the
   * source from being read meanwhile. In a crawl loop, where each result is matched to its URL
   * anyway, use this form; use {@link #checkAll} when the results must line up with the inputs.
   *
   * @param urls absolute http(s) URLs
   * @param agent the crawler's product token (see {@link CrawlerIdentity#requireCrawlerToken})
   * @return one result per input, each as soon as it is ready
   * @throws IllegalArgumentException at once if {@code agent}'s product token is empty or {@code
   *     Mozilla}
   */
  public Flux<CheckResult> checkAllUnordered(Publisher<String> urls, String agent) {
    return checkMany(urls, agent, false);
  }

  private Flux<CheckResult> checkMany(Publisher<String> urls, String agent, boolean ordered) {
    Objects.requireNonNull(urls, "urls");
    String token = agentToken(agent);
    return BatchChecks.checkMany(
        urls, token, checkAllConcurrency, ordered, answers::check, parts::closed);
  }

  /**
   * The verdict for the cache's crawler from what is cached now; see {@link #checkIfCached(String,
   * String)}.
   *
   * @param url an absolute http(s) URL
   * @return the verdict, or empty when nothing usable is cached
   * @throws IllegalStateException if the cache has no crawler identity, or is closed
   */
  public Optional<Verdict> checkIfCached(String url) {
    return checkIfCached(url, defaultAgent());
  }

  /**
   * The verdict from what is cached now, synchronously: present when the origin has a fresh entry,
   * or an expired one that may still answer while refreshing; empty otherwise. Never starts or
   * waits for a fetch (not even a refresh), so it suits hot loops that fall back to {@link #check}
   * on a miss.
   *
   * @param url an absolute http(s) URL
   * @param agent the crawler's product token (see {@link CrawlerIdentity#requireCrawlerToken})
   * @return the verdict, or empty when nothing usable is cached
   * @throws InvalidUrlException if {@code url} is invalid
   * @throws IllegalStateException if the cache is closed
   * @throws IllegalArgumentException if {@code agent}'s product token is empty or {@code Mozilla}
   */
  public Optional<Verdict> checkIfCached(String url, String agent) {
    Objects.requireNonNull(url, "url");
    return answers.checkIfCached(url, agentToken(agent));
  }

  /**
   * The rules held for the origin of {@code urlOrOrigin} (a URL or a bare origin such as {@code
   * https://example.com}), fetching if needed, with the same freshness rules as {@link #check}.
   * Lazy: nothing happens before subscription.
   *
   * @param urlOrOrigin an absolute http(s) URL or origin
   * @return a snapshot of the rules, lazily; an {@link InvalidUrlException} for an invalid input,
   *     an {@link IllegalStateException} once the cache is closed
   */
  public Mono<RobotsRules> rules(String urlOrOrigin) {
    Objects.requireNonNull(urlOrOrigin, "urlOrOrigin");
    Origin origin;
    try {
      origin = Origin.of(urlOrOrigin);
    } catch (InvalidUrlException e) {
      return Mono.error(e);
    }
    return answers.entry(origin).map(entry -> rulesOf(origin, entry));
  }

  /**
   * What TDMRep's {@code /.well-known/tdmrep.json} of {@code url}'s origin says of it (SEMANTICS.md
   * §8): fetched only when asked here, never for a check, one fetch per origin at a time, kept for
   * a day (5 minutes after a failure). Merge it with the page's own statement with {@code
   * TdmReservation.merge}. Lazy.
   *
   * @param url an absolute http(s) URL
   * @return the reservation, unknown when the file is absent, unreadable or says nothing of {@code
   *     url}; an {@link InvalidUrlException} for an invalid URL, an {@link IllegalStateException}
   *     once the cache is closed
   */
  public Mono<TdmReservation> tdmReservation(String url) {
    return answers.tdm(url);
  }

  /**
   * The one usage answer for {@code url} and {@code agent} (SEMANTICS.md §8, how the sources
   * combine): per use allowed, reserved or unknown with its deciding source, from the {@link
   * #usage(String, String)} answer, the robots.txt licences and, for a URL robots.txt allows, the
   * origin's {@code tdmrep.json} ({@link #tdmReservation(String)}). The page is never fetched: add
   * its statements with {@code PageRights.answer}. Lazy.
   *
   * @param url an absolute http(s) URL
   * @param agent the crawler's product token (see {@link CrawlerIdentity#requireCrawlerToken})
   * @return the answer, lazily; an {@link InvalidUrlException} for an invalid URL
   * @throws IllegalArgumentException at once if {@code agent}'s product token is empty or {@code
   *     Mozilla}
   */
  public Mono<UsageAnswer> usageAnswer(String url, String agent) {
    Objects.requireNonNull(url, "url");
    return answers.usageAnswer(url, agentToken(agent));
  }

  /**
   * Drops the entry for {@code origin}; the next check fetches. A fetch in flight goes on and
   * stores its result.
   *
   * @param origin the origin
   * @throws IllegalStateException if the cache is closed
   */
  public void invalidate(Origin origin) {
    parts.invalidate(Objects.requireNonNull(origin, "origin"));
  }

  /**
   * Drops the entry for the origin of {@code urlOrOrigin}; see {@link #invalidate(Origin)}.
   *
   * @param urlOrOrigin an absolute http(s) URL or origin
   * @throws InvalidUrlException if the input is invalid
   * @throws IllegalStateException if the cache is closed
   */
  public void invalidate(String urlOrOrigin) {
    invalidate(Origin.of(Objects.requireNonNull(urlOrOrigin, "urlOrOrigin")));
  }

  /**
   * Preloads {@code body} as {@code origin}'s robots.txt, fetched now (outcome {@link
   * FetchOutcome#PRELOADED}, kept for the maximum TTL); see {@link #put(Origin, byte[], Instant)}.
   *
   * @param origin the origin
   * @param body the robots.txt body; copied
   * @throws IllegalStateException if the cache is closed
   */
  public void put(Origin origin, byte[] body) {
    put(origin, body, parts.time.instantAt(parts.time.nanos()));
  }

  /**
   * Preloads {@code body} as the robots.txt of the origin of {@code urlOrOrigin}; see {@link
   * #put(Origin, byte[])}.
   *
   * @param urlOrOrigin an absolute http(s) URL or origin
   * @param body the robots.txt body; copied
   * @throws InvalidUrlException if the input is invalid
   * @throws IllegalStateException if the cache is closed
   */
  public void put(String urlOrOrigin, byte[] body) {
    put(Origin.of(Objects.requireNonNull(urlOrOrigin, "urlOrOrigin")), body);
  }

  /**
   * Preloads {@code body} as {@code origin}'s robots.txt as fetched at {@code fetchedAt} (from a
   * crawl database, say): fresh for the maximum TTL after that, usable as an outage copy for the
   * stale-copy window after that; a {@code fetchedAt} in the future reads as now, as a copy from
   * the shared store does (SEMANTICS.md §6). Replaces what is held; a fetch in flight for the
   * origin still stores its result when it completes. Parses on the calling thread.
   *
   * @param origin the origin
   * @param body the robots.txt body; copied
   * @param fetchedAt when the body was fetched
   * @throws IllegalStateException if the cache is closed
   */
  public void put(Origin origin, byte[] body, Instant fetchedAt) {
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(fetchedAt, "fetchedAt");
    parts.put(origin, body, fetchedAt);
  }

  /**
   * Adds a listener; it receives events from now on.
   *
   * @param listener the listener
   * @throws IllegalStateException if the cache is closed
   */
  public void addListener(RobotsCacheListener listener) {
    parts.addListener(Objects.requireNonNull(listener, "listener"));
  }

  /**
   * A snapshot of the cache's size and fetch activity; cheap and non-blocking. After {@link
   * #close()}: the empty cache and no fetch active or queued.
   *
   * @return the current figures
   */
  public CacheStats stats() {
    long[] s = parts.stats();
    return new CacheStats(s[0], s[1], (int) s[2], (int) s[3]);
  }

  /**
   * Closes the cache: fetches in flight are cancelled and their waiters receive {@link
   * IllegalStateException}; entries are dropped; the fetcher is closed too when the cache owns it
   * (see {@link RobotsCacheBuilder#closeFetcherOnClose(boolean)}), which ends its connections.
   * Idempotent and thread-safe: the first call closes, later and concurrent ones return at once.
   *
   * @throws IllegalStateException if closing the owned fetcher failed (the cache is closed)
   */
  @Override
  public void close() {
    try {
      parts.close();
    } finally {
      answers.clear();
    }
  }

  private RobotsRules rulesOf(Origin origin, Entry entry) {
    return new RobotsRules(origin, entry.stateAt(parts.time.nanos()), entry, crawler);
  }

  private String agentToken(String agent) {
    return IdentityMatch.agentToken(crawler, agent);
  }

  private String defaultAgent() {
    return IdentityMatch.defaultAgent(crawler);
  }

  /**
   * The crawler's identity set on the builder.
   *
   * @return the identity, or empty when every check names its agent
   */
  public Optional<CrawlerIdentity> crawler() {
    return Optional.ofNullable(crawler);
  }
}
