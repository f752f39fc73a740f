package dev.recall4j.server;

import dev.recall4j.engine.RecallEngine;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.CountDownLatch;

/**
 * MCP over stdio: what desktop agents and coding assistants spawn. Serves one tenant (the {@code
 * --namespace} it was started with) over the process's standard input and output, so nothing else
 * may write to standard output (logging goes to standard error).
 */
public final class StdioServer implements AutoCloseable {
  private final McpSyncServer server;
  private final CountDownLatch closed = new CountDownLatch(1);

  private StdioServer(McpSyncServer server) {
    this.server = server;
  }

  /** Starts serving the engine over {@code in} and {@code out}; returns at once. */
  public static StdioServer start(
      RecallEngine engine, ServerSettings settings, InputStream in, OutputStream out) {
    StdioServerTransportProvider transport =
        new StdioServerTransportProvider(McpRecallServer.JSON, in, out);
    McpRecallServer mcp =
        new McpRecallServer(
            new MemoryOperations(engine, settings.pageTokenCeiling()),
            settings.stdioTenant(),
            settings.version());
    return new StdioServer(mcp.build(McpServer.sync(transport)));
  }

  /** Blocks until {@link #close} (the client closing standard input ends the process instead). */
  public void awaitClose() throws InterruptedException {
    closed.await();
  }

  @Override
  public void close() {
    try {
      server.closeGracefully();
    } finally {
      closed.countDown();
    }
  }
}
