package dev.recall4j.langchain4j;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.store.embedding.EmbeddingStore;
import dev.langchain4j.store.embedding.EmbeddingStoreWithFilteringIT;
import dev.recall4j.engine.StoreKit;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * LangChain4j's suite for stores that filter (it includes {@code EmbeddingStoreIT}'s cases), from
 * the langchain4j-core test jar. {@code contains} is supported: the store evaluates any filter the
 * index cannot run.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class EmbeddingStoreFilteringConformance extends EmbeddingStoreWithFilteringIT {
  private StoreFixture fixture;

  @BeforeAll
  void open(StoreKit stores, @TempDir Path workspace) throws IOException {
    fixture = new StoreFixture(workspace, stores.newStore());
  }

  @AfterAll
  void close() throws IOException {
    fixture.close();
  }

  @Override
  protected EmbeddingStore<TextSegment> embeddingStore() {
    return fixture.store;
  }

  @Override
  protected EmbeddingModel embeddingModel() {
    return fixture.model;
  }

  @Override
  protected void clearStore() {
    fixture.store.removeAll();
  }

  @Override
  protected boolean supportsContains() {
    return true;
  }
}
