package dev.recall4j.opensearch;

import dev.recall4j.core.Checks;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;

/**
 * How a store's requests get into a secured cluster: the credentials sent with every request (HTTP
 * basic, or an API key of the security plugin), and over {@code https} which certificate authority
 * is trusted. Never prints a secret: {@link #toString} names the kind of credentials only.
 *
 * @param authorization the {@code Authorization} header sent with every request, or null for none
 * @param ca a PEM file of the certificate authorities to trust over {@code https}, or null for the
 *     JDK's trust store
 * @param verifyTls false to accept any certificate for any host name: for a test cluster with
 *     self-signed certificates only, never in production
 */
public record ClusterAccess(String authorization, Path ca, boolean verifyTls) {
  /** No credentials; the JDK's trust store, verified. */
  public static final ClusterAccess NONE = new ClusterAccess(null, null, true);

  public ClusterAccess {
    authorization = Checks.blankToNull(authorization);
    Checks.require(
        ca == null || verifyTls, "tls.ca", "is unused when tls.verify is false: set one of them");
  }

  /** HTTP basic authentication (the security plugin's internal users, LDAP...). */
  public ClusterAccess withBasic(String user, String password) {
    Checks.require(user != null && !user.isBlank(), "user", "must not be empty");
    Checks.require(password != null && !password.isEmpty(), "password", "must not be empty");
    String pair = user + ":" + password;
    return withAuthorization(
        "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
  }

  /** An API key of the security plugin, sent as {@code Authorization: ApiKey KEY}. */
  public ClusterAccess withApiKey(String key) {
    Checks.require(key != null && !key.isBlank(), "api_key", "must not be empty");
    return withAuthorization("ApiKey " + key.strip());
  }

  /** Trusts the authorities of this PEM file (null: the JDK's), or none when not verifying. */
  public ClusterAccess withTls(Path ca, boolean verify) {
    return new ClusterAccess(authorization, ca, verify);
  }

  private ClusterAccess withAuthorization(String header) {
    return new ClusterAccess(header, ca, verifyTls);
  }

  @Override
  public String toString() {
    String credentials =
        authorization == null ? "none" : authorization.substring(0, authorization.indexOf(' '));
    return "ClusterAccess[credentials="
        + credentials
        + ", ca="
        + ca
        + ", verifyTls="
        + verifyTls
        + "]";
  }
}
