package dev.recall4j.langchain4j;

import dev.recall4j.engine.InProcessStores;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * LangChain4j's store conformance suites on an engine over the in-process index; module {@code
 * opensearch} runs them over the cluster store.
 */
@ExtendWith(InProcessStores.class)
class InProcessConformanceTest {
  @Nested
  class Minimal extends EmbeddingStoreConformance {}

  @Nested
  class Removal extends EmbeddingStoreRemovalConformance {}

  @Nested
  class Filtering extends EmbeddingStoreFilteringConformance {}
}
