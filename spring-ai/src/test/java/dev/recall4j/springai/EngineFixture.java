package dev.recall4j.springai;

import dev.recall4j.core.Scope;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Teams;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A real engine over a Lucene index in a temporary folder, configured for the in-process MiniLM
 * model (the faster of the two in-process models), and a store over its namespace {@code spring}.
 */
final class EngineFixture implements AutoCloseable {
  static final String MODEL = "all-minilm-l6-v2-q";
  static final String NAMESPACE = "spring";

  final RecallEngine engine;
  final Recall4jVectorStore store;

  EngineFixture(Path workspace) {
    try {
      this.engine = RecallEngine.open(EngineConfig.builder(workspace).embedderModel(MODEL).build());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    this.store = Recall4jVectorStore.builder(engine).namespace(NAMESPACE).build();
  }

  /** Purges every record of the store's namespace. */
  void clear() {
    List<String> ids = new ArrayList<>();
    engine.export(Scope.of(NAMESPACE), Teams.NONE, record -> ids.add(record.id()));
    if (!ids.isEmpty()) {
      engine.purgeAll(Scope.of(NAMESPACE), ids);
    }
  }

  @Override
  public void close() throws IOException {
    engine.close();
  }
}
