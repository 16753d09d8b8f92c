package io.github.reactiverobots.bench.sim;

import org.reactivestreams.Publisher;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;

/**
 * What an {@link OriginFarm} serves besides the corpus robots.txt bodies: lines to put before an
 * origin's body, and the answer to a page request (any path but robots.txt). The polite run's site;
 * without one, the farm serves the bodies as they are and answers pages 404. Implementations are
 * thread-safe and never block.
 */
interface FarmPages {
  /**
   * Lines served before origin {@code index}'s corpus body, or null for none.
   *
   * @param index the origin
   * @return the bytes to prepend, or null
   */
  byte[] robotsPrefix(int index);

  /**
   * Answers a page request of origin {@code index}.
   *
   * @param index the origin
   * @param req the request
   * @param res the response to send
   * @return completion of the response
   */
  Publisher<Void> page(int index, HttpServerRequest req, HttpServerResponse res);
}
