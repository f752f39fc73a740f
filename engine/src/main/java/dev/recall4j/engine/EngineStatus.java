package dev.recall4j.engine;

import dev.recall4j.core.Scope;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.core.store.StoreInfo;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

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
   * Counts of what the scope, holding these teams, reaches ({@link Scope#canReach}: the whole
   * namespace for a scope without a project): its own namespace and its teams', never another;
   * {@code sizeBytes} is the whole index's.
   */
  static EngineStatus of(RecordStore store, Scope scope, Teams teams) throws IOException {
    List<Scope> granted = teams.visibleScopes(scope);
    Map<String, Long> bySilo = new TreeMap<>();
    Map<String, Long> byKind = new TreeMap<>();
    Map<String, Long> byStatus = new TreeMap<>();
    Map<String, Long> byTier = new TreeMap<>();
    for (Scope visible : granted) {
      StoreFilter all = StoreFilter.all(visible).withAllProjects(visible.project() == null);
      store.counts(all, "silo").forEach((k, n) -> bySilo.merge(k, n, Long::sum));
      store.counts(all, "kind").forEach((k, n) -> byKind.merge(k, n, Long::sum));
      store.counts(all, "status").forEach((k, n) -> byStatus.merge(k, n, Long::sum));
      store.counts(all, "tier").forEach((k, n) -> byTier.merge(k, n, Long::sum));
    }
    Set<String> namespaces = granted.stream().map(Scope::namespace).collect(Collectors.toSet());
    StoreInfo info = store.info();
    return new EngineStatus(
        info.location(),
        bySilo.values().stream().mapToLong(Long::longValue).sum(),
        info.sizeBytes(),
        info.embeddingModel(),
        info.dimension(),
        bySilo,
        byKind,
        byStatus,
        byTier,
        store.keysWithoutVector(Integer.MAX_VALUE).stream()
            .filter(key -> namespaces.contains(key.namespace()))
            .count());
  }
}
