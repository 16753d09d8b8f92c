package io.github.reactiverobots.robotstxt.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A state is held compactly (instants as epoch nanoseconds, outcome, failure and flag packed):
 * every setting reads back as built, for every outcome and failure kind and for instants at and
 * beyond the range of a long of nanoseconds.
 */
class OriginStateTest {
  private static final List<Instant> INSTANTS =
      List.of(
          Instant.EPOCH,
          Instant.parse("2026-11-28T01:02:03.123456789Z"),
          Instant.ofEpochSecond(-1, 1),
          Instant.ofEpochSecond(Long.MAX_VALUE / 1_000_000_000L - 1, 999_999_999),
          Instant.ofEpochSecond(Long.MIN_VALUE / 1_000_000_000L + 1),
          Instant.ofEpochSecond(Long.MAX_VALUE / 1_000_000_000L, 854_775_807),
          Instant.ofEpochSecond(Long.MAX_VALUE / 1_000_000_000L + 1),
          Instant.parse("2262-04-11T23:47:16.854775808Z"),
          Instant.MAX,
          Instant.MIN);

  @Test
  void everySettingReadsBackAsBuilt() {
    List<FailureKind> failures = new ArrayList<>(List.of(FailureKind.values()));
    failures.add(null);
    int built = 0;
    for (FetchOutcome outcome : FetchOutcome.values()) {
      for (FailureKind failure : failures) {
        for (boolean stale : new boolean[] {false, true}) {
          for (Instant fetched : INSTANTS) {
            Instant expires = INSTANTS.get((built + 3) % INSTANTS.size());
            int status = failure == null ? 200 + built % 400 : 0;
            OriginState s = state(outcome, status, failure, fetched, expires, stale);
            assertThat(s.outcome()).isEqualTo(outcome);
            assertThat(s.failure()).isEqualTo(failure);
            assertThat(s.status()).isEqualTo(status);
            assertThat(s.staleCopy()).isEqualTo(stale);
            assertThat(s.fetchedAt()).isEqualTo(fetched);
            assertThat(s.expiresAt()).isEqualTo(expires);
            assertThat(s.toBuilder().build()).isEqualTo(s).hasSameHashCodeAs(s);
            assertThat(s.asStaleCopy().staleCopy()).isTrue();
            assertThat(s.asStaleCopy().fetchedAt()).isEqualTo(fetched);
            built++;
          }
        }
      }
    }
    assertThat(built).isEqualTo(FetchOutcome.values().length * failures.size() * 2 * 10);
  }

  @Test
  void statesThatDifferInAnySettingDiffer() {
    Instant fetched = INSTANTS.get(1);
    OriginState base =
        state(FetchOutcome.NOT_MODIFIED, 304, null, fetched, fetched.plusSeconds(60), false);
    assertThat(base.toBuilder().build()).isEqualTo(base);
    assertThat(base.toBuilder().status(404).build()).isNotEqualTo(base);
    assertThat(base.toBuilder().outcome(FetchOutcome.PRELOADED).build()).isNotEqualTo(base);
    assertThat(base.toBuilder().staleCopy(true).build()).isNotEqualTo(base);
    assertThat(base.toBuilder().fetchedAt(fetched.plusNanos(1)).build()).isNotEqualTo(base);
    assertThat(base.toBuilder().expiresAt(Instant.MAX).build()).isNotEqualTo(base);
    assertThat(base.toBuilder().status(0).failure(FailureKind.DNS).build()).isNotEqualTo(base);
  }

  @Test
  void aStatusAndAFailureTogetherAreRefused() {
    assertThatThrownBy(
            () ->
                state(
                    FetchOutcome.UNREACHABLE,
                    503,
                    FailureKind.TIMEOUT,
                    Instant.EPOCH,
                    Instant.EPOCH,
                    false))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static OriginState state(
      FetchOutcome outcome,
      int status,
      FailureKind failure,
      Instant fetched,
      Instant expires,
      boolean stale) {
    return OriginState.builder()
        .outcome(outcome)
        .status(status)
        .failure(failure)
        .fetchedAt(fetched)
        .expiresAt(expires)
        .staleCopy(stale)
        .build();
  }
}
