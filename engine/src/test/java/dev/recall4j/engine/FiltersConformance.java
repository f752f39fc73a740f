package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Tier;
import dev.recall4j.ranking.PathResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The request filters on a hybrid engine: tags (all of) and creation-time bounds narrow both paths
 * (the kNN search pre-filtered) and search and list; pinned records keep only scope, silo and kind;
 * add reports duplicates; list pages and refuses a bad cursor.
 */
public abstract class FiltersConformance extends StoreSuite {
  static final Instant NOW = RecallEngineTest.NOW;
  static final Scope SCOPE = Scope.of("alice");

  @TempDir Path workspace;

  RecallEngine open() throws IOException {
    EngineConfig config = engineConfig(workspace);
    return RecallEngine.open(config, new HashingEmbedder(16), RecallEngineTest.CLOCK);
  }

  static MemoryRecord record(String id, int daysAgo, String... tags) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.MEMORY)
        .scope(SCOPE)
        .content("tide station note " + id)
        .tags(List.of(tags))
        .build(NOW.minus(Duration.ofDays(daysAgo)));
  }

  @Test
  void tagsAndTimeBoundsNarrowBothPathsSearchAndList() throws IOException {
    try (RecallEngine engine = open()) {
      engine.importAll(
          List.of(
              record("old-ab", 30, "a", "b"),
              record("new-ab", 1, "a", "b"),
              record("new-a", 1, "a"),
              record("new-b", 2, "b"),
              record("new-none", 1),
              record("pinned-old", 30).toBuilder().tier(Tier.PINNED).build()));
      RecallRequest request =
          RecallRequest.builder("tide station note")
              .scope(SCOPE)
              .tags(Set.of("a", "b"))
              .since(NOW.minus(Duration.ofDays(7)))
              .deadline(Duration.ofSeconds(30))
              .build();
      Retrieval retrieval = engine.retrieve(request);
      assertEquals("hybrid", retrieval.retrieval().describe());
      for (PathResult path : retrieval.paths()) {
        assertEquals(
            Set.of("new-ab"),
            path.ranked().stream().map(c -> c.id()).collect(Collectors.toSet()),
            path.path());
      }
      assertEquals(
          List.of("new-ab"),
          engine.search(request, Teams.NONE, 10).items().stream().map(s -> s.id()).toList());
      assertEquals(
          List.of("new-ab"),
          engine.list(request, Teams.NONE, null, 10).records().stream()
              .map(MemoryRecord::id)
              .toList());
      assertEquals(
          List.of("pinned-old", "new-ab"),
          engine.recall(request).items().stream().map(i -> i.record().id()).toList(),
          "a pinned record is standing context: tags and time bounds do not drop it");

      RecallRequest until =
          RecallRequest.builder("tide station note")
              .scope(SCOPE)
              .until(NOW.minus(Duration.ofDays(2)))
              .deadline(Duration.ofSeconds(30))
              .build();
      assertEquals(
          Set.of("old-ab", "pinned-old"),
          engine.search(until, Teams.NONE, 10).items().stream()
              .map(s -> s.id())
              .collect(Collectors.toSet()),
          "until is exclusive (new-b was created at it); search covers the pinned tier");
    }
  }

  @Test
  void sinceMustComeBeforeUntil() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> RecallRequest.builder("q").since(NOW).until(NOW).build());
    assertTrue(e.getMessage().startsWith("until:"), e.getMessage());
  }

  @Test
  void addSaysWhichRecordAnotherDuplicates() throws IOException {
    try (RecallEngine engine = open()) {
      Saved first = engine.add(record("one", 0));
      assertNull(first.duplicateOf());
      Saved again =
          engine.add(record("two", 0).toBuilder().content("tide station note one").build());
      assertEquals("one", again.duplicateOf());
      assertEquals("one", again.id());
      assertEquals("one", engine.add(record("one", 0)).duplicateOf(), "same id, same content");
      assertNull(
          engine.add(record("one", 0).toBuilder().content("changed").build()).duplicateOf(),
          "same id, new content: a replacement, not a duplicate");
      assertTrue(engine.get(SCOPE, "two").isEmpty(), "the duplicate was not stored");
    }
  }

  @Test
  void listPagesByCursorAndRefusesBadArguments() throws IOException {
    try (RecallEngine engine = open()) {
      List<MemoryRecord> records = new ArrayList<>();
      for (int i = 0; i < 7; i++) {
        records.add(record("r" + i, 1));
      }
      engine.importAll(records);
      RecallRequest all = RecallRequest.builder("").scope(SCOPE).build();
      List<String> seen = new ArrayList<>();
      String cursor = null;
      do {
        RecordPage page = engine.list(all, Teams.NONE, cursor, 3);
        page.records().forEach(r -> seen.add(r.id()));
        cursor = page.next();
      } while (cursor != null);
      assertEquals(List.of("r0", "r1", "r2", "r3", "r4", "r5", "r6"), seen);
      assertNull(engine.list(all, Teams.NONE, null, 7).next(), "an exact last page has no next");
      assertTrue(
          assertThrows(IllegalArgumentException.class, () -> engine.list(all, Teams.NONE, "%", 3))
              .getMessage()
              .startsWith("cursor:"));
      assertTrue(
          assertThrows(IllegalArgumentException.class, () -> engine.list(all, Teams.NONE, null, 0))
              .getMessage()
              .startsWith("limit:"));
      assertTrue(
          assertThrows(IllegalArgumentException.class, () -> engine.search(all, Teams.NONE, 5))
              .getMessage()
              .startsWith("query:"));
    }
  }
}
