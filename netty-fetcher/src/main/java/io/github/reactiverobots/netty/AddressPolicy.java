package io.github.reactiverobots.netty;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Objects;
import java.util.Set;

/**
 * Decides whether the fetcher may connect to a resolved address. It is applied at connect time to
 * the address actually used (after DNS, after every redirect), so a name that resolves to an
 * internal address, or a redirect onto one, is refused; this also covers DNS rebinding. A refusal
 * is reported as {@code FailureKind.ADDRESS_REFUSED}.
 *
 * <p>Implementations must be thread-safe, fast and must not block (they run on event-loop threads).
 */
@FunctionalInterface
public interface AddressPolicy {

  /**
   * Whether connecting to {@code address} is permitted.
   *
   * @param address the resolved address and port about to be connected to
   * @return {@code true} to connect, {@code false} to refuse
   */
  boolean permits(InetSocketAddress address);

  /**
   * Permits every address: no check at all, for tests and servers on this machine.
   *
   * @return the policy that permits every address (always the same instance)
   */
  static AddressPolicy permitAll() {
    return Policies.PERMIT_ALL;
  }

  /**
   * The fetcher's default. Refuses loopback, private (RFC 1918), carrier-grade NAT, link-local,
   * unique-local (fc00::/7), site-local, unspecified, multicast and broadcast addresses, the
   * documentation, benchmarking and protocol-assignment ranges of the IANA special-purpose
   * registries, IPv6 outside global unicast {@code 2000::/3} (so {@code 100::/64} too) and in
   * {@code 2001::/23}; and IPv4 addresses in those ranges embedded in IPv6 (IPv4-mapped,
   * IPv4-compatible, NAT64 {@code 64:ff9b::/96} and 6to4 {@code 2002::/16}).
   *
   * @return the policy that permits only public unicast addresses (always the same instance)
   */
  static AddressPolicy publicOnly() {
    return Policies.PUBLIC_ONLY;
  }

  /**
   * This policy, except that the given socket addresses (address and port) are always permitted:
   * for an internal endpoint that is meant to be crawled.
   *
   * @param exempt the socket addresses to permit regardless of this policy (copied)
   * @return this policy with the exemptions
   */
  default AddressPolicy exempting(Set<InetSocketAddress> exempt) {
    Set<InetSocketAddress> copy = Set.copyOf(exempt);
    return address -> copy.contains(address) || permits(address);
  }

  /**
   * Whether {@code a} is a globally routable unicast address by the rules of {@link #publicOnly()}.
   *
   * @param a the address to classify
   * @return {@code true} if {@code a} is public
   */
  static boolean isPublic(InetAddress a) {
    Objects.requireNonNull(a, "address");
    if (a.isLoopbackAddress()
        || a.isAnyLocalAddress()
        || a.isLinkLocalAddress()
        || a.isSiteLocalAddress()
        || a.isMulticastAddress()) {
      return false;
    }
    byte[] b = a.getAddress();
    if (a instanceof Inet4Address) {
      return isPublicV4(b);
    }
    if (a instanceof Inet6Address) {
      return isPublicV6(b);
    }
    return false;
  }

  private static boolean isPublicV4(byte[] b) {
    int b0 = b[0] & 0xff;
    int b1 = b[1] & 0xff;
    return b0 != 0 // "this network"
        && b0 != 10
        && b0 != 127
        && !(b0 == 100 && (b1 & 0xc0) == 64) // 100.64.0.0/10, carrier-grade NAT
        && !(b0 == 169 && b1 == 254)
        && !(b0 == 172 && (b1 & 0xf0) == 16)
        && !(b0 == 192 && b1 == 168)
        && !(b0 == 192 && b1 == 0 && (b[2] & 0xff) == 0) // 192.0.0.0/24, protocol assignments
        && !(b0 == 198 && (b1 & 0xfe) == 18) // 198.18.0.0/15, benchmarking
        && !(b0 == 192 && b1 == 0 && (b[2] & 0xff) == 2) // 192.0.2.0/24, documentation
        && !(b0 == 198 && b1 == 51 && (b[2] & 0xff) == 100) // 198.51.100.0/24, documentation
        && !(b0 == 203 && b1 == 0 && (b[2] & 0xff) == 113) // 203.0.113.0/24, documentation
        && !(b0 == 192 && b1 == 88 && (b[2] & 0xff) == 99) // 192.88.99.0/24, 6to4 relay
        && b0 < 224; // multicast, reserved and broadcast
  }

  private static boolean isPublicV6(byte[] b) {
    if ((b[0] & 0xfe) == 0xfc) {
      return false; // fc00::/7 unique-local
    }
    if (allZero(b, 0, 10) && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
      return isPublicEmbedded(b, 12); // ::ffff:a.b.c.d
    }
    if (allZero(b, 0, 12)) {
      return !allZero(b, 12, 16) && isPublicEmbedded(b, 12); // ::a.b.c.d (and ::, ::1)
    }
    if (b[0] == 0x00
        && b[1] == 0x64
        && (b[2] & 0xff) == 0xff
        && (b[3] & 0xff) == 0x9b
        && allZero(b, 4, 12)) {
      return isPublicEmbedded(b, 12); // 64:ff9b::/96 NAT64
    }
    if (b[0] == 0x20 && b[1] == 0x02) {
      return isPublicEmbedded(b, 2); // 2002::/16 6to4
    }
    int first = (b[0] & 0xff) << 8 | (b[1] & 0xff);
    int second = (b[2] & 0xff) << 8 | (b[3] & 0xff);
    return !(first == 0x2001 && second < 0x200) // 2001::/23 protocol assignments, Teredo
        && !(first == 0x2001 && second == 0xdb8) // 2001:db8::/32 documentation
        && !(first == 0x3fff && second < 0x1000) // 3fff::/20 documentation
        // Global unicast is 2000::/3; the rest (100::/64 discard, 64:ff9b:1::/48 local NAT64,
        // unassigned space) is not public.
        && first >= 0x2000
        && first < 0x4000;
  }

  private static boolean isPublicEmbedded(byte[] b, int offset) {
    byte[] v4 = {b[offset], b[offset + 1], b[offset + 2], b[offset + 3]};
    try {
      InetAddress embedded = InetAddress.getByAddress(v4);
      return !embedded.isLoopbackAddress()
          && !embedded.isSiteLocalAddress()
          && !embedded.isLinkLocalAddress()
          && !embedded.isAnyLocalAddress()
          && !embedded.isMulticastAddress()
          && isPublicV4(v4);
    } catch (UnknownHostException e) {
      return false; // unreachable: four bytes are always a valid IPv4 address
    }
  }

  private static boolean allZero(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] != 0) {
        return false;
      }
    }
    return true;
  }
}

/** The shared policy instances. */
final class Policies {
  static final AddressPolicy PERMIT_ALL = address -> true;
  static final AddressPolicy PUBLIC_ONLY =
      address -> !address.isUnresolved() && AddressPolicy.isPublic(address.getAddress());

  private Policies() {}
}
