package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
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
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.RecordKey;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.core.store.StoreInfo;
import dev.recall4j.core.store.VectorEncoding;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The contract of {@link RecordStore}, on a store of the kind under test: every field round-trips,
 * writes replace by id and a bad batch writes nothing, BM25 and filtered vector search apply every
 * filter dimension with ties by id, any query text is accepted, listings page by id, access
 * statistics add up without rewriting the record, the embedding model is recorded and checked, a
 * read-only store refuses writes.
 */
public abstract class RecordStoreConformance extends StoreSuite {
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
        .embeddingModel(MODEL)
        .vector(new float[] {0.1f, -2.5f, 3.0f, Float.MIN_VALUE})
        .build();
  }

  @Test
  void everyFieldRoundTripsAcrossCloseAndReopen() throws IOException {
    MemoryRecord record = full();
    StoreOpener at = newStore();
    try (RecordStore store = withVectors(at, 4)) {
      store.upsert(record);
      assertEquals(record, store.get(RecordKey.of(record)).orElseThrow());
    }
    try (RecordStore store = lexical(at)) {
      assertEquals(record, store.get(RecordKey.of(record)).orElseThrow());
      StoreInfo info = store.info();
      assertEquals(new StoreInfo(at.location(), MODEL, 4, 1, info.sizeBytes()), info);
      assertTrue(info.sizeBytes() > 0);
    }
  }

  @Test
  void upsertReplacesByIdAndGetIsEmptyForUnknownIds() throws IOException {
    try (RecordStore store = lexical(newStore())) {
      store.upsert(record("a", "first version about penguins").build());
      store.upsert(record("a", "second version about walruses").build());
      assertEquals(1, store.info().records());
      assertEquals("second version about walruses", store.get(key("a")).orElseThrow().content());
      assertTrue(store.searchLexical("penguins", StoreFilter.all(NS), 10).isEmpty());
      assertTrue(store.get(key("b")).isEmpty());
      assertEquals(
          Set.of(key("a")), store.getAll(List.of(key("b"), key("a"), key("c"), key("a"))).keySet());
    }
  }

  @Test
  void theSameIdInTwoNamespacesIsTwoRecordsEachAddressedByItsKey() throws IOException {
    RecordKey elsewhere = new RecordKey("elsewhere", "a");
    try (RecordStore store = lexical(newStore())) {
      store.upsert(record("a", "staying penguins").build());
      store.upsert(record("a", "other penguins").scope(Scope.of("elsewhere")).build());
      assertEquals(2, store.info().records());
      assertEquals("staying penguins", store.get(key("a")).orElseThrow().content());
      assertEquals("other penguins", store.get(elsewhere).orElseThrow().content());
      assertEquals(
          Set.of(key("a"), elsewhere), store.getAll(List.of(key("a"), elsewhere)).keySet());
      assertEquals(List.of("a"), ids(store.searchLexical("staying", StoreFilter.all(NS), 10)));
      assertTrue(store.searchLexical("other", StoreFilter.all(NS), 10).isEmpty());
      assertEquals(
          List.of(elsewhere, key("a")), store.page(null, 10).stream().map(RecordKey::of).toList());
      assertEquals(
          List.of(key("a")), store.page(elsewhere, 10).stream().map(RecordKey::of).toList());
      store.recordAccess(List.of(elsewhere), T0);
      assertEquals(0, store.get(key("a")).orElseThrow().recallCount());
      assertEquals(1, store.get(elsewhere).orElseThrow().recallCount());
      assertTrue(store.purge(elsewhere));
      assertEquals("staying penguins", store.get(key("a")).orElseThrow().content());
      assertEquals(1, store.info().records());
    }
  }

  @Test
  void lexicalSearchRanksByBm25AndAppliesEachFilterDimension() throws IOException {
    try (RecordStore store = lexical(newStore())) {
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
      assertEquals(
          List.of("m1", "m2", "k1"),
          ids(store.searchLexical("build", StoreFilter.recallable(NS), 10)),
          "without a project, only the records without one");
      assertEquals(
          List.of("m1", "m2", "j1", "j2", "k1"),
          ids(store.searchLexical("build", StoreFilter.recallable(NS).withAllProjects(true), 10)));
      assertEquals(
          List.of("m1", "m2", "j1", "k1"),
          ids(store.searchLexical("build", StoreFilter.recallable(Scope.of("ns", "alpha")), 10)));
      assertEquals(List.of("m1"), ids(store.searchLexical("build", StoreFilter.recallable(NS), 1)));
      assertEquals(
          List.of("k1"),
          ids(store.searchLexical("build", StoreFilter.all(NS).withSilos(Set.of(Silo.KB)), 10)));
      assertEquals(
          List.of("m2"),
          ids(
              store.searchLexical(
                  "build", StoreFilter.all(NS).withKinds(Set.of(Kind.WORKFLOW)), 10)));
      assertEquals(
          List.of("m1"),
          ids(store.searchLexical("build", StoreFilter.all(NS).withTags(Set.of("build")), 10)));
      assertEquals(
          List.of("r1"),
          ids(
              store.searchLexical(
                  "build", StoreFilter.all(NS).withTiers(Set.of(Tier.ARCHIVED)), 10)));
      assertEquals(
          List.of("d1"),
          ids(
              store.searchLexical(
                  "build", StoreFilter.all(NS).withStatuses(Set.of(Status.DELETED)), 10)));
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
      List<Hit> hits = store.searchLexical("build", StoreFilter.recallable(NS), 10);
      for (int i = 0; i < hits.size(); i++) {
        assertEquals(i + 1, hits.get(i).rank());
        assertTrue(i == 0 || hits.get(i - 1).score() >= hits.get(i).score());
      }
    }
  }

  @Test
  void createdTimeBoundsAreMillisecondExactSinceInclusiveUntilExclusive() throws IOException {
    Instant day = Instant.parse("2026-01-02T00:00:00Z");
    try (RecordStore store = lexical(newStore())) {
      store.upsertAll(
          List.of(
              record("before", "note").created(day.minusMillis(1)).build(),
              record("at", "note").created(day).build(),
              record("late", "note")
                  .created(day.plusSeconds(86_399).plusNanos(999_999_999))
                  .build(),
              record("next", "note").created(day.plusSeconds(86_400)).build()));
      StoreFilter oneDay = StoreFilter.all(NS).withCreated(day, day.plusSeconds(86_400));
      assertEquals(List.of("at", "late"), recordIds(store.find(oneDay, 10)));
      assertEquals(List.of("at", "late"), ids(store.searchLexical("note", oneDay, 10)));
      assertEquals(
          List.of("before"), recordIds(store.find(StoreFilter.all(NS).withCreated(null, day), 10)));
    }
  }

  @Test
  void tagsAreSearchedAsText() throws IOException {
    try (RecordStore store = lexical(newStore())) {
      store.upsert(record("a", "nothing relevant in the body").tags(List.of("kubernetes")).build());
      assertEquals(List.of("a"), ids(store.searchLexical("Kubernetes", StoreFilter.all(NS), 5)));
    }
  }

  @Test
  void equalScoresAreOrderedById() throws IOException {
    try (RecordStore store = lexical(newStore())) {
      store.upsertAll(
          List.of(
              record("c", "same text").build(),
              record("a", "same text").build(),
              record("b", "same text").build()));
      assertEquals(
          List.of("a", "b"), ids(store.searchLexical("same text", StoreFilter.all(NS), 2)));
    }
  }

  @Test
  void anyQueryTextIsAcceptedAndNeverThrows() throws IOException {
    try (RecordStore store = lexical(newStore())) {
      store.upsert(record("a", "AND the duck 🦆 title:foo").build());
      for (String query :
          List.of(
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
              "the of and")) {
        assertTrue(store.searchLexical(query, StoreFilter.all(NS), 5).size() <= 1, query);
      }
    }
  }

  @Test
  void tenKilobytesOfQueryTextStayUnderTheClauseLimit() throws IOException {
    StringBuilder query = new StringBuilder();
    for (int i = 0; query.length() < 10_240; i++) {
      query.append("word").append(i).append(" camelCase").append(i).append(" ");
    }
    query.append("word1 word1 camelCase2");
    String withoutSpaces =
        IntStream.range(0, 2_000).mapToObj(i -> "w" + i).collect(Collectors.joining(","))
            + ",word1,word1";
    try (RecordStore store = lexical(newStore())) {
      store.upsert(record("a", "word1 and camelCase2").build());
      assertEquals(
          List.of("a"), ids(store.searchLexical(query.toString(), StoreFilter.all(NS), 5)));
      assertEquals(List.of("a"), ids(store.searchLexical(withoutSpaces, StoreFilter.all(NS), 5)));
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
    try (RecordStore store = lexical(newStore())) {
      store.upsertAll(records);
      StoreFilter all = StoreFilter.all(NS);
      assertEquals(List.of("code", "prose"), ids(store.searchLexical("findById", all, 5)));
      assertEquals("code", ids(store.searchLexical("UserService.findById", all, 5)).getFirst());
      // prose queries keep their prose answer first
      assertEquals("prose", ids(store.searchLexical("find a user by id", all, 5)).getFirst());
    }
    try (RecordStore store = open(newStore(), IndexSettings.DEFAULTS.withCodeFieldBoost(0), 0)) {
      store.upsertAll(records);
      assertEquals(List.of(), ids(store.searchLexical("findById", StoreFilter.all(NS), 5)));
    }
  }

  @Test
  void vectorSearchFindsNearestNeighboursUnderEachFilterDimension() throws IOException {
    try (RecordStore store = withVectors(newStore(), 3)) {
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
      float[] east = {2, 0.1f, 0};
      List<Hit> hits = store.searchVector(east, StoreFilter.recallable(NS), 10);
      assertEquals(List.of("x", "xy", "y", "z"), ids(hits));
      assertTrue(
          hits.stream()
              .allMatch(h -> Float.isFinite(h.score()) && h.score() >= 0 && h.score() <= 1.01f));
      assertEquals(
          List.of("x", "xy"), ids(store.searchVector(east, StoreFilter.recallable(NS), 2)));
      assertEquals(
          List.of("y"),
          ids(store.searchVector(east, StoreFilter.all(NS).withSilos(Set.of(Silo.KB)), 10)));
      assertEquals(
          List.of("z"),
          ids(store.searchVector(east, StoreFilter.all(NS).withKinds(Set.of(Kind.TOOL_USE)), 10)));
      assertEquals(
          List.of("z"),
          ids(store.searchVector(east, StoreFilter.all(NS).withTags(Set.of("up")), 10)));
      assertEquals(
          List.of("arch"),
          ids(store.searchVector(east, StoreFilter.all(NS).withTiers(Set.of(Tier.ARCHIVED)), 10)));
      assertEquals(
          List.of("gone"),
          ids(
              store.searchVector(
                  east, StoreFilter.all(NS).withStatuses(Set.of(Status.DELETED)), 10)));
      assertEquals(
          List.of("alien"), ids(store.searchVector(east, StoreFilter.all(Scope.of("other")), 10)));
      assertEquals(List.of(key("novec")), store.keysWithoutVector(10));
    }
  }

  /**
   * A recall hands its lexical hits' records to the vector search, so a record both paths find is
   * read once: a hit the caller holds is that very instance, and which records are hits, ranks and
   * scores are those of the search without them.
   */
  @Test
  void aVectorHitTheCallerHoldsIsThatRecordNotReadAgain() throws IOException {
    try (RecordStore store = withVectors(newStore(), 3)) {
      store.upsertAll(
          List.of(
              record("x", "east").vector(new float[] {1, 0, 0}).build(),
              record("xy", "north east").vector(new float[] {5, 5, 0}).build(),
              record("y", "north").vector(new float[] {0, 1, 0}).build()));
      float[] east = {2, 0.1f, 0};
      StoreFilter filter = StoreFilter.recallable(NS);
      List<Hit> plain = store.searchVector(east, filter, 10);
      MemoryRecord held = store.get(key("xy")).orElseThrow();
      MemoryRecord notAHit = store.get(key("y")).orElseThrow().toBuilder().id("absent").build();
      List<Hit> reusing =
          store.searchVector(east, filter, 10, Map.of("xy", held, "absent", notAHit));
      assertEquals(ids(plain), ids(reusing));
      assertEquals(
          plain.stream().map(Hit::score).toList(), reusing.stream().map(Hit::score).toList());
      assertSame(held, reusing.get(1).record());
      assertEquals(plain.get(0).record(), reusing.get(0).record());
      // Ids are unique within a namespace only: another namespace's "x" is not this search's.
      MemoryRecord elsewhere =
          plain.get(0).record().toBuilder().scope(Scope.of("other")).content("not here").build();
      List<Hit> foreign = store.searchVector(east, filter, 10, Map.of("x", elsewhere));
      assertEquals(plain.get(0).record(), foreign.get(0).record());
    }
  }

  @Test
  void eachEncodingIndexesAndFindsVectors() throws IOException {
    for (VectorEncoding encoding : List.of(VectorEncoding.FLOAT32, VectorEncoding.INT8)) {
      StoreOpener at = newStore();
      try (RecordStore store = open(at, IndexSettings.DEFAULTS.withVectorEncoding(encoding), 5)) {
        store.upsertAll(
            List.of(
                record("a", "a").vector(new float[] {1, 0, 0, 0, 0}).build(),
                record("b", "b").vector(new float[] {0, 1, 0, 0, 0}).build()));
        assertEquals(
            List.of("b", "a"),
            ids(store.searchVector(new float[] {0.1f, 1, 0, 0, 0}, StoreFilter.all(NS), 2)),
            encoding.name());
      }
      try (RecordStore store = lexical(at)) {
        assertEquals(
            List.of("b"),
            ids(store.searchVector(new float[] {0, 1, 0, 0, 0}, StoreFilter.all(NS), 1)));
      }
    }
  }

  @Test
  void vectorsOfTheWrongDimensionOrModelAreRefusedNamingTheField() throws IOException {
    try (RecordStore store = withVectors(newStore(), 4)) {
      MemoryRecord wrong = record("a", "text").vector(new float[] {1, 2, 3}).build();
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> store.upsert(wrong));
      assertEquals(
          "vector: dimension 3 does not match the index dimension 4 (model test-model)",
          e.getMessage());
      assertMessage(
          "queryVector: dimension 3",
          () -> store.searchVector(new float[] {1, 2, 3}, StoreFilter.all(NS), 5));
      assertMessage(
          "queryVector: must not be all zeros",
          () -> store.searchVector(new float[] {0, 0, 0, 0}, StoreFilter.all(NS), 5));
      assertMessage(
          "queryVector: component 0 is NaN",
          () -> store.searchVector(new float[] {Float.NaN, 0, 0, 1}, StoreFilter.all(NS), 5));
      assertMessage(
          "embeddingModel:",
          () ->
              store.upsert(
                  record("b", "text")
                      .vector(new float[] {1, 2, 3, 4})
                      .embeddingModel("another")
                      .build()));
      assertMessage(
          "passageVectors[0]: must not be all zeros",
          () ->
              store.upsert(
                  record("c", "text")
                      .vectors(List.of(new float[] {1, 2, 3, 4}, new float[] {0, 0, 0, 0}))
                      .build()));
      assertEquals(0, store.info().records());
    }
    try (RecordStore store = lexical(newStore())) {
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
    StoreOpener at = newStore();
    try (RecordStore store = withVectors(at, 4)) {
      store.upsert(record("a", "text").vector(new float[] {1, 2, 3, 4}).build());
    }
    IndexModelMismatchException e =
        assertThrows(
            IndexModelMismatchException.class,
            () -> at.open(IndexSettings.DEFAULTS, "all-minilm-l6-v2-q", 384, WAIT));
    assertEquals(
        "index "
            + at.location()
            + " was built with embedding model test-model (dimension 4) but is opened with model"
            + " all-minilm-l6-v2-q (dimension 384); run `bin/recall4j reindex --index "
            + at.location()
            + "` to re-embed it with the configured model, or configure test-model again",
        e.getMessage());
    assertThrows(
        IndexModelMismatchException.class, () -> at.open(IndexSettings.DEFAULTS, MODEL, 8, WAIT));
    assertThrows(
        IndexModelMismatchException.class, () -> at.open(IndexSettings.DEFAULTS, "x", 4, WAIT));
    // the refused opens left the store as it was
    try (RecordStore store = withVectors(at, 4)) {
      assertEquals(1, store.info().records());
    }
  }

  @Test
  void aLexicalOnlyStoreAdoptsTheFirstModelItIsOpenedWith() throws IOException {
    StoreOpener at = newStore();
    try (RecordStore store = lexical(at)) {
      store.upsert(record("a", "text").build());
      assertNull(store.info().embeddingModel());
      assertEquals(0, store.info().dimension());
      assertEquals(List.of(key("a")), store.keysWithoutVector(10));
    }
    try (RecordStore store = withVectors(at, 2)) {
      store.upsert(record("b", "text").vector(new float[] {1, 2}).build());
    }
    try (RecordStore store = lexical(at)) {
      assertEquals(MODEL, store.info().embeddingModel());
      assertEquals(2, store.info().dimension());
      assertEquals(List.of(key("a")), store.keysWithoutVector(10));
      assertEquals(
          List.of("b"), ids(store.searchVector(new float[] {1, 1}, StoreFilter.all(NS), 5)));
    }
  }

  @Test
  void aBadRecordInABatchWritesNothing() throws IOException {
    StoreOpener at = newStore();
    try (RecordStore store = withVectors(at, 2)) {
      store.upsert(record("keep", "original text").vector(new float[] {1, 0}).build());
      List<MemoryRecord> batch =
          List.of(
              record("keep", "overwritten text").vector(new float[] {0, 1}).build(),
              record("new", "new text").build(),
              record("bad", "bad vector").vector(new float[] {1, 2, 3}).build());
      assertMessage("vector: dimension 3", () -> store.upsertAll(batch));
      assertEquals("original text", store.get(key("keep")).orElseThrow().content());
      assertEquals(1, store.info().records());
    }
    try (RecordStore store = withVectors(at, 2)) {
      assertEquals("original text", store.get(key("keep")).orElseThrow().content());
      assertFalse(store.get(key("new")).isPresent());
    }
  }

  @Test
  void theLastOfARepeatedIdInABatchWins() throws IOException {
    try (RecordStore store = lexical(newStore())) {
      store.upsertAll(
          List.of(
              record("a", "first").build(),
              record("b", "bee").build(),
              record("a", "second").build()));
      assertEquals(2, store.info().records());
      assertEquals("second", store.get(key("a")).orElseThrow().content());
      store.upsertAll(List.of());
    }
  }

  @Test
  void recordAccessAddsUpAndSurvivesReopen() throws IOException {
    Instant first = Instant.parse("2025-06-01T00:00:00.000000001Z");
    Instant second = first.plusSeconds(3600);
    StoreOpener at = newStore();
    try (RecordStore store = withVectors(at, 2)) {
      store.upsertAll(
          List.of(
              record("a", "alpha").vector(new float[] {1, 0}).build(),
              record("b", "beta").recallCount(7).build()));
      long before = store.version();
      store.recordAccess(List.of(key("a"), key("b"), key("a"), key("unknown")), first);
      assertTrue(store.version() != before, "an access is a change searches see");
      store.recordAccess(Map.of(key("a"), 3L, key("unknown"), 5L), second);
      MemoryRecord a = store.get(key("a")).orElseThrow();
      assertEquals(4, a.recallCount());
      assertEquals(second, a.lastAccessed());
      MemoryRecord b = store.searchLexical("beta", StoreFilter.all(NS), 1).getFirst().record();
      assertEquals(8, b.recallCount());
      assertEquals(first, b.lastAccessed());
      assertEquals(
          a, store.searchVector(new float[] {1, 0}, StoreFilter.all(NS), 1).get(0).record());
      assertMessage("recalls:", () -> store.recordAccess(Map.of(key("a"), 0L), first));
    }
    try (RecordStore store = lexical(at)) {
      MemoryRecord a = store.get(key("a")).orElseThrow();
      assertEquals(4, a.recallCount());
      assertEquals(second, a.lastAccessed());
      assertEquals("alpha", a.content());
      assertEquals(8, store.get(key("b")).orElseThrow().recallCount());
    }
  }

  @Test
  void theVersionChangesWithEveryVisibleWrite() throws IOException {
    try (RecordStore store = lexical(newStore())) {
      store.upsert(record("a", "alpha").build());
      long v1 = store.version();
      store.upsert(record("b", "beta").build());
      long v2 = store.version();
      assertTrue(v2 != v1, "an upsert");
      store.purge(key("b"));
      assertTrue(store.version() != v2, "a purge");
    }
  }

  @Test
  void compactKeepsEveryRecordAndStatistic() throws IOException {
    Instant when = Instant.parse("2025-06-01T00:00:00Z");
    try (RecordStore store = withVectors(newStore(), 2)) {
      for (int i = 0; i < 5; i++) {
        store.upsert(record("r" + i, "alpha " + i).vector(new float[] {1, i}).build());
      }
      store.recordAccess(List.of(key("r3")), when);
      store.purge(key("r4"));
      store.compact();
      StoreFilter all = StoreFilter.all(NS);
      assertEquals(List.of("r0", "r1", "r2", "r3"), recordIds(store.find(all, 10)));
      assertEquals(when, store.get(key("r3")).orElseThrow().lastAccessed());
      assertEquals(List.of("r0"), ids(store.searchVector(new float[] {1, 0}, all, 1)));
    }
  }

  @Test
  void purgeDeletesForGood() throws IOException {
    StoreOpener at = newStore();
    try (RecordStore store = lexical(at)) {
      store.upsertAll(
          List.of(
              record("a", "alpha text").build(),
              record("b", "beta text").build(),
              record("c", "gamma text").build()));
      assertTrue(store.purge(key("a")));
      assertFalse(store.purge(key("a")));
      assertFalse(store.get(key("a")).isPresent());
      assertEquals(List.of("b", "c"), ids(store.searchLexical("text", StoreFilter.all(NS), 5)));
      assertEquals(1, store.purgeAll(List.of(key("b"), key("b"), key("zz"))));
    }
    try (RecordStore store = lexical(at)) {
      assertFalse(store.get(key("a")).isPresent());
      assertEquals(1, store.info().records());
    }
  }

  @Test
  void findPageAndCountsListByIdWithinTheFilter() throws IOException {
    try (RecordStore store = lexical(newStore())) {
      store.upsertAll(
          List.of(
              record("c", "one").build(),
              record("a", "two").silo(Silo.KB).build(),
              record("b", "three").status(Status.DELETED).build(),
              record("d", "four").scope(Scope.of("other")).build()));
      assertEquals(List.of("a", "c"), recordIds(store.find(StoreFilter.recallable(NS), 10)));
      assertEquals(List.of("a", "b"), recordIds(store.find(StoreFilter.all(NS), 2)));
      assertEquals(List.of("b", "c"), recordIds(store.find(StoreFilter.all(NS), "a", 5)));
      assertEquals(Map.of("kb", 1L, "memory", 2L), store.counts(StoreFilter.all(NS), "silo"));
      assertEquals(
          Map.of("active", 2L, "deleted", 1L), store.counts(StoreFilter.all(NS), "status"));
      assertEquals(
          Map.of("observation", 1L, "project_fact", 2L), store.counts(StoreFilter.all(NS), "kind"));
      assertEquals(Map.of("active", 1L), store.counts(StoreFilter.all(Scope.of("other")), "tier"));
      assertMessage("field: must be one of", () -> store.counts(StoreFilter.all(NS), "namespace"));
      assertEquals(List.of("a", "b"), recordIds(store.page(null, 2)));
      assertEquals(List.of("c", "d"), recordIds(store.page(key("b"), 5)));
      assertThrows(IllegalArgumentException.class, () -> store.find(StoreFilter.all(NS), 0));
    }
  }

  @Test
  void findLinkedFindsLinksAndNewerVersionsWithinTheFilter() throws IOException {
    try (RecordStore store = lexical(newStore())) {
      store.upsertAll(
          List.of(
              record("v1", "old version").status(Status.SUPERSEDED).build(),
              record("v2", "new version").supersedes("v1").build(),
              record("other-v2", "elsewhere").supersedes("v1").scope(Scope.of("other")).build(),
              record("link", "linked").build(),
              record("unrelated", "unrelated").build()));
      assertEquals(
          List.of("link", "v2"),
          recordIds(store.findLinked(StoreFilter.all(NS), List.of("link"), List.of("v1"), 10)));
      assertEquals(
          List.of(),
          recordIds(store.findLinked(StoreFilter.recallable(NS), List.of("v1"), List.of(), 10)),
          "the filter applies: a superseded record is not recallable");
      assertEquals(List.of(), store.findLinked(StoreFilter.all(NS), List.of(), List.of(), 10));
    }
  }

  @Test
  void aReadOnlyStoreReadsAndRefusesEveryWrite() throws IOException {
    StoreOpener at = newStore();
    try (RecordStore writer = lexical(at)) {
      writer.upsert(record("a", "alpha").build());
    }
    try (RecordStore reader = at.open(IndexSettings.DEFAULTS, null, 0, null)) {
      assertTrue(reader.isReadOnly());
      assertTrue(reader.get(key("a")).isPresent());
      assertThrows(IllegalStateException.class, () -> reader.upsert(record("b", "beta").build()));
      assertThrows(IllegalStateException.class, () -> reader.purge(key("a")));
      assertThrows(IllegalStateException.class, () -> reader.recordAccess(List.of(key("a")), T0));
    }
  }
}
