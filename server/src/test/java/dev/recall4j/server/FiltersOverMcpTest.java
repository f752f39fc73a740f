package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Tier;
import dev.recall4j.engine.RecallEngine;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The filters of {@code memory_search}, {@code memory_list} and {@code memory_recall}, through the
 * SDK's MCP client over HTTP, mean what they mean to the engine (and the CLI): tags all of, task,
 * since/until on the creation time, all projects, the archive.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FiltersOverMcpTest {
  @TempDir static Path workspace;
  private RecallEngine engine;
  private HttpServer server;
  private McpSyncClient client;

  @BeforeAll
  void start() throws Exception {
    engine = TestEngines.open(workspace);
    Instant now = Instant.now();
    Instant monthAgo = now.minus(Duration.ofDays(30));
    engine.importAll(
        List.of(
            record("old-ab", monthAgo, null, null, Tier.ACTIVE, "a", "b"),
            record("new-a", now, null, null, Tier.ACTIVE, "a"),
            record("tide-task", now, "tide", "survey", Tier.ACTIVE),
            record("reef", now, "reef", null, Tier.ACTIVE),
            record("shelved", now, null, null, Tier.ARCHIVED)));
    server = HttpServer.start(engine, ServerSettings.defaults(), "127.0.0.1", 0);
    client = HttpServerTest.mcpClient(server.port(), null);
    client.initialize();
  }

  @AfterAll
  void stop() throws Exception {
    client.close();
    server.close();
    engine.close();
  }

  private static MemoryRecord record(
      String id, Instant created, String project, String task, Tier tier, String... tags) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.MEMORY)
        .kind(Kind.OBSERVATION)
        .tier(tier)
        .scope(new Scope(Scope.DEFAULT_NAMESPACE, project, task, null))
        .tags(List.of(tags))
        .content("The harbour lantern was lit (" + id + ").")
        .created(created)
        .updated(created)
        .build(created);
  }

  private Set<String> ids(String tool, Map<String, Object> filters) {
    Map<String, Object> arguments = new HashMap<>(filters);
    if (!tool.equals("memory_list")) {
      arguments.put("query", "harbour lantern");
    }
    CallToolResult result = StdioServerTest.McpToolFlow.call(client, tool, arguments);
    return StdioServerTest.McpToolFlow.items(result).stream()
        .map(item -> (String) item.get("id"))
        .collect(Collectors.toSet());
  }

  @Test
  void everyFilterMeansTheSameToSearchListAndRecall() {
    Map<Map<String, Object>, Set<String>> expected =
        Map.of(
            Map.of(), Set.of("old-ab", "new-a"),
            Map.of("tags", List.of("a", "b")), Set.of("old-ab"),
            Map.of("tags", List.of("a")), Set.of("old-ab", "new-a"),
            Map.of("since", "7d"), Set.of("new-a"),
            Map.of("until", "7d"), Set.of("old-ab"),
            Map.of("project", "tide"), Set.of("old-ab", "new-a", "tide-task"),
            Map.of("project", "tide", "task", "other"), Set.of("old-ab", "new-a"),
            Map.of("all_projects", true), Set.of("old-ab", "new-a", "tide-task", "reef"),
            Map.of("include_archived", true), Set.of("old-ab", "new-a", "shelved"));
    for (var e : expected.entrySet()) {
      for (String tool : List.of("memory_search", "memory_list", "memory_recall")) {
        assertEquals(e.getValue(), ids(tool, e.getKey()), tool + " " + e.getKey());
      }
    }
  }

  @Test
  void anIsoDateIsMidnightUtcAndABadOneIsAnErrorNamingTheArgument() {
    assertEquals(Set.of("old-ab", "new-a"), ids("memory_search", Map.of("since", "2000-01-01")));
    CallToolResult bad =
        StdioServerTest.McpToolFlow.call(client, "memory_list", Map.of("since", "the other day"));
    assertTrue(bad.isError());
    String message = ((McpSchema.TextContent) bad.content().get(0)).text();
    assertTrue(message.startsWith("argument 'since'"), message);
  }

  @Test
  void searchPagesWithTheCursorItReturns() {
    Map<String, Object> first =
        StdioServerTest.McpToolFlow.structured(
            StdioServerTest.McpToolFlow.call(
                client,
                "memory_search",
                Map.of("query", "harbour lantern", "all_projects", true, "limit", 3)));
    assertEquals(1, first.get("schema"));
    assertEquals("3", first.get("next"));
    Map<String, Object> second =
        StdioServerTest.McpToolFlow.structured(
            StdioServerTest.McpToolFlow.call(
                client,
                "memory_search",
                Map.of("query", "harbour lantern", "all_projects", true, "cursor", "3")));
    assertEquals(1, ((List<?>) second.get("items")).size());
    assertEquals(null, second.get("next"));
  }
}
