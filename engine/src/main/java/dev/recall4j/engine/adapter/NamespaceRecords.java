package dev.recall4j.engine.adapter;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Status;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Teams;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.DoublePredicate;
import java.util.function.Predicate;

/**
 * The records of one namespace as a framework's vector store sees them: the active ones, of every
 * project (a store owns its namespace, and an entry whose metadata names a project is in it too).
 * Searches and removals narrow by an {@link IndexedFilter} inside the index, or test each record
 * when the framework's filter has no translation: exact either way, the second at a cost linear in
 * the namespace, streamed in bounded memory. Removals are purges (gone for good). Thread-safe, as
 * the engine is.
 */
public final class NamespaceRecords {
  /** Candidates asked of HNSW per wanted match, then re-scored exactly. */
  private static final int CANDIDATE_FACTOR = 2;

  /** Records purged per commit when removing by an index filter. */
  private static final int PURGE_PAGE = 1_000;

  private final RecallEngine engine;
  private final Scope scope;

  /**
   * @throws IllegalArgumentException naming the namespace when it is no valid scope name
   */
  public NamespaceRecords(RecallEngine engine, String namespace) {
    this.engine = Checks.notNull(engine, "engine");
    this.scope = Scope.of(namespace);
  }

  /** The namespace. */
  public String namespace() {
    return scope.namespace();
  }

  /**
   * The {@code wanted} records nearest the query among those the filter passes, whose cosine the
   * threshold accepts, best first (ties by id): HNSW candidates, re-scored exactly.
   *
   * @throws IllegalArgumentException naming {@code queryVector} when the query does not fit the
   *     index
   */
  public List<VectorMatch> nearest(
      float[] query, int wanted, IndexedFilter filter, DoublePredicate threshold) {
    BestMatches matches = new BestMatches(wanted, threshold);
    if (wanted > 0) {
      int candidates = (int) Math.min(RecallRequest.MAX_TOP_K, (long) wanted * CANDIDATE_FACTOR);
      for (Hit hit : engine.searchVector(visible(filter), query, candidates)) {
        matches.offer(VectorMatch.of(query, hit.record()));
      }
    }
    return matches.inOrder();
  }

  /**
   * {@link #nearest(float[], int, IndexedFilter, DoublePredicate)} among the records the test
   * passes: every active record with a vector is tested and scored.
   *
   * @throws IllegalArgumentException naming {@code query} when its dimension is not the index's
   */
  public List<VectorMatch> nearest(
      float[] query, int wanted, Predicate<MemoryRecord> test, DoublePredicate threshold) {
    BestMatches matches = new BestMatches(wanted, threshold);
    forEachActive(
        record -> {
          if (record.vectorCount() > 0 && test.test(record)) {
            matches.offer(VectorMatch.of(query, record));
          }
        });
    return matches.inOrder();
  }

  /**
   * Purges the records with these ids in one commit; ids the namespace does not hold are skipped.
   */
  public void purge(Collection<String> ids) {
    List<String> held = ids.stream().filter(id -> engine.get(scope, id).isPresent()).toList();
    if (!held.isEmpty()) {
      engine.purgeAll(scope, held);
    }
  }

  /** Purges the active records the filter passes, a commit per thousand. */
  public void purge(IndexedFilter filter) {
    List<MemoryRecord> page;
    do {
      page = engine.find(visible(filter), PURGE_PAGE);
      if (!page.isEmpty()) {
        engine.purgeAll(scope, page.stream().map(MemoryRecord::id).toList());
      }
    } while (page.size() == PURGE_PAGE);
  }

  /** Purges the active records the test passes, in one commit. */
  public void purge(Predicate<MemoryRecord> test) {
    List<String> ids = new ArrayList<>();
    forEachActive(
        record -> {
          if (test.test(record)) {
            ids.add(record.id());
          }
        });
    purge(ids);
  }

  /** Purges every record of the namespace, in any status, in one commit. */
  public void purgeAll() {
    List<String> ids = new ArrayList<>();
    engine.export(scope, Teams.NONE, record -> ids.add(record.id()));
    purge(ids);
  }

  private void forEachActive(Consumer<MemoryRecord> sink) {
    engine.export(
        scope,
        Teams.NONE,
        record -> {
          if (record.isRecallable()) {
            sink.accept(record);
          }
        });
  }

  private StoreFilter visible(IndexedFilter filter) {
    return StoreFilter.all(scope)
        .withAllProjects(true)
        .withStatuses(Set.of(Status.ACTIVE))
        .withTags(filter.tags())
        .withSilos(filter.silos())
        .withKinds(filter.kinds());
  }
}
