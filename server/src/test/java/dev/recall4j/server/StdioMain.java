package dev.recall4j.server;

import dev.recall4j.engine.RecallEngine;
import java.nio.file.Path;

/**
 * A stdio server as a child process for {@link StdioServerTest}: what {@code recall4j serve
 * --stdio} runs, without the CLI (which depends on this module). Argument: the workspace.
 */
public final class StdioMain {
  private StdioMain() {}

  public static void main(String[] args) throws Exception {
    RecallEngine engine = TestEngines.open(Path.of(args[0]));
    StdioServer server =
        StdioServer.start(engine, ServerSettings.defaults(), System.in, System.out);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  server.close();
                  try {
                    engine.close();
                  } catch (Exception e) {
                    e.printStackTrace();
                  }
                }));
    server.awaitClose();
  }
}
