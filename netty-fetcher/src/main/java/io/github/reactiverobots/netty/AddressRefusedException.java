package io.github.reactiverobots.netty;

import java.net.InetSocketAddress;
import java.net.SocketAddress;

/** The {@link AddressPolicy} refused every address a name resolved to. */
final class AddressRefusedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  AddressRefusedException(SocketAddress requested, InetSocketAddress refused) {
    super(
        "address policy refused " + refused.getAddress().getHostAddress() + " for " + requested,
        null,
        false,
        false);
  }
}
