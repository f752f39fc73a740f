package dev.recall4j.opensearch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.client5.http.ssl.NoopHostnameVerifier;
import org.apache.hc.core5.http.nio.ssl.TlsStrategy;

/**
 * Which server certificates a store's {@code https} requests accept: those issued by the
 * authorities of a PEM file (a cluster's own CA, as the security plugin's demo and most
 * installations have), or, when verification is off, any.
 */
final class TlsTrust {
  private TlsTrust() {}

  /**
   * The TLS strategy of {@link ClusterAccess#ca()} and {@link ClusterAccess#verifyTls()}.
   *
   * @throws IllegalArgumentException naming {@code tls.ca} when the file holds no certificate
   * @throws UncheckedIOException naming the file when it cannot be read
   */
  static TlsStrategy strategy(ClusterAccess access) {
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      if (!access.verifyTls()) {
        context.init(null, new TrustManager[] {new AnyCertificate()}, null);
        return ClientTlsStrategyBuilder.create()
            .setSslContext(context)
            .setHostnameVerifier(NoopHostnameVerifier.INSTANCE)
            .build();
      }
      TrustManagerFactory trust =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(authorities(access));
      context.init(null, trust.getTrustManagers(), null);
      return ClientTlsStrategyBuilder.create().setSslContext(context).build();
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("tls.ca: " + access.ca() + ": " + e.getMessage(), e);
    }
  }

  private static KeyStore authorities(ClusterAccess access) throws GeneralSecurityException {
    Collection<? extends Certificate> certificates;
    try (InputStream in = Files.newInputStream(access.ca())) {
      certificates = CertificateFactory.getInstance("X.509").generateCertificates(in);
    } catch (IOException e) {
      throw new UncheckedIOException("tls.ca: cannot read " + access.ca(), e);
    }
    if (certificates.isEmpty()) {
      throw new IllegalArgumentException(
          "tls.ca: " + access.ca() + " holds no PEM certificate (-----BEGIN CERTIFICATE-----)");
    }
    KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
    try {
      store.load(null, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int i = 0;
    for (Certificate certificate : certificates) {
      store.setCertificateEntry("ca-" + i++, certificate);
    }
    return store;
  }

  /** Accepts every certificate: what {@code tls.verify: false} asks for. */
  private static final class AnyCertificate implements X509TrustManager {
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
