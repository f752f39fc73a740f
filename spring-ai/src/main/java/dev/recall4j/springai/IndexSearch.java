package dev.recall4j.springai;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Status;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.engine.RecallEngine;
import java.util.List;
import java.util.Set;

/**
 * The engine's index-level reads over the active records of one namespace, every project included:
 * a vector search and a listing, each narrowed by {@link IndexConditions} inside the index.
 *
 * <p>The only class of this module that uses {@code dev.recall4j.store}: {@link
 * RecallEngine#searchVector} and {@link RecallEngine#find} take and return its types for now.
 */
final class IndexSearch {
  private final RecallEngine engine;
  private final Scope scope;

  IndexSearch(RecallEngine engine, Scope scope) {
    this.engine = engine;
    this.scope = scope;
  }

  /** At most {@code candidates} records nearest to the vector (HNSW), nearest first. */
  List<MemoryRecord> nearest(IndexConditions conditions, float[] vector, int candidates) {
    return engine.searchVector(filter(conditions), vector, candidates).stream()
        .map(Hit::record)
        .toList();
  }

  /** At most {@code limit} records that meet the conditions, in id order. */
  List<MemoryRecord> matching(IndexConditions conditions, int limit) {
    return engine.find(filter(conditions), limit);
  }

  private StoreFilter filter(IndexConditions conditions) {
    // A store sees its whole namespace: documents whose metadata names a project are in it too.
    return StoreFilter.all(scope)
        .withAllProjects(true)
        .withStatuses(Set.of(Status.ACTIVE))
        .withTags(conditions.tags())
        .withSilos(conditions.silos())
        .withKinds(conditions.kinds());
  }
}
