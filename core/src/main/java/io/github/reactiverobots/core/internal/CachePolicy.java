package io.github.reactiverobots.core.internal;

import io.github.reactiverobots.core.fetch.FetchResult;
import io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional;
import io.github.reactiverobots.core.internal.Entry.Blanket;
import io.github.reactiverobots.core.internal.Entry.FailureStreak;
import io.github.reactiverobots.core.internal.Entry.GoodCopy;
import io.github.reactiverobots.core.internal.Entry.Lifetime;
import io.github.reactiverobots.core.store.StoredRobots;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.OriginState;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.Objects;

/**
 * SEMANTICS.md §6 as code: turns one fetch result (and the entry held before it) into the next
 * entry. Stateless apart from its settings; thread-safe.
 *
 * <ul>
 *   <li>2xx: the parsed body, kept for the header freshness clamped to [ttlMin, ttlMax], or ttlMax
 *       when the headers say nothing.
 *   <li>304 answering a conditional request: the copy held, with the 304's freshness; a 304 to an
 *       unconditional request, any other final 3xx, any 4xx but 429, and too many redirects or a
 *       loop: allow all, kept ttlMax.
 *   <li>429, 5xx, a status below 200, a 401, 403 or 503 that identifies itself as a bot challenge
 *       (unless set to the plain status rule), and every network failure (a refused address
 *       included): the good copy if it was confirmed less than the stale-copy window ago, else
 *       disallow all, else (when the failures have lasted the whole window and the option is on)
 *       allow all; kept for the backoff: initial, doubling per consecutive failure up to max, or
 *       the {@code Retry-After} delay capped at max.
 * </ul>
 *
 * <p>Once expired, a good copy (fresh or outage) and a disallow-all may still answer while one
 * refresh runs, for the stale-while-revalidate window after expiry, and a copy never once it is
 * older than the stale-copy window; an allow-all (4xx, redirects, given up) never answers expired,
 * since the refetch may disallow. An outage copy's retry time is also cut short at the moment the
 * copy becomes too old.
 *
 * <p>Entries are retained past their freshness so that a good copy can serve an outage for the
 * window after it was last confirmed, and so that a failure streak is remembered for the window
 * after its latest attempt. The streak (its start and length) survives a good copy in use and ends
 * with any answer that is not a failure.
 */
public final class CachePolicy {
  private final ParseOptions parseOptions;

  /**
   * The agent whose matcher is compiled before an entry is weighed, so that the weight holds the
   * matcher its checks use (about a quarter of a parsed file's heap): the crawler identity's token,
   * else the first agent a check names; null until one is known.
   */
  private volatile String weighedAgent;

  /** The crawler identity's token, or null: each good copy selects its rules once. */
  private final String crawler;

  private final long ttlMin;
  private final long ttlMax;
  private final long backoffInitial;
  private final long backoffMax;
  private final long staleCopyWindow;
  private final long staleWhileRevalidate;
  private final boolean allowAllWhenGaveUp;
  private final boolean botChallengesUnreachable;
  private final TimeSource time;
  private final Events events;

  CachePolicy(CacheSettings settings, TimeSource time, Events events) {
    this.parseOptions = settings.parseOptions();
    this.crawler = settings.crawler() == null ? null : settings.crawler().token();
    this.weighedAgent = crawler;
    this.ttlMin = settings.ttlMin().toNanos();
    this.ttlMax = settings.ttlMax().toNanos();
    this.backoffInitial = settings.backoffInitial().toNanos();
    this.backoffMax = settings.backoffMax().toNanos();
    this.staleCopyWindow = settings.staleCopyWindow().toNanos();
    this.staleWhileRevalidate = settings.staleWhileRevalidate().toNanos();
    this.allowAllWhenGaveUp = settings.allowAllWhenUnreachableTooLong();
    this.botChallengesUnreachable = settings.botChallengesUnreachable();
    this.time = Objects.requireNonNull(time, "time");
    this.events = Objects.requireNonNull(events, "events");
  }

  /** Notes the agent of a check: the first one named is weighed when no identity is set. */
  public void agentAsked(String agent) {
    if (weighedAgent == null) {
      weighedAgent = agent;
    }
  }

