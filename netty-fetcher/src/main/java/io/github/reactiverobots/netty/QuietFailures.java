package io.github.reactiverobots.netty;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.netty.NettyPipeline;
import reactor.netty.channel.ChannelOperations;
import reactor.netty.http.client.HttpClient;

/**
 * Keeps an ordinary site failure out of reactor-netty's log. Left alone, reactor-netty logs a WARN
 * record with the full stack trace for every request that fails before its response (an untrusted
 * certificate, TLS to a plain HTTP port, a reply that is not HTTP, headers over the limit, a close
 * or a reset before the response, a read timeout), however the caller handles the error, and the
 * error is still delivered.
 *
 * <p>This handler sits in front of reactor-netty's bridge. While a request waits for its response,
 * a failure on its connection (an exception, a response the decoder rejected, the connection
 * closing) is handed straight to the waiting exchange, which then cancels its request; the
 * connection is closed, and the failure never reaches reactor-netty's observer. Once the response
 * has begun, failures take reactor-netty's own path, which delivers them to the body reader without
 * logging. The exchange reports every failure as a classified {@code FetchResult}, so nothing is
 * lost.
 *
 * <p>A request registers itself by carrying its sink in the Reactor context under {@link
 * #CONTEXT_KEY}; the channel keeps the sink of the request waiting on it. Stateless and sharable:
 * the state lives in a channel attribute, touched only on the channel's event loop.
 */
@ChannelHandler.Sharable
final class QuietFailures extends ChannelInboundHandlerAdapter {
  /** The Reactor context key under which a request carries the sink for its early failure. */
  static final Object CONTEXT_KEY = QuietFailures.class;

  private static final String NAME = "reactiveRobots.quietFailures";
  private static final AttributeKey<Sinks.One<Throwable>> WAITING =
      AttributeKey.valueOf("reactiveRobots.waitingRequest");

  /** Set on a connection reactor-netty's HTTP/2 pool opens, until it has heard how it failed. */
  private static final AttributeKey<Boolean> POOL_OPENING =
      AttributeKey.valueOf("reactiveRobots.poolOpening");

  private static final QuietFailures INSTANCE = new QuietFailures();

  private QuietFailures() {}

  /** {@code client} with this handler on each of its connections. */
  static HttpClient install(HttpClient client) {
    return client
        .doOnChannelInit(
            (observer, channel, remote) -> {
              channel
                  .attr(WAITING)
                  .set(waiting(observer.currentContext().getOrDefault(CONTEXT_KEY, null)));
              ChannelPipeline pipeline = channel.pipeline();
              if (pipeline.get(NettyPipeline.H2OrHttp11Codec) != null) {
                channel.attr(POOL_OPENING).set(Boolean.TRUE);
              }
              if (pipeline.get(NettyPipeline.ReactiveBridge) != null) {
                pipeline.addBefore(NettyPipeline.ReactiveBridge, NAME, INSTANCE);
              } else {
                pipeline.addLast(NAME, INSTANCE);
              }
            })
        .doOnRequest(
            (request, connection) ->
                connection
                    .channel()
                    .attr(WAITING)
                    .set(waiting(request.currentContextView().getOrDefault(CONTEXT_KEY, null))));
  }

  /**
   * {@code request} ended by the first failure seen on its connection before its response, as an
   * error signal, instead of by reactor-netty. The failure travels as a value until the race is
   * decided, so one that arrives after a cancellation (the deadline) is dropped quietly.
   */
  @SuppressWarnings("unchecked")
  static <T> Mono<T> guard(Mono<T> request) {
    Sinks.One<Throwable> early = Sinks.one();
    // The sink is subscribed before the request starts: a failure seen on the event loop then
    // cancels the request there and then, before reactor-netty hears of the closed connection;
    // subscribed second, a close arriving in between reached reactor-netty's observer, which
    // logged it as a WARN.
    return Mono.<Object>firstWithSignal(early.asMono().map(EarlyFailure::new), request)
        .flatMap(o -> o instanceof EarlyFailure f ? Mono.<T>error(f.cause()) : Mono.just((T) o))
        .contextWrite(context -> context.put(CONTEXT_KEY, early));
  }

  /** A failure seen by this handler, told apart from any value of the request. */
  private record EarlyFailure(Throwable cause) {}

  @SuppressWarnings("unchecked")
  private static Sinks.One<Throwable> waiting(Object sink) {
    return sink instanceof Sinks.One<?> one ? (Sinks.One<Throwable>) one : null;
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    Sinks.One<Throwable> waiting = ctx.channel().attr(WAITING).getAndSet(null);
    if (waiting != null) {
      waiting.tryEmitValue(cause);
      endPoolOpening(ctx, cause);
      ctx.close();
    } else if (!endPoolOpening(ctx, cause) && ctx.channel().isActive()) {
      ctx.fireExceptionCaught(cause);
    }
    // else: a late echo of a failure already handled (TLS reports one twice); the channel is
    // closed and nobody waits on it.
  }

  /**
   * Tells reactor-netty's HTTP/2 pool, once, that the connection it is opening failed. With HTTP/2
   * offered, every TLS connection is opened by that pool, which holds the attempt (and the one
   * connection it allows per address) until the connection reports itself configured or failed, and
   * does not give it up when the request that started it is cancelled: a failure kept from
   * reactor-netty here left the slot taken for good, and every later request to the address waited
   * for it until its deadline. On this path (the pool's connection observer) reactor-netty logs
   * nothing. Once the connection is configured (its channel operations bound, or HTTP/2's bridge
   * handler removed) the pool no longer waits on it, and nothing is passed on. (A close before then
   * needs nothing here: TLS reports it as a handshake failure, and reactor-netty's HTTP/2 handler
   * as a premature close.)
   *
   * @return whether the failure was passed on
   */
  private static boolean endPoolOpening(ChannelHandlerContext ctx, Throwable cause) {
    Channel channel = ctx.channel();
    if (channel.attr(POOL_OPENING).getAndSet(null) == null
        || ctx.pipeline().get(NettyPipeline.ReactiveBridge) == null
        || ChannelOperations.get(channel) != null) {
      return false;
    }
    ctx.fireExceptionCaught(cause);
    return true;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof HttpResponse response) {
      Sinks.One<Throwable> waiting = ctx.channel().attr(WAITING).getAndSet(null);
      if (waiting != null && response.decoderResult().isFailure()) {
        ReferenceCountUtil.release(msg);
        waiting.tryEmitValue(new MalformedResponseException(response.decoderResult().cause()));
        ctx.close();
        return;
      }
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    Sinks.One<Throwable> waiting = ctx.channel().attr(WAITING).getAndSet(null);
    if (waiting != null) {
      waiting.tryEmitValue(new ClosedBeforeResponseException());
    }
    ctx.fireChannelInactive();
  }

  /** The connection closed while a request waited for its response. */
  static final class ClosedBeforeResponseException extends IOException {
    private static final long serialVersionUID = 1L;

    ClosedBeforeResponseException() {
      super("connection closed before the response", null);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
      return this;
    }
  }
}
