package dev.recall4j.store;

import static dev.recall4j.store.TestRecords.T0;
import static dev.recall4j.store.TestRecords.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.IndexModelMismatchException;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.core.store.StoreInfo;
import dev.recall4j.core.store.VectorEncoding;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.store.MMapDirectory;
import org.apache.lucene.store.ReadAdvice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LuceneStoreTest {
  @TempDir Path dir;

  private static MemoryRecord full() {
    return MemoryRecord.builder()
        .id("mem-1")
        .silo(Silo.RAG)
        .kind(new Kind("design_note"))
        .tier(Tier.PINNED)
        .status(Status.SUPERSEDED)
        .scope(new Scope("alice", "recall4j", "task-7", "session-42"))
        .tags(List.of("lucene", "Design Notes"))
        .source(Source.USER_CORRECTION)
        .trust(0.42)
        .created(T0)
        .updated(T0.plusNanos(1))
        .lastAccessed(T0.plusSeconds(60).plusNanos(7))
        .recallCount(5)
        .supersedes("mem-0")
        .links(List.of("mem-2", "mem-3"))
        .title("Schema")
        .content("The store keeps one blob per record; émoji 🦆 and\nnewlines survive.")
        .summary("One blob per record.")
        .origin(new Origin("docs/ARCHITECTURE.md", 3, 120))
        .embeddingModel("test-model")
        .vector(new float[] {0.1f, -2.5f, 3.0f, Float.MIN_VALUE})
        .build();
  }

  @Test
  void everyFieldRoundTripsAcrossCloseAndReopen() throws IOException {
    MemoryRecord record = full();
    try (LuceneStore store = TestRecords.withVectors(dir, 4)) {
      store.upsert(record);
      assertEquals(record, store.get("mem-1").orElseThrow());
    }
    try (LuceneStore store = LuceneStore.open(StoreOptions.builder(dir).build())) {
      assertEquals(record, store.get("mem-1").orElseThrow());
      assertEquals(
          new StoreInfo(dir.toString(), "test-model", 4, 1, store.info().sizeBytes()),
          store.info());
      assertTrue(store.info().sizeBytes() > 0);
    }
  }

  @Test
  void upsertReplacesByIdAndGetIsEmptyForUnknownIds() throws IOException {
    try (LuceneStore store = TestRecords.lexical(dir)) {
      store.upsert(record("a", "first version about penguins").build());
      store.upsert(record("a", "second version about walruses").build());
      assertEquals(1, store.info().records());
      assertEquals("second version about walruses", store.get("a").orElseThrow().content());
      assertTrue(store.searchLexical("penguins", StoreFilter.all(Scope.of("ns")), 10).isEmpty());
      assertEquals(Set.of(), Set.copyOf(store.get("b").stream().toList()));
    }
  }

  @Test
  void aSecondInstanceOnTheSameDirectoryIsRefused() throws IOException {
    try (LuceneStore store = TestRecords.lexical(dir)) {
      assertThrows(LockObtainFailedException.class, () -> TestRecords.lexical(dir));
      store.upsert(record("a", "still usable").build());
    }
  }

  @Test
  void lexicalSearchRanksByBm25AndAppliesEachFilterDimension() throws IOException {
    try (LuceneStore store = TestRecords.lexical(dir)) {
      store.upsertAll(
          List.of(
              record("m1", "gradle build cache settings").tags(List.of("build")).build(),
              record("m2", "maven build lifecycle and build plugins").kind(Kind.WORKFLOW).build(),
              record("k1", "the build server is slow").silo(Silo.KB).build(),
              record("r1", "build chunk from a document")
                  .silo(Silo.RAG)
                  .tier(Tier.ARCHIVED)
                  .build(),
              record("d1", "deleted note about the build").status(Status.DELETED).build(),
              record("p1", "pinned build profile").tier(Tier.PINNED).build(),
              record("x1", "other namespace build").scope(Scope.of("other")).build(),
              record("j1", "project build only").scope(Scope.of("ns", "alpha")).build(),
              record("j2", "other project build").scope(Scope.of("ns", "beta")).build()));
      Scope ns = Scope.of("ns");
      assertEquals(
          List.of("m1", "m2", "k1"),
          ids(store.searchLexical("build", StoreFilter.recallable(ns), 10)),
          "without a project, only the records without one");
      assertEquals(
          List.of("m1", "m2", "j1", "j2", "k1"),
          ids(store.searchLexical("build", StoreFilter.recallable(ns).withAllProjects(true), 10)));
      assertEquals(
          List.of("m1", "m2", "j1", "k1"),
          ids(store.searchLexical("build", StoreFilter.recallable(Scope.of("ns", "alpha")), 10)));
      assertEquals(List.of("m1"), ids(store.searchLexical("build", StoreFilter.recallable(ns), 1)));
      assertEquals(
          List.of("k1"),
          ids(store.searchLexical("build", StoreFilter.all(ns).withSilos(Set.of(Silo.KB)), 10)));
      assertEquals(
          List.of("m2"),
          ids(
              store.searchLexical(
                  "build", StoreFilter.all(ns).withKinds(Set.of(Kind.WORKFLOW)), 10)));
      assertEquals(
          List.of("m1"),
          ids(store.searchLexical("build", StoreFilter.all(ns).withTags(Set.of("build")), 10)));
      assertEquals(
          List.of("r1"),
          ids(
              store.searchLexical(
                  "build", StoreFilter.all(ns).withTiers(Set.of(Tier.ARCHIVED)), 10)));
      assertEquals(
          List.of("d1"),
          ids(
              store.searchLexical(
                  "build", StoreFilter.all(ns).withStatuses(Set.of(Status.DELETED)), 10)));
      assertEquals(
          List.of("x1"), ids(store.searchLexical("build", StoreFilter.all(Scope.of("other")), 10)));
      assertEquals(
          List.of("m1", "j1", "k1"),
          ids(
              store.searchLexical(
                  "build",
                  StoreFilter.recallable(Scope.of("ns", "alpha"))
                      .withKinds(Set.of(Kind.PROJECT_FACT, Kind.OBSERVATION)),
                  10)));
      List<Hit> hits = store.searchLexical("build", StoreFilter.recallable(ns), 10);
      for (int i = 0; i < hits.size(); i++) {
        assertEquals(i + 1, hits.get(i).rank());
        assertTrue(i == 0 || hits.get(i - 1).score() >= hits.get(i).score());
      }
    }
  }

  @Test
  void tagsAreSearchedAsText() throws IOException {
    try (LuceneStore store = TestRecords.lexical(dir)) {
      store.upsert(record("a", "nothing relevant in the body").tags(List.of("kubernetes")).build());
      assertEquals(
          List.of("a"), ids(store.searchLexical("Kubernetes", StoreFilter.all(Scope.of("ns")), 5)));
    }
  }

  @Test
  void equalScoresAreOrderedById() throws IOException {
    try (LuceneStore store = TestRecords.lexical(dir)) {
      store.upsertAll(
          List.of(
              record("c", "same text").build(),
              record("a", "same text").build(),
              record("b", "same text").build()));
      assertEquals(
          List.of("a", "b"),
          ids(store.searchLexical("same text", StoreFilter.all(Scope.of("ns")), 2)));
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "(((",
        "AND",
        "OR NOT",
        "*",
        "\"",
        "title:foo^3 ~2 [a TO b]",
        "🦆🦆",
        "",
        "   ",
        "\\",
        "the of and"
      })
  void anyQueryTextIsAcceptedAndNeverThrows(String query) throws IOException {
    try (LuceneStore store = TestRecords.lexical(dir)) {
      store.upsert(record("a", "AND the duck 🦆 title:foo").build());
      List<Hit> hits = store.searchLexical(query, StoreFilter.all(Scope.of("ns")), 5);
      assertTrue(hits.size() <= 1);
    }
  }

  @Test
  void tenKilobytesOfQueryTextStayUnderTheClauseLimit() throws IOException {
    StringBuilder query = new StringBuilder();
    for (int i = 0; query.length() < 10_240; i++) {
      query.append("word").append(i).append(" camelCase").append(i).append(" ");
    }
    try (LuceneStore store = TestRecords.lexical(dir)) {
      store.upsert(record("a", "word1 and camelCase2").build());
      assertEquals(
          List.of("a"),
          ids(store.searchLexical(query.toString(), StoreFilter.all(Scope.of("ns")), 5)));
    }
  }

  @Test
  void theCodeFieldFindsIdentifierPartsThatTheEnglishFieldKeepsWhole() throws IOException {
    List<MemoryRecord> records =
        List.of(
            record("code", "Fixed the crash in UserService.findById when the cache was cold")
                .build(),
            record("prose", "Find the user by id in the admin console").build(),
            record("other", "Weather report for the weekend").build());
    try (LuceneStore store = TestRecords.lexical(dir.resolve("default"))) {
      store.upsertAll(records);
      StoreFilter all = StoreFilter.all(Scope.of("ns"));
      assertEquals(List.of("code", "prose"), ids(store.searchLexical("findById", all, 5)));
      assertEquals("code", ids(store.searchLexical("UserService.findById", all, 5)).getFirst());
      // prose queries keep their prose answer first
      assertEquals("prose", ids(store.searchLexical("find a user by id", all, 5)).getFirst());
    }
    try (LuceneStore store =
        LuceneStore.open(StoreOptions.builder(dir.resolve("off")).codeFieldBoost(0).build())) {
      store.upsertAll(records);
      assertEquals(
          List.of(), ids(store.searchLexical("findById", StoreFilter.all(Scope.of("ns")), 5)));
    }
  }

  @Test
  void vectorSearchFindsNearestNeighboursUnderEachFilterDimension() throws IOException {
    try (LuceneStore store = TestRecords.withVectors(dir, 3)) {
      store.upsertAll(
          List.of(
              record("x", "east").vector(new float[] {1, 0, 0}).build(),
              record("xy", "north east").vector(new float[] {5, 5, 0}).build(),
              record("y", "north").vector(new float[] {0, 1, 0}).silo(Silo.KB).build(),
              record("z", "up")
                  .vector(new float[] {0, 0, 1})
                  .tags(List.of("up"))
                  .kind(Kind.TOOL_USE)
                  .build(),
              record("arch", "archived east")
                  .vector(new float[] {1, 0.01f, 0})
                  .tier(Tier.ARCHIVED)
                  .build(),
              record("gone", "deleted east")
                  .vector(new float[] {1, 0.02f, 0})
                  .status(Status.DELETED)
                  .build(),
              record("alien", "other namespace east")
                  .vector(new float[] {1, 0, 0})
                  .scope(Scope.of("other"))
                  .build(),
              record("novec", "no vector at all").build()));
      Scope ns = Scope.of("ns");
      float[] east = {2, 0.1f, 0};
      List<Hit> hits = store.searchVector(east, StoreFilter.recallable(ns), 10);
      assertEquals(List.of("x", "xy", "y", "z"), ids(hits));
      assertTrue(
          hits.stream()
              .allMatch(h -> Float.isFinite(h.score()) && h.score() >= 0 && h.score() <= 1.01f));
      assertEquals(
          List.of("x", "xy"), ids(store.searchVector(east, StoreFilter.recallable(ns), 2)));
      assertEquals(
          List.of("y"),
          ids(store.searchVector(east, StoreFilter.all(ns).withSilos(Set.of(Silo.KB)), 10)));
      assertEquals(
          List.of("z"),
          ids(store.searchVector(east, StoreFilter.all(ns).withKinds(Set.of(Kind.TOOL_USE)), 10)));
      assertEquals(
          List.of("z"),
          ids(store.searchVector(east, StoreFilter.all(ns).withTags(Set.of("up")), 10)));
      assertEquals(
          List.of("arch"),
          ids(store.searchVector(east, StoreFilter.all(ns).withTiers(Set.of(Tier.ARCHIVED)), 10)));
      assertEquals(
          List.of("gone"),
          ids(
              store.searchVector(
                  east, StoreFilter.all(ns).withStatuses(Set.of(Status.DELETED)), 10)));
      assertEquals(
          List.of("alien"), ids(store.searchVector(east, StoreFilter.all(Scope.of("other")), 10)));
      assertEquals(List.of("novec"), store.idsWithoutVector(10));
    }
  }

  @Test
  void vectorsOfTheWrongDimensionOrModelAreRefusedNamingTheField() throws IOException {
    try (LuceneStore store = TestRecords.withVectors(dir, 4)) {
      MemoryRecord wrong = record("a", "text").vector(new float[] {1, 2, 3}).build();
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> store.upsert(wrong));
      assertEquals(
          "vector: dimension 3 does not match the index dimension 4 (model test-model)",
          e.getMessage());
      e =
          assertThrows(
              IllegalArgumentException.class,
              () -> store.searchVector(new float[] {1, 2, 3}, StoreFilter.all(Scope.of("ns")), 5));
      assertTrue(e.getMessage().startsWith("queryVector: dimension 3"), e.getMessage());
      e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  store.searchVector(new float[] {0, 0, 0, 0}, StoreFilter.all(Scope.of("ns")), 5));
      assertTrue(e.getMessage().startsWith("queryVector: must not be all zeros"), e.getMessage());
      e =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  store.searchVector(
                      new float[] {Float.NaN, 0, 0, 1}, StoreFilter.all(Scope.of("ns")), 5));
      assertTrue(e.getMessage().startsWith("queryVector: component 0 is NaN"), e.getMessage());
      MemoryRecord otherModel =
          record("b", "text").vector(new float[] {1, 2, 3, 4}).embeddingModel("another").build();
      e = assertThrows(IllegalArgumentException.class, () -> store.upsert(otherModel));
      assertTrue(e.getMessage().startsWith("embeddingModel:"), e.getMessage());
      assertEquals(0, store.info().records());
    }
    try (LuceneStore store = TestRecords.lexical(dir.resolve("lexical"))) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> store.upsert(record("a", "text").vector(new float[] {1, 2}).build()));
      assertEquals(
          "vector: dimension 2 does not match the index dimension 0 (model none recorded)",
          e.getMessage());
    }
  }

  @Test
  void reopeningWithAnotherModelOrDimensionIsRefused() throws IOException {
    try (LuceneStore store = TestRecords.withVectors(dir, 4)) {
      store.upsert(record("a", "text").vector(new float[] {1, 2, 3, 4}).build());
    }
    IndexModelMismatchException e =
        assertThrows(
            IndexModelMismatchException.class,
            () ->
                LuceneStore.open(
                    StoreOptions.builder(dir).embedding("all-minilm-l6-v2-q", 384).build()));
    assertEquals(
        "index "
            + dir
            + " was built with embedding model test-model (dimension 4) but is opened with model"
            + " all-minilm-l6-v2-q (dimension 384); run `bin/recall4j reindex --index "
            + dir
            + "` to re-embed it with the configured model, or configure test-model again",
        e.getMessage());
    assertThrows(
        IndexModelMismatchException.class,
        () -> LuceneStore.open(StoreOptions.builder(dir).vectorDimension(8).build()));
    assertThrows(
        IndexModelMismatchException.class,
        () -> LuceneStore.open(StoreOptions.builder(dir).embeddingModel("x").build()));
    // the refused opens released the directory and left the index as it was
    try (LuceneStore store =
        LuceneStore.open(StoreOptions.builder(dir).embedding("test-model", 4).build())) {
      assertEquals(1, store.info().records());
    }
  }

  @Test
  void aLexicalOnlyIndexAdoptsTheFirstModelItIsOpenedWith() throws IOException {
    try (LuceneStore store = TestRecords.lexical(dir)) {
      store.upsert(record("a", "text").build());
      assertEquals(
          new StoreInfo(dir.toString(), null, 0, 1, store.info().sizeBytes()), store.info());
    }
    try (LuceneStore store = TestRecords.withVectors(dir, 2)) {
      store.upsert(record("b", "text").vector(new float[] {1, 2}).build());
    }
    try (LuceneStore store = TestRecords.lexical(dir)) {
      assertEquals("test-model", store.info().embeddingModel());
      assertEquals(2, store.info().dimension());
      assertEquals(List.of("a"), store.idsWithoutVector(10));
    }
  }

  @Test
  void aBadRecordInABatchWritesNothing() throws IOException {
    try (LuceneStore store = TestRecords.withVectors(dir, 2)) {
      store.upsert(record("keep", "original text").vector(new float[] {1, 0}).build());
      List<MemoryRecord> batch =
          List.of(
              record("keep", "overwritten text").vector(new float[] {0, 1}).build(),
              record("new", "new text").build(),
              record("bad", "bad vector").vector(new float[] {1, 2, 3}).build());
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> store.upsertAll(batch));
      assertTrue(e.getMessage().startsWith("vector: dimension 3"), e.getMessage());
      assertEquals("original text", store.get("keep").orElseThrow().content());
      assertEquals(1, store.info().records());
    }
    try (LuceneStore store = TestRecords.withVectors(dir, 2)) {
      assertEquals("original text", store.get("keep").orElseThrow().content());
      assertFalse(store.get("new").isPresent());
    }
  }

  @Test
  void aBatchIsCommittedOnceAndTheLastOfARepeatedIdWins() throws IOException {
    try (LuceneStore store = TestRecords.lexical(dir)) {
      store.upsertAll(
          List.of(
              record("a", "first").build(),
              record("b", "bee").build(),
              record("a", "second").build()));
      assertEquals(2, store.info().records());
      assertEquals("second", store.get("a").orElseThrow().content());
      store.upsertAll(List.of());
    }
  }

  @Test
  void recordAccessUpdatesInPlaceAndSurvivesReopen() throws IOException {
    Instant first = Instant.parse("2025-06-01T00:00:00.000000001Z");
    Instant second = first.plusSeconds(3600);
    try (LuceneStore store = TestRecords.withVectors(dir, 2)) {
      store.upsertAll(
          List.of(
              record("a", "alpha").vector(new float[] {1, 0}).build(),
              record("b", "beta").recallCount(7).build()));
      store.recordAccess(List.of("a", "b", "a", "unknown"), first);
      store.recordAccess(List.of("a"), second);
      MemoryRecord a = store.get("a").orElseThrow();
      assertEquals(2, a.recallCount());
      assertEquals(second, a.lastAccessed());
      assertEquals(
          first,
          store
              .searchLexical("beta", StoreFilter.all(Scope.of("ns")), 1)
              .getFirst()
              .record()
              .lastAccessed());
      assertEquals(
          List.of("a"),
          ids(store.searchVector(new float[] {1, 0}, StoreFilter.all(Scope.of("ns")), 1)));
    }
    try (LuceneStore store = TestRecords.lexical(dir)) {
      MemoryRecord a = store.get("a").orElseThrow();
      assertEquals(2, a.recallCount());
      assertEquals(second, a.lastAccessed());
      assertEquals(8, store.get("b").orElseThrow().recallCount());
      assertEquals("alpha", a.content());
      assertEquals(
          List.of("a"),
          ids(store.searchVector(new float[] {1, 0}, StoreFilter.all(Scope.of("ns")), 1)));
    }
  }

  @Test
  void recordAccessAddsTheCountsOfSeveralRecallsInPlace() throws IOException {
    Instant when = Instant.parse("2025-06-01T00:00:00Z");
    try (LuceneStore store = TestRecords.withVectors(dir, 2)) {
      store.upsertAll(
          List.of(record("a", "alpha").recallCount(2).build(), record("b", "beta").build()));
      store.recordAccess(Map.of("a", 3L, "b", 1L, "unknown", 5L), when);
      assertEquals(5, store.get("a").orElseThrow().recallCount());
      assertEquals(1, store.get("b").orElseThrow().recallCount());
      assertEquals(when, store.get("a").orElseThrow().lastAccessed());
      try (Directory files = FSDirectory.open(dir);
          DirectoryReader reader = DirectoryReader.open(files)) {
        assertEquals(2, reader.maxDoc(), "updated in place, not re-indexed");
      }
      assertThrows(IllegalArgumentException.class, () -> store.recordAccess(Map.of("a", 0L), when));
    }
  }

  @Test
  void compactMergesIntoOneSegmentAndKeepsEveryRecordAndStatistic() throws IOException {
    Instant when = Instant.parse("2025-06-01T00:00:00Z");
    try (LuceneStore store = TestRecords.withVectors(dir, 2)) {
      for (int i = 0; i < 5; i++) {
        store.upsert(record("r" + i, "alpha " + i).vector(new float[] {1, i}).build());
      }
      store.recordAccess(List.of("r3"), when);
      store.purge("r4");
      store.compact();
      try (Directory files = FSDirectory.open(dir);
          DirectoryReader reader = DirectoryReader.open(files)) {
        assertEquals(1, reader.leaves().size());
        assertEquals(4, reader.maxDoc());
      }
      StoreFilter all = StoreFilter.all(Scope.of("ns"));
      assertEquals(
          List.of("r0", "r1", "r2", "r3"),
          store.find(all, 10).stream().map(MemoryRecord::id).toList());
      assertEquals(when, store.get("r3").orElseThrow().lastAccessed());
      assertEquals(List.of("r0"), ids(store.searchVector(new float[] {1, 0}, all, 1)));
    }
  }

  @Test
  void searchesReadAtRandomAndMergesByContext() {
    assertEquals(
        Optional.of(ReadAdvice.RANDOM), IndexDirectory.readAdvice("_0.dvd", IOContext.DEFAULT));
    assertEquals(
        MMapDirectory.ADVISE_BY_CONTEXT.apply("_0.dvd", IOContext.merge()),
        IndexDirectory.readAdvice("_0.dvd", IOContext.merge()));
  }

  @Test
  void purgeDeletesForGood() throws IOException {
    try (LuceneStore store = TestRecords.lexical(dir)) {
      store.upsertAll(List.of(record("a", "alpha text").build(), record("b", "beta text").build()));
      assertTrue(store.purge("a"));
      assertFalse(store.purge("a"));
      assertFalse(store.get("a").isPresent());
      assertEquals(
          List.of("b"), ids(store.searchLexical("text", StoreFilter.all(Scope.of("ns")), 5)));
    }
    try (LuceneStore store = TestRecords.lexical(dir)) {
      assertFalse(store.get("a").isPresent());
      assertEquals(1, store.info().records());
    }
  }

  @Test
  void findPageAndCountsListByIdWithinTheFilter() throws IOException {
    try (LuceneStore store = TestRecords.lexical(dir)) {
      store.upsertAll(
          List.of(
              record("c", "one").build(),
              record("a", "two").silo(Silo.KB).build(),
              record("b", "three").status(Status.DELETED).build(),
              record("d", "four").scope(Scope.of("other")).build()));
      assertEquals(
          List.of("a", "c"),
          store.find(StoreFilter.recallable(Scope.of("ns")), 10).stream()
              .map(MemoryRecord::id)
              .toList());
      assertEquals(
          List.of("a", "b"),
          store.find(StoreFilter.all(Scope.of("ns")), 2).stream().map(MemoryRecord::id).toList());
      assertEquals(
          Map.of("kb", 1L, "memory", 2L), store.counts(StoreFilter.all(Scope.of("ns")), "silo"));
      assertEquals(
          Map.of("active", 2L, "deleted", 1L),
          store.counts(StoreFilter.all(Scope.of("ns")), "status"));
      assertEquals(
          Map.of("observation", 1L, "project_fact", 2L),
          store.counts(StoreFilter.all(Scope.of("ns")), "kind"));
      assertEquals(Map.of("active", 1L), store.counts(StoreFilter.all(Scope.of("other")), "tier"));
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> store.counts(StoreFilter.all(Scope.of("ns")), "namespace"));
      assertTrue(e.getMessage().startsWith("field: must be one of"), e.getMessage());
      assertEquals(List.of("a", "b"), store.page(null, 2).stream().map(MemoryRecord::id).toList());
      assertEquals(List.of("c", "d"), store.page("b", 5).stream().map(MemoryRecord::id).toList());
      assertThrows(
          IllegalArgumentException.class, () -> store.find(StoreFilter.all(Scope.of("ns")), 0));
    }
  }

  @Test
  void eachEncodingIndexesAndFindsVectors() throws IOException {
    for (VectorEncoding encoding : VectorEncoding.values()) {
      Path path = dir.resolve(encoding.name());
      try (LuceneStore store =
          LuceneStore.open(
              StoreOptions.builder(path).embedding("m", 5).vectorEncoding(encoding).build())) {
        store.upsertAll(
            List.of(
                record("a", "a").vector(new float[] {1, 0, 0, 0, 0}).build(),
                record("b", "b").vector(new float[] {0, 1, 0, 0, 0}).build()));
        assertEquals(
            List.of("b", "a"),
            ids(
                store.searchVector(
                    new float[] {0.1f, 1, 0, 0, 0}, StoreFilter.all(Scope.of("ns")), 2)),
            encoding.name());
      }
      try (LuceneStore store = TestRecords.lexical(path)) {
        assertEquals(
            List.of("b"),
            ids(
                store.searchVector(
                    new float[] {0, 1, 0, 0, 0}, StoreFilter.all(Scope.of("ns")), 1)));
      }
    }
    assertNotEquals(VectorEncoding.INT8, VectorEncoding.INT4);
  }

  static List<String> ids(List<Hit> hits) {
    return hits.stream().map(h -> h.record().id()).toList();
  }
}