  /**
   * The entry that follows {@code result}.
   *
   * @param previous the entry held when the fetch started, or null
   * @param sent the validators the request carried
   * @param now ticker nanos when the result arrived
   */
  Entry next(Origin origin, FetchResult result, Entry previous, Conditional sent, long now) {
    if (!result.hasStatus()) {
      FailureKind kind = result.failure();
      if (kind == FailureKind.CRAWLER_FAULT) {
        // Not the origin's outcome: answers this check only (already expired, never stored).
        OriginState state = state(FetchOutcome.CRAWLER_FAULT, 0, kind, now, now, false);
        return Entry.blanket(
            Blanket.DISALLOW_CRAWLER_FAULT,
            state,
            new Lifetime(now, now, now),
            previous != null ? previous.streak() : FailureStreak.NONE);
      }
      if (kind == FailureKind.TOO_MANY_REDIRECTS || kind == FailureKind.REDIRECT_LOOP) {
        return unavailable(FetchOutcome.TOO_MANY_REDIRECTS, 0, kind, now);
      }
      FetchOutcome outcome =
          kind == FailureKind.ADDRESS_REFUSED ? FetchOutcome.REFUSED : FetchOutcome.UNREACHABLE;
      return failure(outcome, result, kind, previous, now);
    }
    int status = result.status();
    if (botChallengesUnreachable
        && result.botChallenge() != null
        && (status == 401 || status == 403 || status == 503)) {
      return failure(FetchOutcome.UNREACHABLE, result, FailureKind.BOT_CHALLENGE, previous, now);
    }
    if (status >= 200 && status < 300) {
      RobotsTxt robots = timedParse(origin, result);
      long ttl = ttl(result, now);
      OriginState state = state(FetchOutcome.OK, status, now, now + ttl, false);
      GoodCopy copy =
          new GoodCopy(
              robots,
              now,
              new Conditional(result.header("ETag"), result.header("Last-Modified")),
              crawler);
      return Entry.withRules(copy, state, copyLifetime(now + ttl, now, now), FailureStreak.NONE);
    }
    if (status == 304 && !sent.isEmpty() && previous != null && previous.robots() != null) {
      long ttl = ttl(result, now);
      OriginState state = state(FetchOutcome.NOT_MODIFIED, status, now, now + ttl, false);
      Conditional held = previous.validators();
      Conditional validators =
          new Conditional(
              result.header("ETag") != null ? result.header("ETag") : held.etag(),
              result.header("Last-Modified") != null
                  ? result.header("Last-Modified")
                  : held.lastModified());
      return Entry.withRules(
          new GoodCopy(previous.robots(), now, validators, crawler),
          state,
          copyLifetime(now + ttl, now, now),
          FailureStreak.NONE);
    }
    if (status == 429 || status >= 500 || status < 200) {
      return failure(FetchOutcome.UNREACHABLE, result, null, previous, now);
    }
    return unavailable(FetchOutcome.UNAVAILABLE, status, null, now);
  }

  /** An entry for a body put into the cache, as if fetched at {@code fetchedAt}. */
  Entry preloaded(Origin origin, byte[] body, long fetchedAt) {
    RobotsTxt robots = timedParse(origin, FetchResult.status(200).bodyOwned(body).build());
    long expiresAt = TimeSource.saturatedAdd(fetchedAt, ttlMax);
    OriginState state = state(FetchOutcome.PRELOADED, 0, fetchedAt, expiresAt, false);
    return Entry.withRules(
        new GoodCopy(robots, fetchedAt, Conditional.NONE, crawler),
        state,
        copyLifetime(expiresAt, fetchedAt, fetchedAt),
        FailureStreak.NONE);
  }

