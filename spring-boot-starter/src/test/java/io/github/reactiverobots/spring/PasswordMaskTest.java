package io.github.reactiverobots.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisConnectionException;
import org.junit.jupiter.api.Test;

/**
 * Every form of password Lettuce reads from a Redis URI is masked wherever the starter prints the
 * URI or an error that quotes it (issue 27: {@code redis://secret@host} was printed whole, and
 * {@code redis://user:p@ss@host} became {@code user:******@ss@host}).
 */
class PasswordMaskTest {
  private static void assertMasked(String uri, String expected, String password) {
    String masked = Builders.withoutPassword(uri);
    assertThat(masked).isEqualTo(expected).doesNotContain(password);
  }

  @Test
  void userAndPassword() {
    assertMasked(
        "redis://user:secret@127.0.0.1:6379/0", "redis://user:******@127.0.0.1:6379/0", "secret");
  }

  @Test
  void passwordAfterAnEmptyUser() {
    assertMasked("redis://:secret@127.0.0.1:6379", "redis://:******@127.0.0.1:6379", "secret");
  }

  @Test
  void passwordAlone() {
    assertMasked("redis://secret@127.0.0.1:6379", "redis://******@127.0.0.1:6379", "secret");
  }

  @Test
  void passwordHoldingAnAtSignOrAColon() {
    assertMasked("redis://user:p@ss@127.0.0.1", "redis://user:******@127.0.0.1", "ss@");
    assertMasked("redis://user:p:a@ss@127.0.0.1", "redis://user:******@127.0.0.1", "p:a");
  }

  @Test
  void tlsSentinelAndClusterSchemes() {
    assertMasked(
        "rediss://user:secret@127.0.0.1:6380", "rediss://user:******@127.0.0.1:6380", "secret");
    assertMasked(
        "redis-sentinel://secret@127.0.0.1:26379/0#mymaster",
        "redis-sentinel://******@127.0.0.1:26379/0#mymaster",
        "secret");
    assertMasked(
        "redis+cluster://:secret@127.0.0.1:7000,127.0.0.1:7001",
        "redis+cluster://:******@127.0.0.1:7000,127.0.0.1:7001",
        "secret");
  }

  @Test
  void withoutSchemeOrUserInformation() {
    assertMasked("secret@127.0.0.1:6379", "******@127.0.0.1:6379", "secret");
    assertThat(Builders.withoutPassword("redis://127.0.0.1:6379"))
        .isEqualTo("redis://127.0.0.1:6379");
    assertThat(Builders.withoutPassword((String) null)).isNull();
  }

  @Test
  void anErrorMessageQuotingTheUriOrThePasswordIsMasked() {
    String uri = "redis://user:p@ss@127.0.0.1";
    assertThat(Builders.withoutPassword("Cannot parse " + uri + ": near p@ss", uri))
        .isEqualTo("Cannot parse redis://user:******@127.0.0.1: near ******");
  }

  @Test
  void aCauseQuotingThePasswordIsNotChained() {
    String uri = "redis://secret@127.0.0.1";
    RedisConnectionException quoting = new RedisConnectionException("failed: " + uri);
    RedisConnectionException clean = new RedisConnectionException("refused 127.0.0.1:6379");
    RedisConnectionException suppressing = new RedisConnectionException("no node");
    suppressing.addSuppressed(new IllegalStateException("auth secret rejected"));

    assertThat(Builders.causeWithoutPassword(quoting, uri)).isNull();
    assertThat(Builders.causeWithoutPassword(suppressing, uri)).isNull();
    assertThat(Builders.causeWithoutPassword(clean, uri)).isSameAs(clean);
  }
}
