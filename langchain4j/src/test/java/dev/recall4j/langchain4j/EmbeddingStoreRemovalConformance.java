package dev.recall4j.langchain4j;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.store.embedding.EmbeddingStore;
import dev.langchain4j.store.embedding.EmbeddingStoreWithRemovalIT;
import dev.recall4j.engine.StoreKit;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * LangChain4j's suite for stores that remove, from the langchain4j-core test jar, on an engine over
 * the store under test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class EmbeddingStoreRemovalConformance extends EmbeddingStoreWithRemovalIT {
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

  /** The suite has no hook of its own: every case starts from an empty store. */
  @BeforeEach
  void clearStore() {
    fixture.store.removeAll();
  }
}
