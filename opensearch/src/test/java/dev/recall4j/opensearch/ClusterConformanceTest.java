package dev.recall4j.opensearch;

import dev.recall4j.engine.BudgetConformance;
import dev.recall4j.engine.FiltersConformance;
import dev.recall4j.engine.IsolationConformance;
import dev.recall4j.engine.LifecycleConformance;
import dev.recall4j.engine.LinkIsolationConformance;
import dev.recall4j.engine.PassageVectorsConformance;
import dev.recall4j.engine.RecordStoreConformance;
import dev.recall4j.engine.ScopeIsolationConformance;
import dev.recall4j.engine.SharedIdConformance;
import dev.recall4j.langchain4j.EmbeddingStoreConformance;
import dev.recall4j.langchain4j.EmbeddingStoreFilteringConformance;
import dev.recall4j.langchain4j.EmbeddingStoreRemovalConformance;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The store conformance kit on the cluster store: the suites the in-process index passes (the
 * engine's and the langchain4j module's {@code InProcessConformanceTest}), each store a fresh index
 * of the real test cluster, configured as {@code store: {type: opensearch}}.
 */
@ExtendWith(ClusterStores.class)
class ClusterConformanceTest {
  @Nested
  class Store extends RecordStoreConformance {}

  @Nested
  class ScopeIsolation extends ScopeIsolationConformance {}

  @Nested
  class PassageVectors extends PassageVectorsConformance {}

  @Nested
  class Lifecycle extends LifecycleConformance {}

  @Nested
  class Filters extends FiltersConformance {}

  @Nested
  class Isolation extends IsolationConformance {}

  @Nested
  class LinkIsolation extends LinkIsolationConformance {}

  @Nested
  class Budget extends BudgetConformance {}

  @Nested
  class SharedIds extends SharedIdConformance {}

  @Nested
  class LangChain4jMinimal extends EmbeddingStoreConformance {}

  @Nested
  class LangChain4jRemoval extends EmbeddingStoreRemovalConformance {}

  @Nested
  class LangChain4jFiltering extends EmbeddingStoreFilteringConformance {}
}
