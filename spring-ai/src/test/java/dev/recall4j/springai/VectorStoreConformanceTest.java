package dev.recall4j.springai;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.test.vectorstore.BaseVectorStoreTests;
import org.springframework.ai.vectorstore.VectorStore;

/** Spring AI's test base for every vector store, from the spring-ai-test artifact. */
class VectorStoreConformanceTest extends BaseVectorStoreTests {
  @TempDir static Path workspace;
  static EngineFixture fixture;

  @BeforeAll
  static void open() {
    fixture = new EngineFixture(workspace);
  }

  @AfterAll
  static void close() throws IOException {
    fixture.close();
  }

  @BeforeEach
  void clear() {
    fixture.clear();
  }

  @Override
  protected void executeTest(Consumer<VectorStore> test) {
    test.accept(fixture.store);
  }
}
