package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The address classification behind {@link AddressPolicy#publicOnly()}; IP literals only, no
 * lookups.
 */
class AddressPolicyTest {

  private static InetSocketAddress at(String literal) throws UnknownHostException {
    return new InetSocketAddress(InetAddress.getByName(literal), 80);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "127.0.0.1",
        "127.255.0.9",
        "10.1.2.3",
        "172.16.0.1",
        "172.31.255.255",
        "192.168.1.1",
        "169.254.169.254",
        "100.64.0.1",
        "100.127.255.254",
        "0.0.0.0",
        "0.1.2.3",
        "224.0.0.1",
        "255.255.255.255",
        "198.18.0.1",
        "192.0.0.8",
        "::1",
        "::",
        "fe80::1",
        "fc00::1",
        "fd12:3456::1",
        "fec0::1",
        "ff02::1",
        "::ffff:127.0.0.1",
        "::ffff:10.0.0.1",
        "::127.0.0.1",
        "64:ff9b::a00:1",
        "64:ff9b::7f00:1",
        "2002:7f00:1::1",
        "2002:c0a8:101::1",
        "192.0.2.1",
        "198.51.100.7",
        "203.0.113.9",
        "192.88.99.1",
        "240.0.0.1",
        "2001:db8::1",
        "2001::1",
        "2001:2::1",
        "3fff::1",
        "100::1",
        "64:ff9b:1::a00:1",
        "4000::1",
        "e000::1"
      })
  void internalAddressesAreRefused(String literal) throws UnknownHostException {
    assertThat(AddressPolicy.publicOnly().permits(at(literal))).isFalse();
    assertThat(AddressPolicy.permitAll().permits(at(literal))).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "93.184.216.34",
        "8.8.8.8",
        "1.1.1.1",
        "172.32.0.1",
        "172.15.255.255",
        "100.128.0.1",
        "192.169.0.1",
        "2001:4860:4860::8888",
        "2606:4700::1111",
        "64:ff9b::808:808",
        "2002:808:808::1",
        "::ffff:8.8.8.8"
      })
  void publicAddressesArePermitted(String literal) throws UnknownHostException {
    assertThat(AddressPolicy.publicOnly().permits(at(literal))).isTrue();
  }

  @Test
  void anUnresolvedAddressIsRefused() {
    assertThat(AddressPolicy.publicOnly().permits(InetSocketAddress.createUnresolved("a.test", 80)))
        .isFalse();
  }

  @Test
  void exemptionsAreBySocketAddress() throws UnknownHostException {
    InetSocketAddress exempt = new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 8080);
    AddressPolicy policy = AddressPolicy.publicOnly().exempting(Set.of(exempt));
    assertThat(policy.permits(exempt)).isTrue();
    assertThat(policy.permits(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 8081)))
        .isFalse();
    assertThat(policy.permits(at("8.8.8.8"))).isTrue();
  }
}
