package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SDK's own client spawning the server as a real child process over stdio. */
class StdioServerTest {
  @TempDir Path workspace;

  @Test
  void toolsOverStdioEndToEnd() {
    List<String> command = ChildJvm.command(StdioMain.class, workspace.toString());
    ServerParameters parameters =
        ServerParameters.builder(command.get(0)).args(command.subList(1, command.size())).build();
    try (McpSyncClient client =
        McpClient.sync(new StdioClientTransport(parameters, McpRecallServer.JSON))
            .requestTimeout(Duration.ofSeconds(60))
            .initializationTimeout(Duration.ofSeconds(60))
            .build()) {
      client.initialize();
      McpToolFlow.run(client);
    }
  }

  /** The flow both transports must pass: list, append, search, recall, forget. */
  static final class McpToolFlow {
    private McpToolFlow() {}

    static void run(McpSyncClient client) {
      Set<String> tools =
          client.listTools().tools().stream().map(McpSchema.Tool::name).collect(Collectors.toSet());
      assertEquals(
          Set.of(
              "memory_recall",
              "memory_search",
              "memory_append",
              "memory_context",
              "memory_get",
              "memory_list",
              "memory_forget",
              "memory_supersede",
              "memory_stats",
              "memory_record_session",
              "memory_session_end"),
          tools);

      Map<String, Object> saved =
          structured(
              call(
                  client,
                  "memory_append",
                  Map.of("content", "Ada deploys with ops/deploy.sh on Fridays.")));
      String id = (String) saved.get("id");

      assertEquals(id, firstId(call(client, "memory_search", Map.of("query", "deploy"))));

      CallToolResult recall =
          call(
              client,
              "memory_recall",
              Map.of("query", "how does Ada deploy", "budget_tokens", 150));
      String context = ((McpSchema.TextContent) recall.content().get(0)).text();
      assertTrue(context.contains("ops/deploy.sh"), context);
      assertTrue(((Number) structured(recall).get("tokens")).intValue() <= 150);

      CallToolResult bad = call(client, "memory_recall", Map.of("query", "x", "budget_tokens", -1));
      assertTrue(bad.isError());
      String message = ((McpSchema.TextContent) bad.content().get(0)).text();
      assertTrue(message.startsWith("argument 'budget_tokens'"), message);
      assertFalse(message.contains("\tat "), message);

      call(client, "memory_forget", Map.of("id", id));
      assertTrue(items(call(client, "memory_search", Map.of("query", "deploy"))).isEmpty());

      McpSchema.ReadResourceResult resource =
          client.readResource(new McpSchema.ReadResourceRequest(McpRecallServer.CONTEXT_URI));
      assertEquals(1, resource.contents().size());
    }

    static CallToolResult call(McpSyncClient client, String tool, Map<String, Object> args) {
      return client.callTool(new CallToolRequest(tool, args));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> structured(CallToolResult result) {
      assertFalse(Boolean.TRUE.equals(result.isError()), () -> result.content().toString());
      return (Map<String, Object>) result.structuredContent();
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> items(CallToolResult result) {
      return (List<Map<String, Object>>) structured(result).get("items");
    }

    static String firstId(CallToolResult result) {
      return (String) items(result).get(0).get("id");
    }
  }
}
