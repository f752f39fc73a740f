package dev.recall4j.langchain4j;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.store.embedding.EmbeddingStore;
import dev.langchain4j.store.embedding.EmbeddingStoreWithRemovalIT;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** LangChain4j's suite for stores that remove, from the langchain4j-core test jar. */
class EmbeddingStoreRemovalConformanceTest extends EmbeddingStoreWithRemovalIT {
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

  /** The suite has no hook of its own: every case starts from an empty store. */
  @BeforeEach
  void clearStore() {
    fixture.store.removeAll();
  }
}
