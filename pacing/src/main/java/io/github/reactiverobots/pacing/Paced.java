package io.github.reactiverobots.pacing;

import io.github.reactiverobots.robotstxt.model.Verdict;
import io.github.reactiverobots.robotstxt.url.InvalidUrlException;
import io.github.reactiverobots.robotstxt.url.Origin;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import reactor.core.Disposable;

/**
 * One item a {@link Pacer} is done with: {@linkplain Kind#RELEASED released} (its origin may be
 * contacted now), {@linkplain Kind#DISALLOWED disallowed} by robots.txt (reported, never released),
 * {@linkplain Kind#INVALID_URL refused} because its URL is not a usable absolute http(s) URL, or
 * {@linkplain Kind#DEFERRED handed back} because its origin's queue was full (the caller offers it
 * again later).
 *
 * <p>A released item holds one of its origin's in-flight slots until the crawler reports how its
 * fetch ended, with {@link #complete(int, String)} (a response) or {@link #fail()} (none): a 429 or
 * 503 slows the origin down, as its {@code Retry-After} says, and any other status restores the
 * pace. An item not reported within the pacer's lease gives its slot back by itself, without
 * changing the pace.
 *
 * <p>Immutable apart from that one report; thread-safe: the report may come from any thread.
 *
 * @param <T> the type of the work item
 */
public final class Paced<T> {
  /** What the pacer did with an item. */
  public enum Kind {
    /** The origin may be contacted now; report the fetch's outcome. */
    RELEASED,
    /** robots.txt disallows the URL (its rules, or a blanket disallow); not released. */
    DISALLOWED,
    /** The URL is not a usable absolute http(s) URL; not released. */
    INVALID_URL,
    /**
     * The item's origin already held {@link PacerBuilder#perOriginQueue} items, so the pacer handed
     * it back at once instead of holding up the source: not checked, not released. Offer it again
     * later (a frontier re-queues it); see {@link PacerBuilder#deferWhenFull}.
     */
    DEFERRED
  }

  /** Where a released item's report goes. */
  interface Reporter {
    void report(Paced<?> paced, int status, String retryAfter);
  }

  private final Kind kind;
  private final T item;
  private final String url;
  private final Origin origin;
  private final Verdict verdict;
  private final InvalidUrlException error;
  private final long waitedNanos;
  private final long intervalNanos;
  private final boolean capped;
  private final Reporter reporter;
  private final AtomicBoolean reported = new AtomicBoolean();

  /** The lease timer of a released item; written and read only by its pacing run. */
  Disposable lease;

  /** The holder of its shared-spacing slot, or null; written before it is emitted. */
  String holder;

  private Paced(
      Kind kind,
      T item,
      String url,
      Origin origin,
      Verdict verdict,
      InvalidUrlException error,
      long waitedNanos,
      long intervalNanos,
      boolean capped,
      Reporter reporter) {
    this.kind = kind;
    this.item = item;
    this.url = url;
    this.origin = origin;
    this.verdict = verdict;
    this.error = error;
    this.waitedNanos = waitedNanos;
    this.intervalNanos = intervalNanos;
    this.capped = capped;
    this.reporter = reporter;
  }

  static <T> Paced<T> released(
      T item,
      String url,
      Origin origin,
      Verdict verdict,
      long waitedNanos,
      Spacing spacing,
      Reporter reporter) {
    return new Paced<>(
        Kind.RELEASED,
        item,
        url,
        origin,
        verdict,
        null,
        waitedNanos,
        spacing.intervalNanos(),
        spacing.capped(),
        reporter);
  }

  static <T> Paced<T> disallowed(
      T item, String url, Origin origin, Verdict verdict, long waitedNanos) {
    return new Paced<>(
        Kind.DISALLOWED, item, url, origin, verdict, null, waitedNanos, 0, false, null);
  }

  static <T> Paced<T> invalid(T item, String url, InvalidUrlException error) {
    return new Paced<>(Kind.INVALID_URL, item, url, null, null, error, 0, 0, false, null);
  }

  static <T> Paced<T> deferred(T item, String url, Origin origin) {
    return new Paced<>(Kind.DEFERRED, item, url, origin, null, null, 0, 0, false, null);
  }

  /**
   * What the pacer did with the item.
   *
   * @return the kind
   */
  public Kind kind() {
    return kind;
  }

