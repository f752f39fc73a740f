package dev.recall4j.opensearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Requests to a cluster over https with its own certificate authority, as a secured cluster runs: a
 * real TLS server with a certificate made by the JDK's keytool. The store trusts the PEM file it is
 * given, refuses the certificate without it, accepts any when verification is off, and sends the
 * credentials with every request.
 */
class ClusterAccessTest {
  private static final String PASSWORD = "changeit";

  @TempDir Path dir;

  private HttpsServer server;
  private final List<String> authorizations = new ArrayList<>();

  @BeforeEach
  void start() throws IOException, InterruptedException, GeneralSecurityException {
    Path keys = dir.resolve("node.p12");
    keytool(
        "-genkeypair",
        "-alias",
        "node",
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-validity",
        "2",
        "-keystore",
        keys.toString(),
        "-storetype",
        "PKCS12",
        "-storepass",
        PASSWORD,
        "-dname",
        "CN=localhost",
        "-ext",
        "SAN=dns:localhost,ip:127.0.0.1");
    keytool(
        "-exportcert",
        "-rfc",
        "-alias",
        "node",
        "-keystore",
        keys.toString(),
        "-storepass",
        PASSWORD,
        "-file",
        dir.resolve("ca.pem").toString());
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keys)) {
      store.load(in, PASSWORD.toCharArray());
    }
    KeyManagerFactory factory =
        KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    factory.init(store, PASSWORD.toCharArray());
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(factory.getKeyManagers(), null, null);
    server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setHttpsConfigurator(new HttpsConfigurator(tls));
    server.createContext(
        "/",
        exchange -> {
          authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
          byte[] body = "{\"cluster_name\":\"secured\"}".getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private String clusterName(ClusterAccess access) throws IOException {
    URI host = URI.create("https://127.0.0.1:" + server.getAddress().getPort());
    try (Cluster cluster = new Cluster(List.of(host), access, Duration.ofMinutes(1))) {
      return cluster.call("GET", "/", Map.of(), null).path("cluster_name").asText();
    }
  }

  @Test
  void theGivenAuthorityIsTrustedAndTheCredentialsSent() throws IOException {
    ClusterAccess access =
        ClusterAccess.NONE.withTls(dir.resolve("ca.pem"), true).withBasic("recall4j", "s3cret");
    assertThat(clusterName(access)).isEqualTo("secured");
    assertThat(clusterName(ClusterAccess.NONE.withTls(null, false).withApiKey("a2V5")))
        .isEqualTo("secured");
    assertThat(authorizations).containsExactly("Basic cmVjYWxsNGo6czNjcmV0", "ApiKey a2V5");
  }

  @Test
  void anUnknownAuthorityIsRefused() {
    assertThatThrownBy(() -> clusterName(ClusterAccess.NONE)).isInstanceOf(SSLException.class);
    assertThat(authorizations).isEmpty();
  }

  private static void keytool(String... arguments) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    command.addAll(List.of(arguments));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor()).as(output).isZero();
  }
}
