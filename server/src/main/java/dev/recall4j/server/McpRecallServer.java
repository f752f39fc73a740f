package dev.recall4j.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MCP face of {@link MemoryOperations}: every operation of {@link ToolCatalog} as a tool whose
 * answer carries a text rendering and {@code structuredContent}, plus the resource {@code
 * memory://context} (the always-loaded block). The same tools serve stdio and streamable HTTP.
 *
 * <p>A bad call answers a tool error ({@code isError}) whose text names the argument, so the model
 * can fix it; nothing is changed. An unexpected failure is logged here and answered with one line,
 * never a stack trace.
 */
final class McpRecallServer {
  /** Key of the caller's {@link Tenant} in the MCP transport context (HTTP sets it per request). */
  static final String TENANT = "recall4j.tenant";

  static final String CONTEXT_URI = "memory://context";
  static final McpJsonMapper JSON = new JacksonMcpJsonMapper(new ObjectMapper());

  private static final Logger LOG = LoggerFactory.getLogger(McpRecallServer.class);
  private static final String INSTRUCTIONS =
      "Long-term memory for this user and workspace. At session start read memory://context (or"
          + " call memory_context); before answering, call memory_recall with the user's request;"
          + " save durable facts and preferences with memory_append; correct with"
          + " memory_supersede.";

  private final MemoryOperations operations;
  private final Tenant fallback;
  private final String version;

  /**
   * @param fallback the tenant of calls whose transport names none (stdio)
   */
  McpRecallServer(MemoryOperations operations, Tenant fallback, String version) {
    this.operations = operations;
    this.fallback = fallback;
    this.version = version;
  }

  /** Adds the tools and the resource to an SDK server specification and builds the server. */
  McpSyncServer build(McpServer.SyncSpecification<?> specification) {
    return specification
        .serverInfo("recall4j", version)
        .instructions(INSTRUCTIONS)
        .jsonMapper(JSON)
        // Arguments are checked by MemoryOperations, whose errors name the argument.
        .validateToolInputs(false)
        .capabilities(
            McpSchema.ServerCapabilities.builder().tools(false).resources(false, false).build())
        .tools(ToolCatalog.all().stream().map(this::tool).toList())
        .resources(contextResource())
        .build();
  }

  private SyncToolSpecification tool(ToolSpec spec) {
    McpSchema.Tool tool =
        McpSchema.Tool.builder(spec.name(), spec.inputSchema())
            .description(spec.description())
            .build();
    return SyncToolSpecification.builder()
        .tool(tool)
        .callHandler((exchange, request) -> call(spec.name(), exchange, request.arguments()))
        .build();
  }

  private CallToolResult call(
      String tool, McpSyncServerExchange exchange, Map<String, Object> arguments) {
    try {
      Answer answer = operations.call(tool, tenant(exchange), arguments);
      return CallToolResult.builder()
          .addTextContent(answer.text())
          .structuredContent(answer.structured())
          .build();
    } catch (IllegalArgumentException | IllegalStateException e) {
      return error(e.getMessage());
    } catch (RuntimeException e) {
      LOG.error("{} failed", tool, e);
      return error(tool + " failed: " + e.getClass().getSimpleName() + "; see the server log");
    }
  }

  private static CallToolResult error(String message) {
    return CallToolResult.builder().addTextContent(message).isError(true).build();
  }

  private SyncResourceSpecification contextResource() {
    McpSchema.Resource resource =
        McpSchema.Resource.builder(CONTEXT_URI, "context")
            .description(
                "The always-loaded block (identity, profile, pinned facts) to inject at session"
                    + " start.")
            .mimeType("text/plain")
            .build();
    return new SyncResourceSpecification(
        resource,
        (exchange, request) -> {
          Answer answer = operations.call("memory_context", tenant(exchange), Map.of());
          return new McpSchema.ReadResourceResult(
              List.of(new McpSchema.TextResourceContents(CONTEXT_URI, "text/plain", answer.text())),
              null);
        });
  }

  private Tenant tenant(McpSyncServerExchange exchange) {
    Object tenant = exchange.transportContext().get(TENANT);
    return tenant instanceof Tenant t ? t : fallback;
  }
}
