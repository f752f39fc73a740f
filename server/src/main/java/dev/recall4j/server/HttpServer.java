package dev.recall4j.server;

import dev.recall4j.core.store.StoreHealth;
import dev.recall4j.engine.RecallEngine;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.EnumSet;
import java.util.Map;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * MCP streamable HTTP at {@code /mcp}, the JSON API under {@code /v1/} and {@code GET /health}, on
 * one Jetty server over one engine. Every request but {@code /health} passes {@link AccessGuard}.
 *
 * <p>Without tokens the server serves its default tenant (the configured namespace) and binds to a
 * loopback address only: a non-loopback address without tokens is refused before anything listens.
 */
public final class HttpServer implements AutoCloseable {
  private static final String JETTY_REFERENCES_PER_CACHE_LINE =
      "org.eclipse.jetty.util.referencesPerCacheLine";

  private final Server jetty;
  private final McpStatelessSyncServer mcp;

  private HttpServer(Server jetty, McpStatelessSyncServer mcp) {
    this.jetty = jetty;
    this.mcp = mcp;
  }

  /**
   * Starts listening on {@code host:port} (port 0 picks a free one) and returns.
   *
   * @throws IllegalArgumentException when {@code host} is not loopback and no tokens are configured
   */
  public static HttpServer start(
      RecallEngine engine, ServerSettings settings, String host, int port) throws Exception {
    requireSafeBind(host, settings);
    MemoryOperations operations = new MemoryOperations(engine, settings.pageTokenCeiling());
    // Stateless streamable HTTP: every POST is answered with one JSON body on the Jetty thread that
    // read it. The tools need no session or server-to-client stream, and the stateful transport's
    // event stream, session bookkeeping and hand-offs between threads cost ~2-3 ms a call (and left
    // a non-daemon session-sweeper thread behind after close).
    HttpServletStatelessServerTransport transport =
        HttpServletStatelessServerTransport.builder()
            .jsonMapper(McpRecallServer.JSON)
            .messageEndpoint("/mcp")
            .contextExtractor(
                request -> {
                  Object tenant = request.getAttribute(AccessGuard.TENANT_ATTRIBUTE);
                  return tenant == null
                      ? McpTransportContext.EMPTY
                      : McpTransportContext.create(Map.of(McpRecallServer.TENANT, tenant));
                })
            .build();
    // Over HTTP a call without a tenant never reaches a tool (AccessGuard); none is the fallback.
    McpStatelessSyncServer mcp =
        new McpRecallServer(operations, settings.defaultTenant(), settings.version())
            .build(McpServer.sync(transport));

    // Without this hint Jetty starts the platform MBean server (JMX, with JFR's MBean) to ask
    // whether references are compressed: ~0.3 s of start-up for a padding size. 16 references of 4
    // bytes fill a 64-byte cache line (compressed references: any heap under 32 GB).
    if (System.getProperty(JETTY_REFERENCES_PER_CACHE_LINE) == null) {
      System.setProperty(JETTY_REFERENCES_PER_CACHE_LINE, "16");
    }
    Server jetty = new Server();
    ServerConnector connector = new ServerConnector(jetty);
    connector.setHost(host);
    connector.setPort(port);
    jetty.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    FilterHolder guard =
        new FilterHolder(
            new AccessGuard(
                settings.defaultTenant(), settings.tokens(), settings.allowedOrigins()));
    guard.setAsyncSupported(true);
    context.addFilter(guard, "/*", EnumSet.of(DispatcherType.REQUEST));
    ServletHolder mcpHolder = new ServletHolder(transport);
    mcpHolder.setAsyncSupported(true);
    context.addServlet(mcpHolder, "/mcp");
    context.addServlet(new ServletHolder(new JsonApiServlet(operations)), "/v1/*");
    context.addServlet(new ServletHolder(new HealthServlet(engine)), "/health");
    jetty.setHandler(context);
    try {
      jetty.start();
    } catch (Exception e) {
      mcp.close();
      jetty.stop();
      throw e;
    }
    return new HttpServer(jetty, mcp);
  }

  /** The port listened on (the one picked when started with port 0). */
  public int port() {
    return ((ServerConnector) jetty.getConnectors()[0]).getLocalPort();
  }

  /** Blocks until the server stops. */
  public void join() throws InterruptedException {
    jetty.join();
  }

  @Override
  public void close() throws Exception {
    try {
      mcp.closeGracefully();
    } finally {
      jetty.stop();
    }
  }

  /**
   * Refuses a non-loopback {@code host} when no tokens are configured: call before opening the
   * index, so a refused start changes nothing.
   *
   * @throws IllegalArgumentException naming the address
   */
  public static void requireSafeBind(String host, ServerSettings settings) {
    if (!settings.tokens().isEmpty()) {
      return;
    }
    boolean loopback;
    try {
      loopback = InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("--http " + host + ": unknown host");
    }
    if (!loopback) {
      throw new IllegalArgumentException(
          "--http "
              + host
              + ": refusing to serve a non-loopback address without tokens; configure server.tokens"
              + " or --token VARIABLE=namespace, or bind 127.0.0.1");
    }
  }

  /**
   * {@code GET /health}, no token needed: 200 {@code {"status":"ok"}} while the index serves, 503
   * {@code {"status":"degraded","reason":"..."}} while its writes cannot succeed (a full disk) or
   * once damage was found in it; no data.
   */
  private static final class HealthServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    private final transient RecallEngine engine;

    HealthServlet(RecallEngine engine) {
      this.engine = engine;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      StoreHealth health = engine.health();
      response.setStatus(health.ok() ? 200 : 503);
      response.setContentType("application/json");
      response.setCharacterEncoding("UTF-8");
      JsonBodies.write(
          response.getOutputStream(),
          health.ok()
              ? Map.of("status", "ok")
              : Map.of("status", "degraded", "reason", health.problem()));
    }
  }
}
