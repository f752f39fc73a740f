package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Teams;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MCP streamable HTTP, the JSON API, tokens and Origin checks against a real Jetty server. */
class HttpServerTest {
  static final String ALICE = "alice-token-0123456789";
  static final String BOB = "bob-token-0123456789ab";

  @TempDir Path workspace;
  private RecallEngine engine;

  @BeforeEach
  void open() throws Exception {
    engine = TestEngines.open(workspace);
  }

  @AfterEach
  void close() throws Exception {
    engine.close();
  }

  static McpSyncClient mcpClient(int port, String token) {
    HttpClientStreamableHttpTransport.Builder transport =
        HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port)
            .endpoint("/mcp")
            .jsonMapper(McpRecallServer.JSON);
    if (token != null) {
      transport.httpRequestCustomizer(
          (request, method, uri, body, context) ->
              request.header("Authorization", "Bearer " + token));
    }
    return McpClient.sync(transport.build()).requestTimeout(Duration.ofSeconds(30)).build();
  }

  static ServerSettings withTokens() {
    return ServerSettings.defaults()
        .withTokens(
            List.of(
                new TokenGrant("ALICE_TOKEN", ALICE, new Tenant("alice", Teams.NONE)),
                new TokenGrant("BOB_TOKEN", BOB, new Tenant("bob", Teams.NONE))));
  }

  @Test
  void mcpOverStreamableHttp() throws Exception {
    try (HttpServer server = HttpServer.start(engine, ServerSettings.defaults(), "127.0.0.1", 0);
        McpSyncClient client = mcpClient(server.port(), null)) {
      client.initialize();
      // The server's schema validator (NoOutputSchemas) refuses output schemas: there are none.
      assertTrue(client.listTools().tools().stream().allMatch(t -> t.outputSchema() == null));
      StdioServerTest.McpToolFlow.run(client);
    }
  }

  /**
   * A client without an MCP library (a Go or shell agent) posts JSON-RPC and reads one JSON body
   * back: no session header to keep, no event stream to parse.
   */
  @Test
  @SuppressWarnings("unchecked")
  void aPlainHttpClientSpeaksMcpWithOneJsonBodyPerCall() throws Exception {
    try (HttpServer server = HttpServer.start(engine, ServerSettings.defaults(), "127.0.0.1", 0)) {
      HttpApi api = new HttpApi(server.port(), null);
      String[] headers = {
        "Content-Type", "application/json", "Accept", "application/json, text/event-stream"
      };
      HttpApi.Response init =
          api.send(
              "POST",
              "/mcp",
              "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                  + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                  + "\"clientInfo\":{\"name\":\"plain\",\"version\":\"1\"}}}",
              headers);
      assertEquals(200, init.status());
      assertEquals(
          "recall4j",
          ((Map<String, Object>)
                  ((Map<String, Object>) init.body().get("result")).get("serverInfo"))
              .get("name"));
      HttpApi.Response appended =
          api.send(
              "POST",
              "/mcp",
              "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
                  + "{\"name\":\"memory_append\",\"arguments\":{\"content\":\"The harbour"
                  + " lantern is blue\"}}}",
              headers);
      assertEquals(200, appended.status());
      Map<String, Object> result = (Map<String, Object>) appended.body().get("result");
      assertEquals(false, result.get("isError"));
      HttpApi.Response found =
          api.send(
              "POST",
              "/mcp",
              "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":"
                  + "{\"name\":\"memory_search\",\"arguments\":{\"query\":\"lantern\"}}}",
              headers);
      Map<String, Object> structured =
          (Map<String, Object>)
              ((Map<String, Object>) found.body().get("result")).get("structuredContent");
      List<Map<String, Object>> items = (List<Map<String, Object>>) structured.get("items");
      assertEquals("The harbour lantern is blue", items.get(0).get("content"));
      // Nothing is pushed to clients, so there is no event stream to open.
      assertEquals(405, api.send("GET", "/mcp", null, "Accept", "text/event-stream").status());
    }
  }

  @Test
  void closingTheServerLeavesNoThreadThatKeepsTheJvmAlive() throws Exception {
    java.util.Set<Thread> before = nonDaemonThreads();
    try (HttpServer server = HttpServer.start(engine, ServerSettings.defaults(), "127.0.0.1", 0);
        McpSyncClient client = mcpClient(server.port(), null)) {
      client.initialize();
      client.listTools();
    }
    long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    java.util.Set<Thread> left = nonDaemonThreads();
    while (!before.containsAll(left) && System.nanoTime() < until) {
      Thread.sleep(20);
      left = nonDaemonThreads();
    }
    left.removeAll(before);
    assertTrue(left.isEmpty(), "still running after close: " + left);
  }

  private static java.util.Set<Thread> nonDaemonThreads() {
    java.util.Set<Thread> threads = new java.util.HashSet<>(Thread.getAllStackTraces().keySet());
    threads.removeIf(t -> t.isDaemon() || !t.isAlive());
    return threads;
  }

  @Test
  @SuppressWarnings("unchecked")
  void jsonApiOffersTheSameOperationsAndShapes() throws Exception {
    try (HttpServer server = HttpServer.start(engine, ServerSettings.defaults(), "127.0.0.1", 0)) {
      HttpApi api = new HttpApi(server.port(), null);
      assertEquals(200, api.send("GET", "/health", null).status());

      HttpApi.Response saved =
          api.send(
              "POST",
              "/v1/records",
              Map.of("content", "The build needs JDK 21.", "tags", List.of("build")));
      assertEquals(200, saved.status(), saved.body().toString());
      String id = (String) saved.body().get("id");

      HttpApi.Response search = api.send("POST", "/v1/search", Map.of("query", "JDK build"));
      List<Map<String, Object>> items = (List<Map<String, Object>>) search.body().get("items");
      assertEquals(id, items.get(0).get("id"));

      HttpApi.Response recall =
          api.send("POST", "/v1/recall", Map.of("query", "which JDK", "budget_tokens", 100));
      assertTrue(((String) recall.body().get("context")).contains("JDK 21"));

      HttpApi.Response list = api.send("GET", "/v1/records?tags=build&limit=5", null);
      assertEquals(1, ((List<?>) list.body().get("items")).size());

      assertEquals("active", api.send("GET", "/v1/records/" + id, null).body().get("status"));
      assertEquals("deleted", api.send("DELETE", "/v1/records/" + id, null).body().get("status"));
      assertTrue(
          ((List<?>) api.send("POST", "/v1/search", Map.of("query", "JDK")).body().get("items"))
              .isEmpty());

      HttpApi.Response bad =
          api.send("POST", "/v1/recall", Map.of("query", "x", "budget_tokens", "many"));
      assertEquals(400, bad.status());
      assertTrue(((String) bad.body().get("error")).startsWith("argument 'budget_tokens'"));
      HttpApi.Response broken = api.send("POST", "/v1/records", "{\"content\": ");
      assertEquals(400, broken.status());
      assertTrue(((String) broken.body().get("error")).startsWith("body: not a JSON object"));
      assertEquals(404, api.send("GET", "/v1/nothing", null).status());
      assertEquals(1, api.send("GET", "/v1/stats", null).body().get("records"));
    }
  }

  @Test
  void foreignOriginsAreRefusedLoopbackOnesServed() throws Exception {
    try (HttpServer server = HttpServer.start(engine, ServerSettings.defaults(), "127.0.0.1", 0)) {
      HttpApi api = new HttpApi(server.port(), null);
      Map<String, Object> body = Map.of("query", "x");
      assertEquals(
          403, api.send("POST", "/v1/search", body, "Origin", "http://evil.example").status());
      assertEquals(
          403, api.send("POST", "/mcp", "{}", "Origin", "http://127.0.0.1.evil.example").status());
      assertEquals(
          200, api.send("POST", "/v1/search", body, "Origin", "http://localhost:3000").status());
      assertEquals(200, api.send("POST", "/v1/search", body).status());
    }
  }

  @Test
  void tokensSelectTheNamespaceAndUnknownOnesAreRefused() throws Exception {
    try (HttpServer server = HttpServer.start(engine, withTokens(), "127.0.0.1", 0)) {
      HttpApi anonymous = new HttpApi(server.port(), null);
      HttpApi wrong = new HttpApi(server.port(), "not-a-token-at-all-xx");
      HttpApi alice = new HttpApi(server.port(), ALICE);
      HttpApi bob = new HttpApi(server.port(), BOB);
      Map<String, Object> body = Map.of("query", "x");
      assertEquals(401, anonymous.send("POST", "/v1/search", body).status());
      assertEquals(401, wrong.send("POST", "/v1/search", body).status());
      assertEquals(401, anonymous.send("POST", "/mcp", "{}").status());
      assertEquals(200, anonymous.send("GET", "/health", null).status());

      String id =
          (String)
              alice
                  .send("POST", "/v1/records", Map.of("content", "Alice's secret plan"))
                  .body()
                  .get("id");
      assertEquals(200, alice.send("GET", "/v1/records/" + id, null).status());
      assertEquals(400, bob.send("GET", "/v1/records/" + id, null).status());
      assertEquals(400, bob.send("DELETE", "/v1/records/" + id, null).status());
      assertTrue(
          ((List<?>)
                  bob.send("POST", "/v1/search", Map.of("query", "secret plan"))
                      .body()
                      .get("items"))
              .isEmpty());

      try (McpSyncClient client = mcpClient(server.port(), BOB)) {
        client.initialize();
        var result =
            StdioServerTest.McpToolFlow.call(client, "memory_search", Map.of("query", "secret"));
        assertTrue(StdioServerTest.McpToolFlow.items(result).isEmpty());
      }
      try (McpSyncClient client = mcpClient(server.port(), ALICE)) {
        client.initialize();
        var result =
            StdioServerTest.McpToolFlow.call(client, "memory_search", Map.of("query", "secret"));
        assertEquals(id, StdioServerTest.McpToolFlow.firstId(result));
      }
    }
  }

  @Test
  void withoutTokensTheConfiguredNamespaceIsServed() throws Exception {
    ServerSettings ada = ServerSettings.defaults().withDefaultTenant(new Tenant("ada", Teams.NONE));
    try (HttpServer server = HttpServer.start(engine, ada, "127.0.0.1", 0)) {
      HttpApi api = new HttpApi(server.port(), null);
      String id =
          (String)
              api.send("POST", "/v1/records", Map.of("content", "Ada's note")).body().get("id");
      assertTrue(engine.get(dev.recall4j.core.Scope.of("ada"), id).isPresent());
      assertTrue(engine.get(dev.recall4j.core.Scope.of("default"), id).isEmpty());
    }
  }

  @Test
  void aNonLoopbackAddressWithoutTokensIsRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> HttpServer.start(engine, ServerSettings.defaults(), "0.0.0.0", 0));
    assertTrue(e.getMessage().contains("non-loopback"), e.getMessage());
  }

  @Test
  void tokensComeFromTheEnvironmentAndAreNeverPrinted() {
    TokenGrant grant =
        TokenGrant.parse("ALICE_TOKEN=alice:tide,reef", Map.of("ALICE_TOKEN", ALICE));
    assertEquals("alice", grant.tenant().namespace());
    assertEquals(Teams.of("tide", "reef"), grant.tenant().teams());
    assertTrue(!grant.toString().contains(ALICE));
    IllegalArgumentException unset =
        assertThrows(
            IllegalArgumentException.class, () -> TokenGrant.parse("NOPE=alice", Map.of()));
    assertTrue(unset.getMessage().contains("NOPE"));
    IllegalArgumentException shortToken =
        assertThrows(
            IllegalArgumentException.class,
            () -> TokenGrant.parse("T=alice", Map.of("T", "short")));
    assertTrue(!shortToken.getMessage().contains("short"), shortToken.getMessage());
  }

  /**
   * A synced record's id is its path and section ({@code notes/harbour.md#tides}): in a route it is
   * percent-encoded, and Jetty refused an encoded {@code /} with 400 before the route was read.
   */
  @Test
  void aRecordWhoseIdHoldsASlashIsReachedByItsEncodedId() throws Exception {
    try (HttpServer server = HttpServer.start(engine, ServerSettings.defaults(), "127.0.0.1", 0)) {
      HttpApi api = new HttpApi(server.port(), null);
      String id = "notes/harbour.md#tides";
      HttpApi.Response saved =
          api.send(
              "POST", "/v1/records", Map.of("id", id, "content", "Spring tides peak at noon."));
      assertEquals(200, saved.status(), saved.body().toString());
      String encoded =
          java.net.URLEncoder.encode(id, java.nio.charset.StandardCharsets.UTF_8)
              .replace("+", "%20");

      HttpApi.Response got = api.send("GET", "/v1/records/" + encoded, null);
      assertEquals(200, got.status(), got.body().toString());
      assertEquals(id, got.body().get("id"));
      HttpApi.Response superseded =
          api.send(
              "POST",
              "/v1/records/" + encoded + "/supersede",
              Map.of("content", "Spring tides peak at one."));
      assertEquals(200, superseded.status(), superseded.body().toString());
      assertEquals(
          "superseded", api.send("GET", "/v1/records/" + encoded, null).body().get("status"));
      HttpApi.Response forgotten = api.send("DELETE", "/v1/records/" + encoded, null);
      assertEquals(200, forgotten.status(), forgotten.body().toString());
      assertEquals(
          404,
          api.send("GET", "/v1/records/notes/harbour.md", null).status(),
          "an unencoded slash is a path segment: no such route");
    }
  }
}
