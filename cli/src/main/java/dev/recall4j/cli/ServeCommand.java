package dev.recall4j.cli;

import dev.recall4j.engine.ConfigFile;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Teams;
import dev.recall4j.server.HttpServer;
import dev.recall4j.server.IntegrityWatch;
import dev.recall4j.server.LocalWriteServer;
import dev.recall4j.server.ServerConfigFile;
import dev.recall4j.server.ServerSettings;
import dev.recall4j.server.StdioServer;
import dev.recall4j.server.Tenant;
import dev.recall4j.server.TokenGrant;
import dev.recall4j.sources.SourceWriteBack;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
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
  static final String DEFAULT_BIND = "127.0.0.1:7077";

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
        arity = "0..1",
        fallbackValue = "",
        paramLabel = "HOST:PORT",
        description =
            "MCP streamable HTTP and the JSON API on this address (default: server.bind of the"
                + " configuration, else "
                + DEFAULT_BIND
                + ").")
    String http;
  }

  @Option(
      names = "--token",
      paramLabel = "VARIABLE=NS[:TEAM,…]",
      description =
          "HTTP: a bearer token, read from the environment variable VARIABLE, that opens namespace"
              + " NS (and these teams); repeatable; replaces server.tokens of the configuration."
              + " Without tokens the server is loopback-only.")
  List<String> tokens = new ArrayList<>();

  @Option(
      names = "--allow-origin",
      paramLabel = "ORIGIN",
      description =
          "HTTP: a browser origin allowed besides loopback ones (http://host:port or"
              + " http://host:*); repeatable; replaces server.allowed_origins.")
  List<String> origins = new ArrayList<>();

  @Option(
      names = "--page-tokens",
      paramLabel = "N",
      description =
          "Most tokens of one search or list answer (default: server.page_token_ceiling, else "
              + ServerSettings.DEFAULT_PAGE_TOKEN_CEILING
              + ").")
  Integer pageTokens;

  @Option(
      names = "--check-every",
      paramLabel = "DURATION",
      defaultValue = "10m",
      converter = WaitDuration.class,
      description =
          "How often to check every index file against its checksum in the background, besides at"
              + " start-up; 0: at start-up only (default: ${DEFAULT-VALUE}).")
  Duration checkEvery;

  @Override
  public Integer call() throws Exception {
    EngineConfig config = options.config();
    ServerConfigFile file = serverSection();
    // Flags override the file's server: section, each as a whole.
    List<TokenGrant> grants = new ArrayList<>();
    for (String token : tokens) {
      grants.add(TokenGrant.parse(token, System.getenv()));
    }
    String version = Main.class.getPackage().getImplementationVersion();
    ServerSettings settings =
        new ServerSettings(
            new Tenant(options.scope(config).namespace(), new Teams(new HashSet<>(options.teams))),
            tokens.isEmpty() ? file.tokens() : grants,
            origins.isEmpty() ? file.allowedOrigins() : origins,
            pageTokens != null
                ? pageTokens
                : Objects.requireNonNullElse(
                    file.pageTokenCeiling(), ServerSettings.DEFAULT_PAGE_TOKEN_CEILING),
            version,
            file.allowedHosts());
    String host = null;
    int port = 0;
    if (transport.http != null) {
      String bind =
          !transport.http.isBlank()
              ? transport.http
              : Objects.requireNonNullElse(file.bind(), DEFAULT_BIND);
      int colon = bind.lastIndexOf(':');
      if (colon <= 0 || !bind.substring(colon + 1).matches("\\d{1,5}")) {
        throw new IllegalArgumentException(
            "--http " + bind + ": expected HOST:PORT, e.g. " + DEFAULT_BIND);
      }
      host = bind.substring(0, colon);
      port = Integer.parseInt(bind.substring(colon + 1));
      HttpServer.requireSafeBind(host, settings); // before the index is opened
    }
    RecallEngine engine = RecallEngine.open(config);
    warmModel(engine);
    // Other processes' writing commands send their writes here while this process holds the
    // index (its note in the index directory), whichever transport agents use.
    LocalWriteServer localWrites;
    try {
      localWrites = LocalWriteServer.start(engine);
    } catch (IOException | RuntimeException e) {
      engine.close();
      throw e;
    }
    // The tools' appends, forgets and supersedes write a writable source's files first.
    IndexWrites writes;
    try {
      writes =
          SourceWriteBack.wrap(
              engine,
              config.indexDir(),
              options.scope(config),
              SourceOptions.read(options),
              Clock.systemUTC());
    } catch (IOException | RuntimeException e) {
      try (engine) {
        localWrites.close();
      }
      throw e;
    }
    IntegrityWatch watch = IntegrityWatch.start(engine, checkEvery);
    AutoCloseable server;
    Waiter waiter;
    try {
      if (transport.stdio) {
        // Standard output carries MCP messages only; logs go to standard error.
        StdioServer stdio = StdioServer.start(engine, writes, settings, System.in, System.out);
        server = stdio;
        waiter = stdio::awaitClose;
        // Ready, said where a client or its user looks: stdout is the protocol's.
        spec.commandLine()
            .getErr()
            .printf("recall4j serve: serving %s over stdio (MCP)%n", config.indexDir());
        spec.commandLine().getErr().flush();
      } else {
        HttpServer http = HttpServer.start(engine, writes, settings, host, port);
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
      try (engine;
          watch) {
        localWrites.close();
      }
      throw e;
    }
    AtomicBoolean stopped = new AtomicBoolean();
    Runnable stop =
        () -> {
          if (stopped.compareAndSet(false, true)) {
            stop(localWrites, server, watch, engine);
          }
        };
    // SIGTERM or SIGINT: close the server, then the engine (every acknowledged write committed).
    Runtime.getRuntime().addShutdownHook(new Thread(stop, "recall4j-serve-shutdown"));
    waiter.await(); // until the hook stops the server, or a stdio client closes its end
    stop.run();
    return 0;
  }

  /** The query embedded before serving (and so in the query cache). */
  static final String WARM_UP_QUERY = "warm-up";

  /**
   * Ready means warm: waits for the model (an in-process one loads in the background while the
   * index opens, about a second) and embeds one query, so that the first recall served neither
   * misses its deadline nor pays the model's first run (15-30 ms against 5 for the next ones, bge
   * on 2 busy cores). A model that fails here is logged; recall answers lexically until it works.
   */
  private static void warmModel(RecallEngine engine) {
    engine
        .embedder()
        .ifPresent(
            embedder -> {
              try {
                embedder.embedQuery(WARM_UP_QUERY);
              } catch (RuntimeException e) {
                LOG.warn("embedder not ready, recall is lexical until it is: {}", e.getMessage());
              }
            });
  }

  /** The server: section of the configuration file in use (--config, else ./recall4j.yaml). */
  private ServerConfigFile serverSection() throws IOException {
    Path file =
        options.config != null
            ? options.config
            : Path.of("").toAbsolutePath().resolve(ConfigFile.FILE_NAME);
    return Files.isRegularFile(file)
        ? ServerConfigFile.read(file, System.getenv())
        : ServerConfigFile.NONE;
  }

  private interface Waiter {
    void await() throws InterruptedException;
  }

  /**
   * Stops taking writes (removing the note), then the server and the integrity checks, then commits
   * and closes.
   */
  private static void stop(
      LocalWriteServer localWrites,
      AutoCloseable server,
      IntegrityWatch watch,
      RecallEngine engine) {
    try (engine;
        watch;
        server;
        localWrites) {
      // closed in reverse order: local writes, server, integrity checks, engine
    } catch (Exception e) {
      LOG.warn("closing the server: {}", e.toString());
    }
  }
}