  /**
   * The entry a shared store's value stands for, as {@link #next} built it on the worker that
   * fetched: the body parsed here (never a compiled form from elsewhere), the lifetime from the
   * value's times and this cache's windows. Whoever wrote the value, it is held to this cache's
   * policy (SEMANTICS.md §6, copies restored from a shared store): see {@link RestoredTimes}.
   *
   * @return the entry, or null when the value's outcome and body do not go together
   */
  Entry restored(Origin origin, StoredRobots value) {
    FetchOutcome outcome = value.state().outcome();
    RestoredTimes t =
        RestoredTimes.of(
            value, time, time.nanos(), outcome.isFailure() ? backoffMax : ttlMax, staleCopyWindow);
    long fetchedAt = t.fetchedAt();
    long expiresAt = t.expiresAt();
    FailureStreak streak =
        value.failures() == 0
            ? FailureStreak.NONE
            : new FailureStreak(t.failingSince(), value.failures());
    boolean answered =
        outcome == FetchOutcome.OK
            || outcome == FetchOutcome.NOT_MODIFIED
            || outcome == FetchOutcome.PRELOADED;
    if (value.hasCopy()) {
      if (!answered && !outcome.isFailure()) {
        return null;
      }
      RobotsTxt robots =
          timedParse(origin, FetchResult.status(200).bodyOwned(value.body()).build());
      long confirmedAt = t.confirmedAt();
      OriginState state =
          state(
              outcome,
              value.state().status(),
              value.state().failure(),
              fetchedAt,
              expiresAt,
              outcome.isFailure());
      return Entry.withRules(
          new GoodCopy(robots, confirmedAt, RestoredTimes.validators(value.validators()), crawler),
          state,
          copyLifetime(expiresAt, confirmedAt, fetchedAt),
          streak);
    }
    if (outcome.isFailure()) {
      return failureBlanket(
          outcome,
          value.state().status(),
          value.state().failure(),
          fetchedAt,
          expiresAt,
          streak.failures() > 0 ? streak : new FailureStreak(fetchedAt, 1));
    }
    OriginState state =
        state(
            outcome, value.state().status(), value.state().failure(), fetchedAt, expiresAt, false);
    return Entry.blanket(
        Blanket.ALLOW_UNAVAILABLE,
        state,
        new Lifetime(expiresAt, expiresAt, expiresAt),
        FailureStreak.NONE);
  }

  /**
   * What a shared store keeps of {@code entry}: {@code body} is the body of its good copy (ignored
   * for a blanket entry).
   */
  StoredRobots stored(Entry entry, byte[] body) {
    GoodCopy copy = entry.copy();
    FailureStreak streak = entry.streak();
    OriginState state = entry.state();
    return StoredRobots.builder()
        // The copy's staleness is the reader's to work out again (restored).
        .state(state.staleCopy() ? state.toBuilder().staleCopy(false).build() : state)
        .body(copy == null ? null : body)
        .confirmedAt(copy == null ? null : time.instantAt(copy.confirmedAt()))
        .validators(entry.validators())
        .failingSince(streak.failures() == 0 ? null : time.instantAt(streak.since()))
        .failures(streak.failures())
        .build();
  }

  /** The time to keep a successful response: header freshness clamped, or ttlMax. */
  long ttl(FetchResult result, long now) {
    Duration fresh =
        HttpCacheHeaders.freshness(
            result.header("Cache-Control"),
            result.header("Expires"),
            result.header("Date"),
            result.header("Age"),
            time.instantAt(now));
    if (fresh == null) {
      return ttlMax;
    }
    return Math.max(ttlMin, Math.min(ttlMax, TimeSource.saturatedNanos(fresh)));
  }

  /** The retry delay after the {@code failures}-th consecutive failure. */
  long retryDelay(FetchResult result, int failures, long now) {
    Duration retryAfter =
        HttpCacheHeaders.retryAfter(
            result.header("Retry-After"), result.header("Date"), time.instantAt(now));
    if (retryAfter != null) {
      return Math.min(backoffMax, Math.max(TimeSource.saturatedNanos(retryAfter), 1_000_000_000L));
    }
    int doublings = Math.min(failures - 1, 62);
    long delay = backoffInitial;
    for (int i = 0; i < doublings && delay < backoffMax; i++) {
      delay = delay > Long.MAX_VALUE / 2 ? Long.MAX_VALUE : delay * 2;
    }
    return Math.min(delay, backoffMax);
  }

