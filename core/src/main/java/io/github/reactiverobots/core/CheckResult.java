package io.github.reactiverobots.core;

import io.github.reactiverobots.robotstxt.internal.text.Printable;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.util.Objects;
import java.util.Optional;

/**
 * The answer for one input of a batch of checks: the input URL as given, and either its verdict or
 * the error that kept it from having one (an invalid URL, a closed cache). Lets a caller line the
 * answers up with the inputs, and keeps one bad input from ending the batch. Immutable and
 * thread-safe.
 */
public final class CheckResult {
  private final String url;
  private final Verdict verdict;
  private final Throwable error;

  private CheckResult(String url, Verdict verdict, Throwable error) {
    this.url = Objects.requireNonNull(url, "url");
    this.verdict = verdict;
    this.error = error;
  }

  /**
   * The verdict for {@code url}.
   *
   * @param url the input URL as given
   * @param verdict its verdict
   * @return the result
   */
  public static CheckResult of(String url, Verdict verdict) {
    return new CheckResult(url, Objects.requireNonNull(verdict, "verdict"), null);
  }

  /**
   * The error that kept {@code url} from having a verdict.
   *
   * @param url the input URL as given
   * @param error why it has no verdict
   * @return the result
   */
  public static CheckResult failed(String url, Throwable error) {
    return new CheckResult(url, null, Objects.requireNonNull(error, "error"));
  }

  /**
   * The input URL, exactly as given.
   *
   * @return the URL
   */
  public String url() {
    return url;
  }

  /**
   * Whether the input has a verdict.
   *
   * @return true for a verdict, false for an error
   */
  public boolean hasVerdict() {
    return verdict != null;
  }

  /**
   * The verdict.
   *
   * @return the verdict; empty when the input has an error instead
   */
  public Optional<Verdict> verdict() {
    return Optional.ofNullable(verdict);
  }

  /**
   * The error that kept the input from having a verdict.
   *
   * @return the error; empty when the input has a verdict
   */
  public Optional<Throwable> error() {
    return Optional.ofNullable(error);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CheckResult r
        && url.equals(r.url)
        && Objects.equals(verdict, r.verdict)
        && Objects.equals(error, r.error);
  }

  @Override
  public int hashCode() {
    return Objects.hash(url, verdict, error);
  }

  @Override
  public String toString() {
    return Printable.escape(url) + " -> " + (verdict != null ? verdict : "ERROR " + error);
  }
}
