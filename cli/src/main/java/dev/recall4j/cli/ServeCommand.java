package dev.recall4j.cli;

import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Teams;
import dev.recall4j.server.HttpServer;
import dev.recall4j.server.ServerSettings;
import dev.recall4j.server.StdioServer;
import dev.recall4j.server.Tenant;
import dev.recall4j.server.TokenGrant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code recall4j serve}: one engine opened once (the index's one writer, the model loaded once)
 * served to agents in any language until the process is stopped; SIGTERM closes the engine, so
 * every acknowledged write is committed, and exits.
 */
@Command(
    name = "serve",
    description =
        "Serve the index to agents: MCP over stdio (--stdio), or over HTTP (--http HOST:PORT:"
            + " MCP at /mcp, a JSON API under /v1/, /health).")
final class ServeCommand implements Callable<Integer> {
  private static final Logger LOG = LoggerFactory.getLogger(ServeCommand.class);

  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @ArgGroup(multiplicity = "1")
  Transport transport;

  static final class Transport {
    @Option(names = "--stdio", required = true, description = "MCP over standard input/output.")
    boolean stdio;

    @Option(
        names = "--http",
        required = true,
        paramLabel = "HOST:PORT",
        description = "MCP streamable HTTP and the JSON API on this address, e.g. 127.0.0.1:7077.")
    String http;
  }

  @Option(
      names = "--token",
      paramLabel = "VARIABLE=NS[:TEAM,…]",
      description =
          "HTTP: a bearer token, read from the environment variable VARIABLE, that opens namespace"
              + " NS (and these teams); repeatable. Without tokens the server is loopback-only.")
  List<String> tokens = new ArrayList<>();

  @Option(
      names = "--allow-origin",
      paramLabel = "ORIGIN",
      description =
          "HTTP: a browser origin allowed besides loopback ones (http://host:port or"
              + " http://host:*); repeatable.")
  List<String> origins = new ArrayList<>();

  @Option(
      names = "--page-tokens",
      paramLabel = "N",
      description = "Most tokens of one search or list answer (default: ${DEFAULT-VALUE}).")
  int pageTokens = ServerSettings.DEFAULT_PAGE_TOKEN_CEILING;

  @Override
  public Integer call() throws Exception {
    EngineConfig config = options.config();
    List<TokenGrant> grants = new ArrayList<>();
    for (String token : tokens) {
      grants.add(TokenGrant.parse(token, System.getenv()));
    }
    String version = Main.class.getPackage().getImplementationVersion();
    ServerSettings settings =
        new ServerSettings(
            new Tenant(options.scope(config).namespace(), new Teams(new HashSet<>(options.teams))),
            grants,
            origins,
            pageTokens,
            version);
    String host = null;
    int port = 0;
    if (transport.http != null) {
      int colon = transport.http.lastIndexOf(':');
      if (colon <= 0 || !transport.http.substring(colon + 1).matches("\\d{1,5}")) {
        throw new IllegalArgumentException(
            "--http " + transport.http + ": expected HOST:PORT, e.g. 127.0.0.1:7077");
      }
      host = transport.http.substring(0, colon);
      port = Integer.parseInt(transport.http.substring(colon + 1));
      HttpServer.requireSafeBind(host, settings); // before the index is opened
    }
    RecallEngine engine = RecallEngine.open(config);
    AutoCloseable server;
    Waiter waiter;
    try {
      if (transport.stdio) {
        // Standard output carries MCP messages only; logs go to standard error.
        StdioServer stdio = StdioServer.start(engine, settings, System.in, System.out);
        server = stdio;
        waiter = stdio::awaitClose;
      } else {
        HttpServer http = HttpServer.start(engine, settings, host, port);
        server = http;
        waiter = http::join;
        spec.commandLine()
            .getOut()
            .printf(
                "serving %s on http://%s:%d (MCP at /mcp, JSON API under /v1/)%n",
                config.indexDir(), host, http.port());
        spec.commandLine().getOut().flush();
      }
    } catch (Exception | Error e) {
      engine.close();
      throw e;
    }
    AtomicBoolean stopped = new AtomicBoolean();
    Runnable stop =
        () -> {
          if (stopped.compareAndSet(false, true)) {
            stop(server, engine);
          }
        };
    // SIGTERM or SIGINT: close the server, then the engine (every acknowledged write committed).
    Runtime.getRuntime().addShutdownHook(new Thread(stop, "recall4j-serve-shutdown"));
    waiter.await(); // until the hook stops the server, or a stdio client closes its end
    stop.run();
    return 0;
  }

  private interface Waiter {
    void await() throws InterruptedException;
  }

  private static void stop(AutoCloseable server, RecallEngine engine) {
    try (engine) {
      server.close();
    } catch (Exception e) {
      LOG.warn("closing the server: {}", e.toString());
    }
  }
}
