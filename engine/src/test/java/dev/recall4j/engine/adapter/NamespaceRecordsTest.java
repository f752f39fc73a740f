package dev.recall4j.engine.adapter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Teams;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A namespace as a vector store sees it, over a real engine: both ways of filtering agree. */
class NamespaceRecordsTest {
  @TempDir Path workspace;
  RecallEngine engine;
  NamespaceRecords records;

  @BeforeEach
  void open() throws IOException {
    engine = TestEngines.open(workspace);
    records = new NamespaceRecords(engine, "ns");
    engine.importAll(
        List.of(
            record("east", Silo.RAG, "ops", 1, 0),
            record("north-east", Silo.RAG, "ops", 1, 1),
            record("north", Silo.KB, "ops", 0, 1),
            record("west", Silo.RAG, "news", -1, 0),
            record("other-project", Silo.RAG, "ops", 1, 0.1f).toBuilder()
                .scope(Scope.of("ns", "tides"))
                .build(TestEngines.NOW),
            record("elsewhere", Silo.RAG, "ops", 1, 0).toBuilder()
                .scope(Scope.of("other"))
                .build(TestEngines.NOW)));
    engine.forget(Scope.of("ns"), "north-east");
  }

  @AfterEach
  void close() throws IOException {
    engine.close();
  }

  static MemoryRecord record(String id, Silo silo, String tag, float x, float y) {
    return MemoryRecord.builder()
        .id(id)
        .silo(silo)
        .scope(Scope.of("ns"))
        .tags(List.of(tag))
        .content("note " + id)
        .vector(new float[] {x, y})
        .build(TestEngines.NOW);
  }

  private static List<String> ids(List<VectorMatch> matches) {
    return matches.stream().map(match -> match.record().id()).toList();
  }

  private static List<Double> cosines(List<VectorMatch> matches) {
    return matches.stream().map(VectorMatch::cosine).toList();
  }

  @Test
  void theIndexAndTheTestFindTheSameActiveRecordsOfEveryProject() {
    float[] east = {1, 0};
    IndexedFilter ragOps =
        IndexedFilter.tag("ops")
            .and(IndexedFilter.silos(List.of("rag")).orElseThrow())
            .orElseThrow();
    Predicate<MemoryRecord> test =
        record -> record.silo() == Silo.RAG && record.tags().contains("ops");

    List<VectorMatch> indexed = records.nearest(east, 10, ragOps, cosine -> true);
    assertEquals(List.of("east", "other-project"), ids(indexed));
    List<VectorMatch> evaluated = records.nearest(east, 10, test, cosine -> true);
    assertEquals(ids(indexed), ids(evaluated));
    assertEquals(cosines(indexed), cosines(evaluated));
    assertEquals(1.0, indexed.get(0).cosine(), 1e-6);
    assertEquals(List.of("east"), ids(records.nearest(east, 1, IndexedFilter.NONE, c -> true)));
    assertEquals(
        List.of("east", "other-project"),
        ids(records.nearest(east, 10, IndexedFilter.NONE, cosine -> cosine > 0.5)));
    assertEquals(List.of(), records.nearest(east, 0, IndexedFilter.NONE, cosine -> true));
  }

  @Test
  void aQueryOfAnotherDimensionIsRefusedNamingIt() {
    assertThrows(
        IllegalArgumentException.class,
        () -> records.nearest(new float[] {1, 0, 0}, 3, IndexedFilter.NONE, cosine -> true));
    assertThrows(
        IllegalArgumentException.class,
        () -> records.nearest(new float[] {1, 0, 0}, 3, record -> true, cosine -> true));
  }

  @Test
  void purgesRemoveForGoodOnlyWhatTheNamespaceHolds() {
    records.purge(List.of("west", "unknown", "elsewhere"));
    assertEquals(List.of("east", "north", "north-east", "other-project"), all("ns"));
    assertEquals(List.of("elsewhere"), all("other"));

    records.purge(IndexedFilter.silos(List.of("kb")).orElseThrow());
    records.purge(record -> record.id().startsWith("other"));
    assertEquals(List.of("east", "north-east"), all("ns"), "the forgotten record is not active");

    records.purgeAll();
    assertEquals(List.of(), all("ns"));
    assertEquals(List.of("elsewhere"), all("other"));
  }

  private List<String> all(String namespace) {
    List<String> ids = new ArrayList<>();
    engine.export(Scope.of(namespace), Teams.NONE, record -> ids.add(record.id()));
    return ids;
  }
}
