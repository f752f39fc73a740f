package dev.recall4j.langchain4j;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.store.embedding.EmbeddingStore;
import dev.langchain4j.store.embedding.EmbeddingStoreWithFilteringIT;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * LangChain4j's suite for stores that filter (it includes {@code EmbeddingStoreIT}'s cases), from
 * the langchain4j-core test jar. {@code contains} is supported: the store evaluates any filter the
 * index cannot run.
 */
class EmbeddingStoreFilteringConformanceTest extends EmbeddingStoreWithFilteringIT {
  @TempDir static Path workspace;
  static StoreFixture fixture;

  @BeforeAll
  static void open() {
    fixture = new StoreFixture(workspace);
  }

  @AfterAll
  static void close() throws IOException {
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
