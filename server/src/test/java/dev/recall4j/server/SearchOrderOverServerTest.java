package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall4j.engine.RecallEngine;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32, item 1, over the served paths: {@code /v1/search} and {@code memory_search} answer in
 * relevance order, pinned records ranked like any other; {@code /v1/recall} injects the pinned
 * records first. The records are written through {@code /v1/records} as an agent would; the
 * expected orders are fixed (lexical only).
 */
class SearchOrderOverServerTest {
  private static final String QUERY = "kafka consumer lag";
  private static final List<String> BY_RELEVANCE =
      List.of("log-fix", "log-alert", "pin-bus", "pin-contracts", "pin-profile");

  @TempDir Path workspace;
  private RecallEngine engine;
  private HttpServer server;
  private HttpApi api;

  @BeforeEach
  void start() throws Exception {
    engine = TestEngines.open(workspace);
    server = HttpServer.start(engine, ServerSettings.defaults(), "127.0.0.1", 0);
    api = new HttpApi(server.port(), null);
    append("pin-bus", "project_fact", true, "Kafka is the team's message bus.");
    append(
        "pin-contracts",
        "user_preference",
        true,
        "The user prefers consumer-driven contract tests over end-to-end suites.");
    append(
        "pin-profile",
        "workspace_profile",
        true,
        "Workspace orders: a Java service, reviewed daily so that nothing may lag.");
    append(
        "log-fix",
        "tool_use",
        false,
        "Kafka consumer lag on the orders topic: fixed by raising max.poll.records; the"
            + " consumer lag fell from 40k to 200.");
    append(
        "log-alert",
        "observation",
        false,
        "The consumer lag alert fires when the Kafka lag stays over 10k for five minutes.");
    append("tea", "user_preference", false, "The user drinks green tea at nine.");
  }

  @AfterEach
  void stop() throws Exception {
    try (RecallEngine served = engine) {
      server.close();
    }
  }

  private void append(String id, String kind, boolean pinned, String content) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("id", id);
    body.put("kind", kind);
    body.put("pinned", pinned);
    body.put("content", content);
    assertEquals(200, api.send("POST", "/v1/records", body).status());
  }

  @SuppressWarnings("unchecked")
  private static List<String> ids(Object items) {
    return ((List<Map<String, Object>>) items).stream().map(i -> (String) i.get("id")).toList();
  }

  @Test
  void jsonApiSearchIsRelevanceOrder() {
    HttpApi.Response found = api.send("POST", "/v1/search", Map.of("query", QUERY));
    assertEquals(200, found.status(), found.body().toString());
    assertEquals(BY_RELEVANCE, ids(found.body().get("items")));
  }

  @Test
  @SuppressWarnings("unchecked")
  void mcpSearchIsRelevanceOrder() {
    Map<String, Object> result = api.callTool("memory_search", Map.of("query", QUERY));
    assertEquals(false, result.get("isError"), result.toString());
    assertEquals(
        BY_RELEVANCE, ids(((Map<String, Object>) result.get("structuredContent")).get("items")));
  }

  @Test
  void recallInjectsPinnedRecordsFirst() {
    HttpApi.Response recalled =
        api.send("POST", "/v1/recall", Map.of("query", QUERY, "budget_tokens", 2000));
    assertEquals(200, recalled.status(), recalled.body().toString());
    assertEquals(
        List.of("pin-profile", "pin-bus", "pin-contracts", "log-fix", "log-alert"),
        ids(recalled.body().get("items")));
  }
}
