package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.netty.channel.ChannelException;
import java.net.ConnectException;
import java.net.SocketException;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;

/** The crawler's own shortages are told apart from the origin's failures. */
class FailureClassifierTest {

  @Test
  void shortagesOnThisSideAreCrawlerFaults() {
    assertThat(
            FailureClassifier.classify(
                new ChannelException(
                    "Failed to open a socket.",
                    new SocketException("newSocketStream(..) failed: Too many open files"))))
        .isEqualTo(FailureKind.CRAWLER_FAULT);
    assertThat(FailureClassifier.classify(new SocketException("Too many open files in system")))
        .isEqualTo(FailureKind.CRAWLER_FAULT);
    assertThat(
            FailureClassifier.classify(
                new ConnectException("connect(..) failed: Cannot assign requested address")))
        .isEqualTo(FailureKind.CRAWLER_FAULT);
    assertThat(FailureClassifier.classify(new SocketException("No buffer space available")))
        .isEqualTo(FailureKind.CRAWLER_FAULT);
    assertThat(FailureClassifier.classify(new RejectedExecutionException("executor terminated")))
        .isEqualTo(FailureKind.CRAWLER_FAULT);
  }

  @Test
  void theOriginsFailuresAreNot() {
    assertThat(FailureClassifier.classify(new ConnectException("Connection refused")))
        .isEqualTo(FailureKind.CONNECT);
    assertThat(FailureClassifier.classify(new SocketException("Connection reset by peer")))
        .isEqualTo(FailureKind.RESET);
  }

  @Test
  void aClosedFetcherIsACrawlerFault() {
    NettyRobotsFetcher f = NettyRobotsFetcher.builder().userAgent("Bot/1.0").build();
    f.close();
    assertThat(
            f.fetch(
                    io.github.reactiverobots.robotstxt.url.Origin.of("http://a.test"),
                    io.github.reactiverobots.core.fetch.RobotsFetcher.Conditional.NONE)
                .block()
                .failure())
        .isEqualTo(FailureKind.CRAWLER_FAULT);
  }
}
