package dev.recall4j.server;

import dev.recall4j.core.store.StoreHealth;
import dev.recall4j.engine.IndexWrites;
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
import java.time.Duration;
import java.util.EnumSet;
import java.util.Map;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.VirtualThreads;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

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
    return start(engine, engine, settings, host, port);
  }

  /**
   * {@link #start(RecallEngine, ServerSettings, String, int)} with the appends, forgets and
   * supersedes through {@code writes} (the engine's write port, or one that writes files first).
   */
  public static HttpServer start(
      RecallEngine engine, IndexWrites writes, ServerSettings settings, String host, int port)
      throws Exception {
    requireSafeBind(host, settings);
    MemoryOperations operations = new MemoryOperations(engine, writes, settings.pageTokenCeiling());
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
    Server jetty = new Server(requestThreads());
    ServerConnector connector =
        new ServerConnector(jetty, new HttpConnectionFactory(limitedHttp()));
    connector.setIdleTimeout(IDLE_TIMEOUT.toMillis());
    jetty.addBean(new NetworkConnectionLimit(MAX_CONNECTIONS, connector));
    connector.setHost(host);
    connector.setPort(port);
    jetty.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    FilterHolder guard =
        new FilterHolder(
            new AccessGuard(
                settings.defaultTenant(),
                settings.tokens(),
                settings.allowedOrigins(),
                settings.allowedHosts(),
                isLoopback(host)));
    guard.setAsyncSupported(true);
    context.addFilter(guard, "/*", EnumSet.of(DispatcherType.REQUEST));
    FilterHolder limits = new FilterHolder(new RequestLimits());
    limits.setAsyncSupported(true);
    context.addFilter(limits, "/*", EnumSet.of(DispatcherType.REQUEST));
    FilterHolder envelope = new FilterHolder(new JsonRpcEnvelope());
    envelope.setAsyncSupported(true);
    context.addFilter(envelope, "/mcp", EnumSet.of(DispatcherType.REQUEST));
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

  /**
   * Connections open at once at most; beyond, new ones wait in the accept queue. Each costs a
   * parked virtual thread while it sends its request, so a few hundred slow clients stay cheap.
   */
  static final int MAX_CONNECTIONS = 1024;

  /**
   * A connection that sends nothing for this long is closed, a stalled request body among them (a
   * body that trickles is cut by the data rate and {@link RequestLimits#BODY_DEADLINE}).
   */
  static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);

  /**
   * Requests run on virtual threads, so a client that sends its body slowly parks one instead of
   * holding one of a few platform threads; Jetty's own selector and acceptor stay on platform
   * threads.
   */
  private static QueuedThreadPool requestThreads() {
    QueuedThreadPool threads = new QueuedThreadPool(16, 2);
    threads.setName("recall4j-http");
    threads.setVirtualThreadsExecutor(VirtualThreads.getDefaultVirtualThreadsExecutor());
    return threads;
  }

  /**
   * HTTP/1.1 without the server's version in answers. No minimum request data rate: Jetty measures
   * it from the start of the request, so under load a small body that took a few milliseconds to
   * arrive failed it (a 408 for 16 bytes); a trickling body is cut by {@link
   * RequestLimits#BODY_DEADLINE} instead.
   */
  private static HttpConfiguration limitedHttp() {
    HttpConfiguration http = new HttpConfiguration();
    http.setSendServerVersion(false);
    return http;
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
    if (!isLoopback(host)) {
      throw new IllegalArgumentException(
          "--http "
              + host
              + ": refusing to serve a non-loopback address without tokens; configure server.tokens"
              + " or --token VARIABLE=namespace, or bind 127.0.0.1");
    }
  }

  /**
   * Whether the bind address is this machine only: then {@link AccessGuard} checks every Host.
   *
   * @throws IllegalArgumentException naming an address that does not resolve
   */
  private static boolean isLoopback(String host) {
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("--http " + host + ": unknown host");
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
