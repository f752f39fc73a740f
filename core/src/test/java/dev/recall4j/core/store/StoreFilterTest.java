package dev.recall4j.core.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StoreFilterTest {
  private static final StoreFilter ALL = StoreFilter.all(Scope.of("ns"));

  @Test
  void aNullElementIsRefusedNamingTheSet() {
    Set<String> tags = new HashSet<>(Arrays.asList("a", null));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ALL.withTags(tags));
    assertTrue(e.getMessage().startsWith("tags"), e.getMessage());
    assertTrue(e.getMessage().contains("must not contain null"), e.getMessage());
  }

  @Test
  void setsAreCopiedAndAnImmutableOneIsKept() {
    Set<Silo> silos = new HashSet<>(Set.of(Silo.MEMORY));
    StoreFilter filter = ALL.withSilos(silos);
    silos.add(Silo.RAG);
    assertEquals(Set.of(Silo.MEMORY), filter.silos());
    Set<String> tags = Set.of("x", "y");
    assertSame(tags, ALL.withTags(tags).tags());
    assertEquals(Set.of(), new StoreFilter(Scope.of("ns"), null, null, null, null, null).tags());
  }
}
