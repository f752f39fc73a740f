package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33, item 1: a loopback server without tokens answers only requests whose {@code Host} names
 * this machine (or a configured host) and whose {@code Origin}, when sent, is loopback in any
 * spelling. Requests are written on a raw socket, as a browser tricked by DNS rebinding sends them
 * ({@code Host: evil.example}, no {@code Origin} on a same-origin GET): Java's HTTP clients refuse
 * to set {@code Host}.
 */
class DnsRebindingTest {
  @TempDir Path workspace;
  private ServedEngine served;

  @BeforeEach
  void open() throws Exception {
    served =
        ServedEngine.start(
            workspace,
            ServerSettings.defaults().withAllowedHosts(List.of("Tools.Local")),
            "secret-x",
            "The launch code is 0000.");
  }

  @AfterEach
  void close() throws Exception {
    served.close();
  }

  private String get(String path, String host, String origin) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", served.port())) {
      OutputStream out = socket.getOutputStream();
      String request =
          "GET "
              + path
              + " HTTP/1.1\r\nHost: "
              + host
              + "\r\n"
              + (origin == null ? "" : "Origin: " + origin + "\r\n")
              + "Connection: close\r\n\r\n";
      out.write(request.getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      ByteArrayOutputStream response = new ByteArrayOutputStream();
      in.transferTo(response);
      return response.toString(StandardCharsets.UTF_8);
    }
  }

  private static int status(String response) {
    return Integer.parseInt(response.substring(9, 12));
  }

  @Test
  void aForeignHostIsRefusedOnEveryPathWithoutRevealingData() throws IOException {
    String port = ":" + served.port();
    for (String path : List.of("/v1/records/secret-x", "/health", "/mcp")) {
      String answer = get(path, "evil.example" + port, null);
      assertEquals(403, status(answer), answer);
      assertTrue(answer.contains("host not allowed: evil.example"), answer);
      assertFalse(answer.contains("launch code"), answer);
    }
    // A name that merely starts like a loopback one is foreign too.
    assertEquals(403, status(get("/v1/records/secret-x", "127.0.0.1.evil.example" + port, null)));
    assertEquals(403, status(get("/v1/records/secret-x", "localhost.evil.example", null)));
  }

  @Test
  void everyLoopbackHostSpellingAndAConfiguredHostAreServed() throws IOException {
    String port = ":" + served.port();
    for (String host :
        List.of(
            "127.0.0.1" + port,
            "localhost" + port,
            "LOCALHOST",
            "app.localhost" + port,
            "127.1.2.3" + port,
            "[::1]" + port,
            "[0:0:0:0:0:0:0:1]" + port,
            "tools.local" + port)) {
      String answer = get("/v1/records/secret-x", host, null);
      assertEquals(200, status(answer), host + ": " + answer);
      assertTrue(answer.contains("launch code"), answer);
    }
  }

  @Test
  void everyLoopbackOriginIsServedAndAForeignOneRefused() throws IOException {
    String host = "127.0.0.1:" + served.port();
    for (String origin :
        List.of(
            "http://localhost:5173",
            "http://127.0.0.1",
            "https://127.9.9.9:8443",
            "http://[::1]:5173",
            "http://app.localhost:3000")) {
      assertEquals(200, status(get("/v1/records/secret-x", host, origin)), origin);
    }
    for (String origin :
        List.of("http://evil.example", "http://127.0.0.1.evil.example", "file://", "null")) {
      assertEquals(403, status(get("/v1/records/secret-x", host, origin)), origin);
    }
  }

  @Test
  void loopbackHostsAreDecidedFromTheTextAlone() {
    for (String host :
        List.of("localhost", "a.b.localhost", "127.0.0.1", "::1", "[::1]", "::ffff:127.0.0.1")) {
      assertTrue(LoopbackHosts.isLoopback(host), host);
    }
    for (String host :
        List.of("evil.example", "127.0.0.1.nip.io", "10.0.0.1", "::2", "", "local")) {
      assertFalse(LoopbackHosts.isLoopback(host), host);
    }
  }
}
