package io.github.reactiverobots.netty;

import io.github.reactiverobots.robotstxt.model.FailureKind;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.resolver.dns.DnsNameResolverException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import java.util.Locale;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;
import reactor.netty.http.client.PrematureCloseException;

/** Maps what went wrong in an exchange to a {@link FailureKind}. Stateless. */
final class FailureClassifier {
  private static final int MAX_CAUSE_DEPTH = 16;

  private FailureClassifier() {}

  static FailureKind classify(Throwable error) {
    Throwable t = error;
    for (int depth = 0; t != null && depth < MAX_CAUSE_DEPTH; depth++, t = t.getCause()) {
      FailureKind kind = direct(t);
      if (kind != null) {
        return kind;
      }
    }
    t = error;
    for (int depth = 0; t != null && depth < MAX_CAUSE_DEPTH; depth++, t = t.getCause()) {
      if (t instanceof IOException) {
        return FailureKind.RESET;
      }
    }
    return FailureKind.OTHER;
  }

  /**
   * Whether {@code t} is a shortage on this side: no descriptor (EMFILE, ENFILE), no local port
   * (EADDRNOTAVAIL), no buffer (ENOBUFS), or an event loop refusing work while shutting down. These
   * say nothing about the origin.
   */
  private static boolean isCrawlerFault(Throwable t) {
    if (t instanceof RejectedExecutionException) {
      return true;
    }
    String m = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
    return m.contains("too many open files")
        || m.contains("cannot assign requested address")
        || m.contains("no buffer space available");
  }

  /** A human-readable one-line detail. */
  static String detail(Throwable error) {
    String message = error.getMessage();
    return error.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }

  private static FailureKind direct(Throwable t) {
    if (isCrawlerFault(t)) {
      return FailureKind.CRAWLER_FAULT;
    }
    if (t instanceof AddressRefusedException) {
      return FailureKind.ADDRESS_REFUSED;
    }
    if (t instanceof RedirectException) {
      return ((RedirectException) t).kind();
    }
    if (t instanceof UnknownHostException || t instanceof DnsNameResolverException) {
      return FailureKind.DNS;
    }
    if (t instanceof SSLException) {
      return FailureKind.TLS;
    }
    if (t instanceof io.netty.handler.timeout.TimeoutException
        || t instanceof TimeoutException
        || t instanceof SocketTimeoutException) {
      return FailureKind.TIMEOUT;
    }
    if (t instanceof ConnectException || t instanceof NoRouteToHostException) {
      return FailureKind.CONNECT;
    }
    if (t instanceof PrematureCloseException) {
      String m = String.valueOf(t.getMessage());
      return m.contains("DURING response") ? FailureKind.BODY_CUT_SHORT : FailureKind.RESET;
    }
    if (t instanceof QuietFailures.ClosedBeforeResponseException) {
      return FailureKind.RESET;
    }
    if (t instanceof BodyCutShortException) {
      return FailureKind.BODY_CUT_SHORT;
    }
    if (t instanceof MalformedResponseException
        || t instanceof BodyDecodingException
        || t instanceof TooLongFrameException) {
      return FailureKind.OTHER;
    }
    if (t instanceof ClosedChannelException) {
      return FailureKind.RESET;
    }
    if (t instanceof IOException) {
      String m = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
      if (m.contains("reset") || m.contains("broken pipe")) {
        return FailureKind.RESET;
      }
    }
    return null;
  }
}
