package dev.recall4j.langchain4j;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.recall4j.embeddings.Embedders;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.StoreOpener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;

/**
 * A real engine over a Lucene index in a temporary folder, or over a store of a conformance kit,
 * with the in-process MiniLM model (the faster of the two in-process models), a LangChain4j store
 * over it and the engine's model as LangChain4j's.
 */
final class StoreFixture implements AutoCloseable {
  static final String MODEL = "all-minilm-l6-v2-q";

  final RecallEngine engine;
  final Recall4jEmbeddingStore store;
  final EmbeddingModel model;

  StoreFixture(Path workspace) {
    this(workspace, null);
  }

  /** Over {@code store} (null: the workspace's in-process index). */
  StoreFixture(Path workspace, StoreOpener store) {
    try {
      EngineConfig config = EngineConfig.builder(workspace).store(store).build();
      this.engine = RecallEngine.open(config, Embedders.inProcess(MODEL), Clock.systemUTC());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    this.store = Recall4jEmbeddingStore.builder(engine).namespace("lc4j").build();
    this.model = new Recall4jEmbeddingModel(engine.embedder().orElseThrow());
  }

  @Override
  public void close() throws IOException {
    engine.close();
  }
}
