package dev.recall4j.server;

import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.RecallEngine;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.CountDownLatch;

/**
 * MCP over stdio: what desktop agents and coding assistants spawn. Serves one tenant (the {@code
 * --namespace} it was started with) over the process's standard input and output, so nothing else
 * may write to standard output (logging goes to standard error). The end of standard input (the
 * client went away) ends {@link #awaitClose}, so the index is not held by an orphan.
 */
public final class StdioServer implements AutoCloseable {
  private final CountDownLatch closed;
  private final McpSyncServer server;

  private StdioServer(CountDownLatch closed, McpSyncServer server) {
    this.closed = closed;
    this.server = server;
  }

  /** Starts serving the engine over {@code in} and {@code out}; returns at once. */
  public static StdioServer start(
      RecallEngine engine, ServerSettings settings, InputStream in, OutputStream out) {
    return start(engine, engine, settings, in, out);
  }

  /**
   * Starts serving the engine over {@code in} and {@code out}, its appends, forgets and supersedes
   * through {@code writes} (the engine's write port, or one that writes files first); returns at
   * once.
   */
  public static StdioServer start(
      RecallEngine engine,
      IndexWrites writes,
      ServerSettings settings,
      InputStream in,
      OutputStream out) {
    CountDownLatch closed = new CountDownLatch(1);
    StdioServerTransportProvider transport =
        new StdioServerTransportProvider(
            McpRecallServer.JSON, new EndSignallingStream(in, closed::countDown), out);
    McpRecallServer mcp =
        new McpRecallServer(
            new MemoryOperations(engine, writes, settings.pageTokenCeiling()),
            settings.defaultTenant(),
            settings.version());
    return new StdioServer(closed, mcp.build(McpServer.sync(transport)));
  }

  /** Blocks until {@link #close} or the end of the input. */
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

  /** Runs {@code onEnd} when a read finds the end of the stream. */
  private static final class EndSignallingStream extends FilterInputStream {
    private final Runnable onEnd;

    EndSignallingStream(InputStream in, Runnable onEnd) {
      super(in);
      this.onEnd = onEnd;
    }

    @Override
    public int read() throws IOException {
      return ended(super.read());
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      return ended(super.read(b, off, len));
    }

    private int ended(int result) {
      if (result == -1) {
        onEnd.run();
      }
      return result;
    }
  }
}
