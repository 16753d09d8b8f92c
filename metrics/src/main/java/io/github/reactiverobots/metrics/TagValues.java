package io.github.reactiverobots.metrics;

import io.github.reactiverobots.core.event.RobotsCacheListener.EvictionCause;
import io.github.reactiverobots.core.event.RobotsCacheListener.Lookup;
import io.github.reactiverobots.core.event.RobotsCacheListener.StoreEvent;
import io.github.reactiverobots.pacing.PacerListener.Capped;
import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Reason;
import io.github.reactiverobots.robotstxt.usage.Preference;
import io.github.reactiverobots.robotstxt.usage.UsageAnswer;
import io.github.reactiverobots.robotstxt.usage.UsageSource;
import java.util.Arrays;
import java.util.Locale;

/**
 * The bounded sets of tag values this module publishes, computed once so that recording an event
 * never builds a string. Every value comes from an enum or a fixed table, never from an origin, URL
 * or agent.
 */
final class TagValues {
  /** {@code status_class} values; the index comes from {@link #statusClassIndex(int)}. */
  static final String[] STATUS_CLASSES = {"2xx", "3xx", "4xx", "5xx", "none"};

  static final int STATUS_CLASS_COUNT = STATUS_CLASSES.length;

  static final String[] LOOKUPS = lowerCaseNames(Lookup.values());
  static final String[] EVICTION_CAUSES = lowerCaseNames(EvictionCause.values());
  static final String[] STORE_EVENTS = lowerCaseNames(StoreEvent.values());
  static final String[] OUTCOMES = lowerCaseNames(FetchOutcome.values());
  static final String[] REASONS = lowerCaseNames(Reason.values());
  static final String[] DECISIONS = {"disallow", "allow"};
  static final String[] CAPPED = lowerCaseNames(Capped.values());

  /** {@code use} values of a usage answer, in {@link UsageAnswer.Use} order. */
  static final String[] USES =
      Arrays.stream(UsageAnswer.Use.values()).map(UsageAnswer.Use::label).toArray(String[]::new);

  /** {@code answer} values of a usage answer, in {@link Preference} order. */
  static final String[] ANSWERS = {"allowed", "reserved", "unknown"};

  static final String[] SOURCES = lowerCaseNames(UsageSource.values());

  /** {@code failure_kind} values: a {@link FailureKind}, lower case, then {@code none}. */
  static final String[] FAILURE_KINDS = withNone(lowerCaseNames(FailureKind.values()));

  private TagValues() {}

  /**
   * Index into {@link #STATUS_CLASSES}: a final HTTP status (200 to 599) maps to its class, and
   * anything else (0 for "no response", or an out-of-range code) maps to {@code none}.
   */
  static int statusClassIndex(int status) {
    if (status >= 200 && status <= 599) {
      return status / 100 - 2;
    }
    return STATUS_CLASS_COUNT - 1;
  }

  /** Index of a verdict's (decision, reason) pair in a flat array of {@code 2 * REASONS.length}. */
  static int verdictIndex(boolean allowed, Reason reason) {
    return (allowed ? REASONS.length : 0) + reason.ordinal();
  }

  /** The number of distinct {@link #verdictIndex} values. */
  static int verdictCombinations() {
    return DECISIONS.length * REASONS.length;
  }

  /** The {@code decision} value of the pair at {@link #verdictIndex} {@code i}. */
  static String verdictDecision(int i) {
    return DECISIONS[i / REASONS.length];
  }

  /** The {@code reason} value of the pair at {@link #verdictIndex} {@code i}. */
  static String verdictReason(int i) {
    return REASONS[i % REASONS.length];
  }

  /** Index of a usage decision's (use, answer, source) triple in a flat array. */
  static int usageIndex(UsageAnswer.Decision d) {
    return (d.use().ordinal() * ANSWERS.length + d.preference().ordinal()) * SOURCES.length
        + d.source().ordinal();
  }

  /** The number of distinct {@link #usageIndex} values. */
  static int usageCombinations() {
    return USES.length * ANSWERS.length * SOURCES.length;
  }

  /**
   * The {@code use} value ({@code tdm}, {@code train-ai}, ...) at {@link #usageIndex} {@code i}.
   */
  static String usageUse(int i) {
    return USES[i / (ANSWERS.length * SOURCES.length)];
  }

  /** The {@code answer} value ({@code allowed}, {@code reserved}, {@code unknown}) at {@code i}. */
  static String usageAnswer(int i) {
    return ANSWERS[i / SOURCES.length % ANSWERS.length];
  }

  /**
   * The {@code source} value (a {@link UsageSource}, lower case) at {@link #usageIndex} {@code i}.
   */
  static String usageSource(int i) {
    return SOURCES[i % SOURCES.length];
  }

  /** Index of a fetch's (outcome, status class, failure kind) triple in a flat array. */
  static int fetchIndex(FetchOutcome outcome, int status, FailureKind failure) {
    return (outcome.ordinal() * STATUS_CLASS_COUNT + statusClassIndex(status))
            * FAILURE_KINDS.length
        + failureIndex(failure);
  }

  /** The number of distinct {@link #fetchIndex} values. */
  static int fetchCombinations() {
    return OUTCOMES.length * STATUS_CLASS_COUNT * FAILURE_KINDS.length;
  }

  /** The {@code outcome} value of the triple at {@link #fetchIndex} {@code i}. */
  static String fetchOutcome(int i) {
    return OUTCOMES[i / FAILURE_KINDS.length / STATUS_CLASS_COUNT];
  }

  /** The {@code status_class} value of the triple at {@link #fetchIndex} {@code i}. */
  static String fetchStatusClass(int i) {
    return STATUS_CLASSES[i / FAILURE_KINDS.length % STATUS_CLASS_COUNT];
  }

  /** The {@code failure_kind} value of the triple at {@link #fetchIndex} {@code i}. */
  static String fetchFailureKind(int i) {
    return FAILURE_KINDS[i % FAILURE_KINDS.length];
  }

  /** Index into {@link #FAILURE_KINDS}: the kind's, or {@code none}'s for null. */
  static int failureIndex(FailureKind failure) {
    return failure == null ? FAILURE_KINDS.length - 1 : failure.ordinal();
  }

  private static String[] withNone(String[] names) {
    String[] all = Arrays.copyOf(names, names.length + 1);
    all[names.length] = "none";
    return all;
  }

  private static String[] lowerCaseNames(Enum<?>[] constants) {
    String[] names = new String[constants.length];
    for (Enum<?> c : constants) {
      names[c.ordinal()] = c.name().toLowerCase(Locale.ROOT);
    }
    return names;
  }
}
