package dev.recall4j.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import java.time.Instant;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;

/** File-backed ids: distinct paths never share one, and every id is a valid record id. */
class RecordIdsPropertyTest {
  @Property(tries = 1000)
  void distinctPathsGiveDistinctValidIds(
      @ForAll @StringLength(min = 1, max = 300) String a,
      @ForAll @StringLength(min = 1, max = 300) String b,
      @ForAll @IntRange(min = 0, max = 10_000) int chunk) {
    String idA = RecordIds.chunk("notes", a, chunk);
    String idB = RecordIds.chunk("notes", b, chunk);
    if (!a.equals(b)) {
      assertNotEquals(idA, idB);
    } else {
      assertEquals(idA, idB);
    }
    assertTrue(idA.length() <= 256, idA);
    if (a.chars().noneMatch(c -> Character.isSurrogate((char) c))) {
      try {
        MemoryRecord.builder()
            .id(idA)
            .silo(Silo.RAG)
            .scope(Scope.of("default"))
            .content("x")
            .build(Instant.EPOCH);
      } catch (IllegalArgumentException e) {
        throw new AssertionError("id of path " + a + " refused: " + e.getMessage(), e);
      }
    }
  }
}
