package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.robotstxt.ParseOptions;
import io.netty.handler.ssl.SslContextBuilder;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The builder rejects bad settings at once, naming them. */
class BuilderTest {
  private static NettyRobotsFetcherBuilder builder() {
    return NettyRobotsFetcher.builder().userAgent("Bot/1.0");
  }

  @Test
  void userAgentIsRequiredAndValidated() {
    assertThatThrownBy(() -> NettyRobotsFetcher.builder().build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("userAgent");
    assertThatThrownBy(() -> NettyRobotsFetcher.builder().userAgent(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("userAgent");
    assertThatThrownBy(() -> NettyRobotsFetcher.builder().userAgent("Bot\r\nX-Evil: 1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("userAgent");
    assertThatThrownBy(() -> NettyRobotsFetcher.builder().userAgent(null))
        .isInstanceOf(NullPointerException.class);
  }

  @Test
  void limitsAreValidated() {
    assertThatThrownBy(() -> builder().maxBodyBytes(ParseOptions.MIN_PARSE_LIMIT - 1))
        .hasMessageContaining("maxBodyBytes");
    assertThatThrownBy(() -> builder().connectTimeout(Duration.ZERO))
        .hasMessageContaining("connectTimeout");
    assertThatThrownBy(() -> builder().responseTimeout(Duration.ofSeconds(-1)))
        .hasMessageContaining("responseTimeout");
    assertThatThrownBy(() -> builder().deadline(Duration.ZERO)).hasMessageContaining("deadline");
    assertThatThrownBy(() -> builder().maxRedirects(-1)).hasMessageContaining("maxRedirects");
    assertThatThrownBy(() -> builder().maxRedirects(21)).hasMessageContaining("maxRedirects");
    assertThatThrownBy(() -> builder().maxInFlight(0)).hasMessageContaining("maxInFlight");
    assertThatThrownBy(() -> builder().maxHeaderSize(10)).hasMessageContaining("maxHeaderSize");
    assertThatThrownBy(() -> builder().maxConnectionsPerHost(0))
        .hasMessageContaining("maxConnectionsPerHost");
    assertThatThrownBy(() -> builder().evictionInterval(Duration.ofSeconds(-1)))
        .hasMessageContaining("evictionInterval");
    assertThatThrownBy(() -> builder().httpProxy("proxy.test", 0))
        .hasMessageContaining("proxy port");
    assertThatThrownBy(() -> builder().connectTimeout(Duration.ofSeconds(30)).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("deadline");
  }

  @Test
  void conflictingSettingsAreRejected() throws Exception {
    assertThatThrownBy(
            () ->
                builder()
                    .addressPolicy(AddressPolicy.publicOnly())
                    .socksProxy("proxy.test", 1080)
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("proxy");
    var server =
        SslContextBuilder.forServer(
                new io.netty.pkitesting.CertificateBuilder()
                    .subject("CN=x.test")
                    .setIsCertificateAuthority(true)
                    .buildSelfSigned()
                    .toKeyManagerFactory())
            .build();
    assertThatThrownBy(() -> builder().sslContext(server)).hasMessageContaining("client");
  }

  @Test
  void defaultsAreTheDocumentedOnes() {
    try (NettyRobotsFetcher f = builder().build()) {
      assertThat(f.maxBodyBytes()).isEqualTo(ParseOptions.MIN_PARSE_LIMIT);
      assertThat(f.maxInFlight()).isEqualTo(512);
      assertThat(f.activeFetches()).isZero();
      assertThat(f.queuedFetches()).isZero();
    }
  }
}