  /**
   * Whether the item was released: its origin may be contacted now.
   *
   * @return true for {@link Kind#RELEASED}
   */
  public boolean isReleased() {
    return kind == Kind.RELEASED;
  }

  /**
   * The work item, as the source gave it.
   *
   * @return the item
   */
  public T item() {
    return item;
  }

  /**
   * The item's URL, as the pacer's URL function gave it.
   *
   * @return the URL
   */
  public String url() {
    return url;
  }

  /**
   * The URL's origin.
   *
   * @return the origin; empty for {@link Kind#INVALID_URL}
   */
  public Optional<Origin> origin() {
    return Optional.ofNullable(origin);
  }

  /**
   * The robots.txt verdict for the URL, made when the item arrived.
   *
   * @return the verdict (allowed for a released item, with the reason for a disallowed one); empty
   *     for {@link Kind#INVALID_URL} and {@link Kind#DEFERRED} (not checked)
   */
  public Optional<Verdict> verdict() {
    return Optional.ofNullable(verdict);
  }

  /**
   * Why the URL was refused.
   *
   * @return the error naming the input, for {@link Kind#INVALID_URL}; otherwise empty
   */
  public Optional<InvalidUrlException> error() {
    return Optional.ofNullable(error);
  }

  /**
   * How long the item waited in the pacer, from its arrival until it was released or reported.
   *
   * @return the wait, in the pacer's scheduler time; zero for {@link Kind#INVALID_URL} and {@link
   *     Kind#DEFERRED}
   */
  public Duration waited() {
    return Duration.ofNanos(waitedNanos);
  }

  /**
   * The interval the origin's requests are spaced by as this item was released: the longest of the
   * minimum delay, the crawl-delay and {@code 1 / request-rate}, each capped at the maximum delay.
   *
   * @return the interval; zero unless released
   */
  public Duration interval() {
    return Duration.ofNanos(intervalNanos);
  }

  /**
   * Whether the origin's crawl-delay or request-rate asked for more than the maximum delay and was
   * capped to it (also reported to the pacer's listeners).
   *
   * @return true if capped; false unless released
   */
  public boolean capped() {
    return capped;
  }

  /**
   * Reports that the released item's fetch got a response with {@code status}; see {@link
   * #complete(int, String)}.
   *
   * @param status the HTTP status, 100 to 599
   * @return whether this was the item's first report (later ones are ignored)
   * @throws IllegalArgumentException if the status is out of range
   * @throws IllegalStateException if the item was not released
   */
  public boolean complete(int status) {
    return complete(status, null);
  }

  /**
   * Reports that the released item's fetch got a response: a 429 or 503 slows the origin down (for
   * {@code retryAfter} when given, capped at the pacer's maximum backoff; otherwise for a backoff
   * that doubles per consecutive slow-down), and any other status restores the pace. The origin's
   * next release comes at least one interval after this report. Returns at once.
   *
   * @param status the HTTP status, 100 to 599
   * @param retryAfter the response's {@code Retry-After} value (delay-seconds or an HTTP-date,
   *     taken relative to the pacer's clock), or null
   * @return whether this was the item's first report (later ones are ignored)
   * @throws IllegalArgumentException if the status is out of range
   * @throws IllegalStateException if the item was not released
   */
  public boolean complete(int status, String retryAfter) {
    if (status < 100 || status > 599) {
      throw new IllegalArgumentException("HTTP status must be 100 to 599, was " + status);
    }
    return report(status, retryAfter);
  }

  /**
   * Reports that the released item's fetch ended without a response (refused, reset, timed out):
   * the origin slows down as for a 503 without {@code Retry-After}. Returns at once.
   *
   * @return whether this was the item's first report (later ones are ignored)
   * @throws IllegalStateException if the item was not released
   */
  public boolean fail() {
    return report(0, null);
  }

  private boolean report(int status, String retryAfter) {
    if (kind != Kind.RELEASED) {
      throw new IllegalStateException("only a released item is reported, this one is " + kind);
    }
    if (!reported.compareAndSet(false, true)) {
      return false;
    }
    reporter.report(this, status, retryAfter);
    return true;
  }

  /** Takes the report slot for the lease's expiry: true if nothing was reported yet. */
  boolean expire() {
    return reported.compareAndSet(false, true);
  }

  @Override
  public String toString() {
    return "Paced{"
        + kind
        + ", "
        + url
        + (verdict == null ? "" : ", " + verdict)
        + (error == null ? "" : ", " + error.getMessage())
        + '}';
  }
}
