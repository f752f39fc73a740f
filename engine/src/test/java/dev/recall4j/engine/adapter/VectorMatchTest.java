package dev.recall4j.engine.adapter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Scores, and the bounded best-k that keeps them ({@link BestMatches}). */
class VectorMatchTest {
  static MemoryRecord record(String id, float[]... vectors) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.RAG)
        .scope(Scope.of("ns"))
        .content("text " + id)
        .vectors(List.of(vectors))
        .build(Instant.EPOCH);
  }

  @Test
  void theScoreIsTheCosineOfTheNearestOfTheRecordsVectors() {
    float[] query = {1, 0};
    MemoryRecord passages = record("p", new float[] {0, 1}, new float[] {0.6f, 0.8f});
    assertEquals(0.6, VectorMatch.of(query, passages).cosine(), 1e-6);
    assertEquals(0.0, VectorMatch.similarity(new float[] {0, 0}, new float[] {1, 0}), "not NaN");
    assertEquals(-1.0, VectorMatch.similarity(new float[] {2, 0}, new float[] {-3, 0}), 1e-9);
  }

  @Test
  void aQueryOfAnotherDimensionIsRefusedNamingIt() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> VectorMatch.of(new float[] {1, 0, 0}, record("r", new float[] {1, 0})));
    assertEquals("query: has 3 dimensions, the stored vectors 2", e.getMessage());
  }

  @Test
  void bestMatchesKeepsTheWantedBestAcceptedOnesBestFirstTiesById() {
    BestMatches best = new BestMatches(3, cosine -> cosine >= 0.2);
    for (String id : List.of("e", "d", "c", "b", "a")) {
      best.offer(new VectorMatch(record(id, new float[] {1, 0}), id.equals("e") ? 0.9 : 0.5));
    }
    best.offer(new VectorMatch(record("low", new float[] {1, 0}), 0.1));

    assertEquals(
        List.of("e", "a", "b"), best.inOrder().stream().map(match -> match.record().id()).toList());
    assertEquals(List.of(), new BestMatches(0, cosine -> true).inOrder());
  }
}
