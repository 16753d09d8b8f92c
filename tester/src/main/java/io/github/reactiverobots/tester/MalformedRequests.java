package io.github.reactiverobots.tester;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;

/**
 * Answers a request the HTTP decoder could not read (a bad request line, header or chunk) before
 * reactor-netty sees it, so that no request logs a line of its own: 414, 431 or 400, then the
 * connection is closed. Each one is recorded in a {@link ThrottledLog}. Sits right after the
 * server's HTTP codec; shared by every connection of a server; stateless but for the log.
 */
@ChannelHandler.Sharable
final class MalformedRequests extends ChannelInboundHandlerAdapter {
  /** How much of the decoder's message a console line quotes. */
  private static final int QUOTED = 200;

  private final ThrottledLog log;

  MalformedRequests(ThrottledLog log) {
    this.log = log;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    DecoderResult result = msg instanceof HttpObject o ? o.decoderResult() : DecoderResult.SUCCESS;
    if (!result.isFailure()) {
      ctx.fireChannelRead(msg);
      return;
    }
    ReferenceCountUtil.release(msg);
    Throwable cause = result.cause();
    String why = String.valueOf(cause.getMessage());
    log.record(
        "robots-tester: refused a malformed request from "
            + ctx.channel().remoteAddress()
            + ": "
            + Text.printable(why.length() > QUOTED ? why.substring(0, QUOTED) + "..." : why));
    if (!(msg instanceof HttpRequest)) {
      // A bad chunk: reactor-netty already has the request; end the connection under it.
      ctx.close();
      return;
    }
    HttpResponseStatus status =
        cause instanceof TooLongHttpLineException
            ? HttpResponseStatus.REQUEST_URI_TOO_LONG
            : cause instanceof TooLongHttpHeaderException || cause instanceof TooLongFrameException
                ? HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE
                : HttpResponseStatus.BAD_REQUEST;
    byte[] body =
        ("malformed request: " + status.reasonPhrase() + "\n").getBytes(StandardCharsets.UTF_8);
    FullHttpResponse response =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
    response
        .headers()
        .set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8")
        .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
        .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
    ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
  }
}
