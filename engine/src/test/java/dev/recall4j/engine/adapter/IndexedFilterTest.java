package dev.recall4j.engine.adapter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.recall4j.core.Kind;
import dev.recall4j.core.Silo;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IndexedFilterTest {
  private static final IndexedFilter RAG = IndexedFilter.silos(List.of("rag")).orElseThrow();
  private static final IndexedFilter KB = IndexedFilter.silos(List.of("kb")).orElseThrow();
  private static final IndexedFilter NOTE =
      IndexedFilter.kinds(List.of("observation")).orElseThrow();

  @Test
  void silosAndKindsAreNamedExactlyAsRecordsReadBack() {
    assertEquals(
        Set.of(Silo.RAG, Silo.KB), IndexedFilter.silos(List.of("rag", "kb")).orElseThrow().silos());
    assertEquals(Optional.empty(), IndexedFilter.silos(List.of("RAG")));
    assertEquals(Optional.empty(), IndexedFilter.silos(List.of("rag", 1)));
    assertEquals(Optional.empty(), IndexedFilter.silos(List.of()));
    assertEquals(
        Set.of(Kind.of("incident")),
        IndexedFilter.kinds(List.of("incident")).orElseThrow().kinds());
    assertEquals(Optional.empty(), IndexedFilter.kinds(List.of("Incident")));
    assertEquals(Optional.empty(), IndexedFilter.kinds(List.of(true)));
  }

  @Test
  void andJoinsTagsAndIntersectsSilosAndKinds() {
    IndexedFilter both =
        IndexedFilter.tag("a").and(IndexedFilter.tag("b")).flatMap(f -> f.and(RAG)).orElseThrow();
    assertEquals(new IndexedFilter(Set.of("a", "b"), Set.of(Silo.RAG), Set.of()), both);
    IndexedFilter ragOrKb = RAG.or(KB).orElseThrow();
    assertEquals(Set.of(Silo.RAG), ragOrKb.and(RAG).orElseThrow().silos());
    assertEquals(Optional.empty(), RAG.and(KB), "nothing passes: no translation");
    assertEquals(NOTE, IndexedFilter.NONE.and(NOTE).orElseThrow());
  }

  @Test
  void orOnlyOfTwoSiloOrTwoKindConditions() {
    assertEquals(Set.of(Silo.RAG, Silo.KB), RAG.or(KB).orElseThrow().silos());
    assertEquals(Optional.empty(), RAG.or(NOTE));
    assertEquals(Optional.empty(), IndexedFilter.tag("a").or(IndexedFilter.tag("b")));
    assertEquals(Optional.empty(), RAG.and(NOTE).orElseThrow().or(KB));
  }

  @Test
  void aMissingDimensionIsRefusedNamingIt() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new IndexedFilter(Set.of(), null, Set.of()));
    assertEquals("silos: must not be null", e.getMessage());
  }
}
