package io.github.reactiverobots.tester;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import javax.net.ssl.TrustManagerFactory;

/**
 * {@code --ca FILE}: the certificates of a PEM file (one or more {@code -----BEGIN
 * CERTIFICATE-----} blocks) as the trust anchors of live fetches, in place of the JDK's trust
 * store, as curl's {@code --cacert}. Stateless.
 */
final class CaFile {
  /** A PEM file larger than this is not a CA bundle. */
  private static final int MAX_BYTES = 4 * 1024 * 1024;

  private CaFile() {}

  /**
   * The trust anchors of {@code file}.
   *
   * @throws IOException naming the file: missing, unreadable, too large, or holding no X.509
   *     certificate
   */
  static TrustManagerFactory read(Path file) throws IOException {
    String name = "--ca " + Text.printable(file.toString());
    byte[] pem;
    try {
      if (Files.isDirectory(file)) {
        throw new IOException(name + ": it is a directory, not a PEM file");
      }
      if (Files.size(file) > MAX_BYTES) {
        throw new IOException(name + ": larger than " + MAX_BYTES + " bytes, not a PEM file");
      }
      pem = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new IOException(name + ": no such file", e);
    } catch (AccessDeniedException e) {
      throw new IOException(name + ": permission denied", e);
    }
    Collection<? extends Certificate> certificates;
    try {
      certificates =
          CertificateFactory.getInstance("X.509")
              .generateCertificates(new ByteArrayInputStream(pem));
    } catch (CertificateException e) {
      throw new IOException(
          name + ": not a PEM certificate (-----BEGIN CERTIFICATE-----): " + e.getMessage(), e);
    }
    if (certificates.isEmpty()) {
      throw new IOException(
          name + ": holds no certificate (expected PEM: -----BEGIN CERTIFICATE-----)");
    }
    try {
      KeyStore anchors = KeyStore.getInstance(KeyStore.getDefaultType());
      anchors.load(null, null);
      int i = 0;
      for (Certificate c : certificates) {
        anchors.setCertificateEntry("ca-" + i++, c);
      }
      TrustManagerFactory factory =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      factory.init(anchors);
      return factory;
    } catch (GeneralSecurityException e) {
      throw new IOException(name + ": " + e.getMessage(), e);
    }
  }
}
