package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.StoreFilter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine calls integrations build on: vector search with a given vector, purge in bulk. */
class IntegrationApiTest {
  static final Instant T0 = Instant.parse("2026-11-01T12:00:00Z");
  static final Scope ALICE = Scope.of("alice");
  static final Scope BOB = Scope.of("bob");

  @TempDir Path workspace;

  RecallEngine open() throws IOException {
    return RecallEngine.open(
        EngineConfig.builder(workspace).build(), new HashingEmbedder(8), new TestClock(T0));
  }

  static MemoryRecord rag(String id, Scope scope, float[] vector) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.RAG)
        .scope(scope)
        .content("text of " + id)
        .vector(vector)
        .build(T0);
  }

  @Test
  void searchVectorRanksByTheGivenVectorWithinTheFilter() throws IOException {
    try (RecallEngine engine = open()) {
      engine.importAll(
          List.of(
              rag("near", ALICE, new float[] {1, 0, 0, 0, 0, 0, 0, 0}),
              rag("far", ALICE, new float[] {0, 1, 0, 0, 0, 0, 0, 0}),
              rag("bobs", BOB, new float[] {1, 0, 0, 0, 0, 0, 0, 0})));
      List<Hit> hits =
          engine.searchVector(StoreFilter.all(ALICE), new float[] {1, 0.1f, 0, 0, 0, 0, 0, 0}, 5);
      assertEquals(List.of("near", "far"), hits.stream().map(h -> h.record().id()).toList());
      assertTrue(hits.get(0).score() > hits.get(1).score());
      assertThrows(
          IllegalArgumentException.class,
          () -> engine.searchVector(StoreFilter.all(ALICE), new float[] {1, 0}, 5));
    }
  }

  @Test
  void purgeAllIsOneAllOrNothingStepWithinTheScope() throws IOException {
    try (RecallEngine engine = open()) {
      engine.importAll(
          List.of(
              rag("a", ALICE, new float[] {1, 0, 0, 0, 0, 0, 0, 0}),
              rag("b", ALICE, new float[] {0, 1, 0, 0, 0, 0, 0, 0}),
              rag("c", BOB, new float[] {0, 0, 1, 0, 0, 0, 0, 0})));
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> engine.purgeAll(ALICE, List.of("a", "c")));
      assertTrue(e.getMessage().startsWith("id: no record \"c\""), e.getMessage());
      assertTrue(engine.get(ALICE, "a").isPresent(), "nothing purged when one id is refused");

      List<MemoryRecord> purged = engine.purgeAll(ALICE, List.of("a", "b", "a"));
      assertEquals(List.of("a", "b"), purged.stream().map(MemoryRecord::id).toList());
      assertTrue(engine.get(ALICE, "a").isEmpty());
      assertTrue(engine.get(ALICE, "b").isEmpty());
      assertTrue(engine.get(BOB, "c").isPresent());
    }
  }
}
