package io.github.reactiverobots.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.github.reactiverobots.robotstxt.model.FetchOutcome;
import io.github.reactiverobots.robotstxt.model.Reason;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link TagValues}: each combination's tag values read back from its index, for every one. */
class TagValuesTest {
  private static final int[] STATUSES = {200, 304, 404, 503, 0};

  @Test
  void everyFetchIndexReadsBackItsOutcomeStatusClassAndFailureKind() {
    Set<Integer> seen = new HashSet<>();
    FailureKind[] kinds = FailureKind.values();
    for (FetchOutcome outcome : FetchOutcome.values()) {
      for (int s = 0; s < STATUSES.length; s++) {
        for (int k = 0; k <= kinds.length; k++) {
          FailureKind failure = k < kinds.length ? kinds[k] : null;
          int i = TagValues.fetchIndex(outcome, STATUSES[s], failure);

          assertThat(TagValues.fetchOutcome(i)).isEqualTo(outcome.name().toLowerCase(Locale.ROOT));
          assertThat(TagValues.fetchStatusClass(i)).isEqualTo(TagValues.STATUS_CLASSES[s]);
          assertThat(TagValues.fetchFailureKind(i))
              .isEqualTo(failure == null ? "none" : failure.name().toLowerCase(Locale.ROOT));
          assertThat(i).isBetween(0, TagValues.fetchCombinations() - 1);
          seen.add(i);
        }
      }
    }
    assertThat(seen).hasSize(TagValues.fetchCombinations());
  }

  @Test
  void everyVerdictIndexReadsBackItsDecisionAndReason() {
    Set<Integer> seen = new HashSet<>();
    for (boolean allowed : new boolean[] {false, true}) {
      for (Reason reason : Reason.values()) {
        int i = TagValues.verdictIndex(allowed, reason);

        assertThat(TagValues.verdictDecision(i)).isEqualTo(allowed ? "allow" : "disallow");
        assertThat(TagValues.verdictReason(i)).isEqualTo(reason.name().toLowerCase(Locale.ROOT));
        assertThat(i).isBetween(0, TagValues.verdictCombinations() - 1);
        seen.add(i);
      }
    }
    assertThat(seen).hasSize(TagValues.verdictCombinations());
  }
}