  /**
   * The lifetime of a good copy confirmed at {@code confirmedAt} and fresh until {@code expiresAt}:
   * once expired it may answer while a refresh runs for the stale-while-revalidate window, but
   * never once it is older than the stale-copy window; it is retained for the stale-copy window
   * after {@code attemptAt}, the latest attempt.
   */
  private Lifetime copyLifetime(long expiresAt, long confirmedAt, long attemptAt) {
    long staleUntil =
        Math.min(
            TimeSource.saturatedAdd(expiresAt, staleWhileRevalidate),
            TimeSource.saturatedAdd(confirmedAt, staleCopyWindow));
    return new Lifetime(expiresAt, staleUntil, TimeSource.saturatedAdd(attemptAt, staleCopyWindow));
  }

  private Entry unavailable(FetchOutcome outcome, int status, FailureKind failure, long now) {
    long expiresAt = now + ttlMax;
    OriginState state = state(outcome, status, failure, now, expiresAt, false);
    return Entry.blanket(
        Blanket.ALLOW_UNAVAILABLE,
        state,
        new Lifetime(expiresAt, expiresAt, expiresAt),
        FailureStreak.NONE);
  }

  /** An unreachable entry; {@code kind} is the failure kept in its state, or null for a status. */
  private Entry failure(
      FetchOutcome outcome, FetchResult result, FailureKind kind, Entry previous, long now) {
    FailureStreak before = previous != null ? previous.streak() : FailureStreak.NONE;
    FailureStreak streak =
        before.failures() > 0
            ? new FailureStreak(before.since(), saturatedIncrement(before.failures()))
            : new FailureStreak(now, 1);
    long expiresAt = now + retryDelay(result, streak.failures(), now);
    int status = kind == null ? result.status() : 0;
    GoodCopy copy = previous != null ? previous.copy() : null;
    if (copy != null && now - copy.confirmedAt() < staleCopyWindow) {
      long until = Math.min(expiresAt, copy.confirmedAt() + staleCopyWindow);
      OriginState state = state(outcome, status, kind, now, until, true);
      return Entry.withRules(copy, state, copyLifetime(until, copy.confirmedAt(), now), streak);
    }
    return failureBlanket(outcome, status, kind, now, expiresAt, streak);
  }

  /** Disallow-all after a failure with no good copy, or allow-all once given up. */
  private Entry failureBlanket(
      FetchOutcome outcome,
      int status,
      FailureKind failure,
      long now,
      long expiresAt,
      FailureStreak streak) {
    boolean gaveUp = allowAllWhenGaveUp && now - streak.since() >= staleCopyWindow;
    OriginState state = state(outcome, status, failure, now, expiresAt, false);
    Lifetime lifetime =
        new Lifetime(
            expiresAt,
            gaveUp ? expiresAt : expiresAt + staleWhileRevalidate,
            now + staleCopyWindow);
    return Entry.blanket(
        gaveUp ? Blanket.ALLOW_GAVE_UP : Blanket.DISALLOW_UNREACHABLE, state, lifetime, streak);
  }

  private RobotsTxt timedParse(Origin origin, FetchResult result) {
    long start = System.nanoTime();
    RobotsTxt robots = RobotsTxt.parse(result.body(), parseOptions);
    String agent = weighedAgent;
    if (agent != null) {
      robots.forAgent(agent);
    }
    events.parsed(origin, result.bodyLength(), System.nanoTime() - start);
    return robots;
  }

  private OriginState state(
      FetchOutcome outcome, int status, long fetchedAt, long expiresAt, boolean staleCopy) {
    return state(outcome, status, null, fetchedAt, expiresAt, staleCopy);
  }

  private OriginState state(
      FetchOutcome outcome,
      int status,
      FailureKind failure,
      long fetchedAt,
      long expiresAt,
      boolean staleCopy) {
    return OriginState.builder()
        .outcome(outcome)
        .status(status)
        .failure(failure)
        .fetchedAt(time.instantAt(fetchedAt))
        .expiresAt(time.instantAt(expiresAt))
        .staleCopy(staleCopy)
        .build();
  }

  private static int saturatedIncrement(int n) {
    return n == Integer.MAX_VALUE ? n : n + 1;
  }
}
