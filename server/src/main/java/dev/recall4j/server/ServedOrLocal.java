package dev.recall4j.server;

import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.RecallEngine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Chooses where a command's writes go: to the {@code serve} process holding the index when one
 * answers there (one writer, many callers), else to an engine the command opens itself.
 */
public final class ServedOrLocal {
  private ServedOrLocal() {}

  /**
   * Writes through the server holding {@code indexDir} when one answers there, else on the engine
   * {@code opener} opens; closing them closes that engine, or the connection.
   */
  public static IndexWrites open(Path indexDir, EngineOpener opener) throws IOException {
    Optional<ServedWrites> served = ServeFile.find(indexDir).flatMap(ServedWrites::connect);
    return served.isPresent() ? served.get() : opener.open();
  }

  /** Opens the engine for writing when no server holds the index. */
  @FunctionalInterface
  public interface EngineOpener {
    RecallEngine open() throws IOException;
  }
}
