package dev.recall4j.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall4j.core.store.StoreUnavailableException;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MCP face of {@link MemoryOperations}: every {@link Tool} as an MCP tool whose answer carries
 * a text rendering and {@code structuredContent}, plus the resource {@code memory://context} (the
 * always-loaded block). The same tools serve stdio and streamable HTTP.
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
  private static final McpSchema.ServerCapabilities CAPABILITIES =
      McpSchema.ServerCapabilities.builder().tools(false).resources(false, false).build();
  private static final String INSTRUCTIONS =
      "Long-term memory for this user and workspace. At session start read "
          + CONTEXT_URI
          + " (or call "
          + Tool.CONTEXT.wireName()
          + "); before answering, call "
          + Tool.RECALL.wireName()
          + " with the user's request; save durable facts and preferences with "
          + Tool.APPEND.wireName()
          + "; correct with "
          + Tool.SUPERSEDE.wireName()
          + ".";

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

  /**
   * Adds the tools and the resource to a stateful SDK server specification (stdio: one client
   * connection) and builds the server.
   */
  McpSyncServer build(McpServer.SyncSpecification<?> specification) {
    return specification
        .serverInfo("recall4j", version)
        .instructions(INSTRUCTIONS)
        .jsonMapper(JSON)
        // Arguments are checked by MemoryOperations, whose errors name the argument.
        .validateToolInputs(false)
        .jsonSchemaValidator(new NoOutputSchemas())
        .capabilities(CAPABILITIES)
        .tools(
            Stream.of(Tool.values())
                .map(
                    tool ->
                        SyncToolSpecification.builder()
                            .tool(mcpTool(tool))
                            .callHandler(
                                (exchange, request) ->
                                    call(
                                        tool,
                                        tenant(exchange.transportContext()),
                                        request.arguments()))
                            .build())
                .toList())
        .resources(
            new SyncResourceSpecification(
                contextResource(),
                (exchange, request) -> readContext(tenant(exchange.transportContext()))))
        .build();
  }

  /**
   * The same tools and resource on a stateless server (streamable HTTP answering each POST with one
   * JSON body: no session, no event stream, nothing to push to clients). Tools run on the servlet
   * thread that read the request.
   */
  McpStatelessSyncServer build(McpServer.StatelessSyncSpecification specification) {
    return specification
        .serverInfo("recall4j", version)
        .instructions(INSTRUCTIONS)
        .jsonMapper(JSON)
        .validateToolInputs(false)
        .jsonSchemaValidator(new NoOutputSchemas())
        .immediateExecution(true)
        .capabilities(CAPABILITIES)
        .tools(
            Stream.of(Tool.values())
                .map(
                    tool ->
                        McpStatelessServerFeatures.SyncToolSpecification.builder()
                            .tool(mcpTool(tool))
                            .callHandler(
                                (context, request) ->
                                    call(tool, tenant(context), request.arguments()))
                            .build())
                .toList())
        .resources(
            new McpStatelessServerFeatures.SyncResourceSpecification(
                contextResource(), (context, request) -> readContext(tenant(context))))
        .build();
  }

  private static McpSchema.Tool mcpTool(Tool tool) {
    return McpSchema.Tool.builder(tool.wireName(), tool.spec().inputSchema())
        .description(tool.spec().description())
        .build();
  }

  private CallToolResult call(Tool tool, Tenant tenant, Map<String, Object> arguments) {
    try {
      Answer answer = operations.call(tool, tenant, arguments);
      return CallToolResult.builder()
          .addTextContent(answer.text())
          .structuredContent(answer.structured())
          .build();
    } catch (IllegalArgumentException e) {
      return error(ErrorBody.of(e));
    } catch (StoreUnavailableException e) {
      return error(ErrorBody.forStatus(503, e.getMessage()));
    } catch (IllegalStateException e) {
      return error(ErrorBody.forStatus(409, e.getMessage()));
    } catch (RuntimeException e) {
      LOG.error("{} failed", tool.wireName(), e);
      return error(
          ErrorBody.forStatus(
              500,
              tool.wireName()
                  + " failed: "
                  + e.getClass().getSimpleName()
                  + "; see the server log"));
    }
  }

  /** A tool error: its text the message, its structured content the shape /v1 answers. */
  private static CallToolResult error(ErrorBody error) {
    return CallToolResult.builder()
        .addTextContent(error.message())
        .structuredContent(error.shape())
        .isError(true)
        .build();
  }

  private static McpSchema.Resource contextResource() {
    return McpSchema.Resource.builder(CONTEXT_URI, "context")
        .description(
            "The always-loaded block (identity, profile, pinned facts) to inject at session start.")
        .mimeType("text/plain")
        .build();
  }

  private McpSchema.ReadResourceResult readContext(Tenant tenant) {
    Answer answer = operations.call(Tool.CONTEXT, tenant, Map.of());
    return new McpSchema.ReadResourceResult(
        List.of(new McpSchema.TextResourceContents(CONTEXT_URI, "text/plain", answer.text())),
        null);
  }

  private Tenant tenant(McpTransportContext context) {
    Object tenant = context.get(TENANT);
    return tenant instanceof Tenant t ? t : fallback;
  }
}
