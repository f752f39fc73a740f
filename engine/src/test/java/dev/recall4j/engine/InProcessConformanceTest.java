package dev.recall4j.engine;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The store conformance kit on the in-process index: every suite a cluster store runs too (module
 * {@code opensearch}, {@code ClusterConformanceTest}), on Lucene indexes in temporary folders.
 */
@ExtendWith(InProcessStores.class)
class InProcessConformanceTest {
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
}
