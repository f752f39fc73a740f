package dev.recall4j.engine;

import dev.recall4j.core.Scope;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.core.store.StoreInfo;
import java.io.IOException;
import java.util.Map;

/**
 * What an index holds, for {@code bin/recall4j status}.
 *
 * @param location where the store lives: the index directory, or a cluster's index
 * @param records live records in the namespace (all silos, tiers and statuses)
 * @param sizeBytes bytes on disk of the whole index
 * @param embeddingModel the model that made the stored vectors, or null when the index has none
 * @param dimension the vector dimension, or 0
 * @param bySilo record counts per silo wire name
 * @param byKind record counts per kind
 * @param byStatus record counts per status wire name
 * @param byTier record counts per tier wire name
 * @param withoutVector records still waiting for a vector
 */
public record EngineStatus(
    String location,
    long records,
    long sizeBytes,
    String embeddingModel,
    int dimension,
    Map<String, Long> bySilo,
    Map<String, Long> byKind,
    Map<String, Long> byStatus,
    Map<String, Long> byTier,
    long withoutVector) {

  public EngineStatus {
    bySilo = Map.copyOf(bySilo);
    byKind = Map.copyOf(byKind);
    byStatus = Map.copyOf(byStatus);
    byTier = Map.copyOf(byTier);
  }

  /**
   * Counts and sizes of what the scope reaches in {@code store} ({@link Scope#canReach}: the whole
   * namespace for a scope without a project).
   */
  static EngineStatus of(RecordStore store, Scope scope) throws IOException {
    StoreFilter all = StoreFilter.all(scope).withAllProjects(scope.project() == null);
    StoreInfo info = store.info();
    Map<String, Long> bySilo = store.counts(all, "silo");
    return new EngineStatus(
        info.location(),
        bySilo.values().stream().mapToLong(Long::longValue).sum(),
        info.sizeBytes(),
        info.embeddingModel(),
        info.dimension(),
        bySilo,
        store.counts(all, "kind"),
        store.counts(all, "status"),
        store.counts(all, "tier"),
        store.keysWithoutVector(Integer.MAX_VALUE).stream()
            .filter(key -> key.namespace().equals(scope.namespace()))
            .count());
  }
}
