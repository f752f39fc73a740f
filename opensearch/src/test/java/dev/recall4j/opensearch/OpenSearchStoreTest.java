package dev.recall4j.opensearch;

import static dev.recall4j.opensearch.TestStores.T0;
import static dev.recall4j.opensearch.TestStores.ids;
import static dev.recall4j.opensearch.TestStores.record;
import static dev.recall4j.opensearch.TestStores.recordIds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.core.store.StoreInfo;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The in-process store's own tests (LuceneStoreTest), against the cluster store. */
@ExtendWith(OpenSearchCluster.class)
class OpenSearchStoreTest {
  private static final Scope NS = Scope.of("ns");

  private TestStores stores;
  private String index;

  @BeforeEach
  void setUp(OpenSearchCluster.Hosts hosts, org.junit.jupiter.api.TestInfo test) {
    stores = new TestStores(hosts);
    index = TestStores.newIndex(test.getTestMethod().orElseThrow().getName());
  }

  @AfterEach
  void tearDown() throws IOException {
    stores.close();
  }

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
    try (OpenSearchStore store = stores.withVectors(index, 4)) {
      store.upsert(record);
      assertThat(store.get("mem-1")).contains(record);
    }
    try (OpenSearchStore store = stores.lexical(index)) {
      assertThat(store.get("mem-1")).contains(record);
      StoreInfo info = store.info();
      assertThat(info).isEqualTo(new StoreInfo(index, "test-model", 4, 1, info.sizeBytes()));
      assertThat(info.sizeBytes()).isPositive();
    }
  }

  @Test
  void upsertReplacesByIdAndGetIsEmptyForUnknownIds() throws IOException {
    try (OpenSearchStore store = stores.lexical(index)) {
      store.upsert(record("a", "first version about penguins").build());
      store.upsert(record("a", "second version about walruses").build());
      assertThat(store.info().records()).isEqualTo(1);
      assertThat(store.get("a").orElseThrow().content()).isEqualTo("second version about walruses");
      assertThat(store.searchLexical("penguins", StoreFilter.all(NS), 10)).isEmpty();
      assertThat(store.get("b")).isEmpty();
      assertThat(recordIds(store.getAll(List.of("b", "a", "c", "a")))).containsExactly("a");
    }
  }

  @Test
  void aRecordMovedToAnotherNamespaceLeavesNothingBehind() throws IOException {
    try (OpenSearchStore store = stores.lexical(index)) {
      store.upsert(record("a", "moving penguins").build());
      store.upsert(record("a", "moved penguins").scope(Scope.of("elsewhere")).build());
      assertThat(store.info().records()).isEqualTo(1);
      assertThat(store.searchLexical("penguins", StoreFilter.all(NS), 10)).isEmpty();
      assertThat(ids(store.searchLexical("penguins", StoreFilter.all(Scope.of("elsewhere")), 10)))
          .containsExactly("a");
      assertThat(store.purge("a")).isTrue();
      assertThat(store.page(null, 10)).isEmpty();
    }
  }

  @Test
  void lexicalSearchRanksByBm25AndAppliesEachFilterDimension() throws IOException {
    try (OpenSearchStore store = stores.lexical(index)) {
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
      assertThat(ids(store.searchLexical("build", StoreFilter.recallable(NS), 10)))
          .as("without a project, only the records without one")
          .containsExactly("m1", "m2", "k1");
      assertThat(
              ids(
                  store.searchLexical(
                      "build", StoreFilter.recallable(NS).withAllProjects(true), 10)))
          .containsExactly("m1", "m2", "j1", "j2", "k1");
      assertThat(
              ids(
                  store.searchLexical(
                      "build", StoreFilter.recallable(Scope.of("ns", "alpha")), 10)))
          .containsExactly("m1", "m2", "j1", "k1");
      assertThat(ids(store.searchLexical("build", StoreFilter.recallable(NS), 1)))
          .containsExactly("m1");
      assertThat(
              ids(store.searchLexical("build", StoreFilter.all(NS).withSilos(Set.of(Silo.KB)), 10)))
          .containsExactly("k1");
      assertThat(
              ids(
                  store.searchLexical(
                      "build", StoreFilter.all(NS).withKinds(Set.of(Kind.WORKFLOW)), 10)))
          .containsExactly("m2");
      assertThat(
              ids(store.searchLexical("build", StoreFilter.all(NS).withTags(Set.of("build")), 10)))
          .containsExactly("m1");
      assertThat(
              ids(
                  store.searchLexical(
                      "build", StoreFilter.all(NS).withTiers(Set.of(Tier.ARCHIVED)), 10)))
          .containsExactly("r1");
      assertThat(
              ids(
                  store.searchLexical(
                      "build", StoreFilter.all(NS).withStatuses(Set.of(Status.DELETED)), 10)))
          .containsExactly("d1");
      assertThat(ids(store.searchLexical("build", StoreFilter.all(Scope.of("other")), 10)))
          .containsExactly("x1");
      assertThat(
              ids(
                  store.searchLexical(
                      "build",
                      StoreFilter.recallable(Scope.of("ns", "alpha"))
                          .withKinds(Set.of(Kind.PROJECT_FACT, Kind.OBSERVATION)),
                      10)))
          .containsExactly("m1", "j1", "k1");
      List<Hit> hits = store.searchLexical("build", StoreFilter.recallable(NS), 10);
      for (int i = 0; i < hits.size(); i++) {
        assertThat(hits.get(i).rank()).isEqualTo(i + 1);
        assertThat(i == 0 || hits.get(i - 1).score() >= hits.get(i).score()).isTrue();
      }
    }
  }

  @Test
  void createdTimeBoundsAreMillisecondExactSinceInclusiveUntilExclusive() throws IOException {
    Instant day = Instant.parse("2026-01-02T00:00:00Z");
    try (OpenSearchStore store = stores.lexical(index)) {
      store.upsertAll(
          List.of(
              record("before", "note").created(day.minusMillis(1)).build(),
              record("at", "note").created(day).build(),
              record("late", "note")
                  .created(day.plusSeconds(86_399).plusNanos(999_999_999))
                  .build(),
              record("next", "note").created(day.plusSeconds(86_400)).build()));
      StoreFilter oneDay = StoreFilter.all(NS).withCreated(day, day.plusSeconds(86_400));
      assertThat(recordIds(store.find(oneDay, 10))).containsExactly("at", "late");
      assertThat(ids(store.searchLexical("note", oneDay, 10))).containsExactly("at", "late");
      assertThat(recordIds(store.find(StoreFilter.all(NS).withCreated(null, day), 10)))
          .containsExactly("before");
    }
  }

  @Test
  void tagsAreSearchedAsText() throws IOException {
    try (OpenSearchStore store = stores.lexical(index)) {
      store.upsert(record("a", "nothing relevant in the body").tags(List.of("kubernetes")).build());
      assertThat(ids(store.searchLexical("Kubernetes", StoreFilter.all(NS), 5)))
          .containsExactly("a");
    }
  }

  @Test
  void equalScoresAreOrderedById() throws IOException {
    try (OpenSearchStore store = stores.lexical(index)) {
      store.upsertAll(
          List.of(
              record("c", "same text").build(),
              record("a", "same text").build(),
              record("b", "same text").build()));
      assertThat(ids(store.searchLexical("same text", StoreFilter.all(NS), 2)))
          .containsExactly("a", "b");
    }
  }

  @Test
  void anyQueryTextIsAcceptedAndNeverThrows() throws IOException {
    try (OpenSearchStore store = stores.lexical(index)) {
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
        assertThat(store.searchLexical(query, StoreFilter.all(NS), 5)).as(query).hasSizeLessThan(2);
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
    try (OpenSearchStore store = stores.lexical(index)) {
      store.upsert(record("a", "word1 and camelCase2").build());
      assertThat(ids(store.searchLexical(query.toString(), StoreFilter.all(NS), 5)))
          .containsExactly("a");
      String withoutSpaces =
          IntStream.range(0, 2_000).mapToObj(i -> "w" + i).collect(Collectors.joining(","))
              + ",word1,word1";
      assertThat(ids(store.searchLexical(withoutSpaces, StoreFilter.all(NS), 5)))
          .containsExactly("a");
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
    try (OpenSearchStore store = stores.lexical(index)) {
      store.upsertAll(records);
      StoreFilter all = StoreFilter.all(NS);
      assertThat(ids(store.searchLexical("findById", all, 5))).containsExactly("code", "prose");
      assertThat(ids(store.searchLexical("UserService.findById", all, 5)).getFirst())
          .isEqualTo("code");
      // prose queries keep their prose answer first
      assertThat(ids(store.searchLexical("find a user by id", all, 5)).getFirst())
          .isEqualTo("prose");
    }
    try (OpenSearchStore store = stores.open(index + "-off", b -> b.codeFieldBoost(0))) {
      store.upsertAll(records);
      assertThat(store.searchLexical("findById", StoreFilter.all(NS), 5)).isEmpty();
    }
  }

  @Test
  void vectorSearchFindsNearestNeighboursUnderEachFilterDimension() throws IOException {
    try (OpenSearchStore store = stores.withVectors(index, 3)) {
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
      assertThat(ids(hits)).containsExactly("x", "xy", "y", "z");
      assertThat(hits)
          .allMatch(h -> Float.isFinite(h.score()) && h.score() >= 0 && h.score() <= 1.01f);
      assertThat(ids(store.searchVector(east, StoreFilter.recallable(NS), 2)))
          .containsExactly("x", "xy");
      assertThat(ids(store.searchVector(east, StoreFilter.all(NS).withSilos(Set.of(Silo.KB)), 10)))
          .containsExactly("y");
      assertThat(
              ids(
                  store.searchVector(
                      east, StoreFilter.all(NS).withKinds(Set.of(Kind.TOOL_USE)), 10)))
          .containsExactly("z");
      assertThat(ids(store.searchVector(east, StoreFilter.all(NS).withTags(Set.of("up")), 10)))
          .containsExactly("z");
      assertThat(
              ids(
                  store.searchVector(
                      east, StoreFilter.all(NS).withTiers(Set.of(Tier.ARCHIVED)), 10)))
          .containsExactly("arch");
      assertThat(
              ids(
                  store.searchVector(
                      east, StoreFilter.all(NS).withStatuses(Set.of(Status.DELETED)), 10)))
          .containsExactly("gone");
      assertThat(ids(store.searchVector(east, StoreFilter.all(Scope.of("other")), 10)))
          .containsExactly("alien");
      assertThat(store.idsWithoutVector(10)).containsExactly("novec");
    }
  }

  @Test
  void oneMultiSearchGivesWhatTheTwoSearchesGive() throws IOException {
    try (OpenSearchStore store = stores.withVectors(index, 3)) {
      store.upsertAll(
          List.of(
              record("x", "east wind").vector(new float[] {1, 0, 0}).build(),
              record("y", "north wind").vector(new float[] {0, 1, 0}).build(),
              record("alien", "east wind elsewhere")
                  .vector(new float[] {1, 0, 0})
                  .scope(Scope.of("other"))
                  .build()));
      store.recordAccess(List.of("y"), T0);
      float[] east = {1, 0.2f, 0};
      StoreFilter filter = StoreFilter.recallable(NS);
      HybridHits both = store.searchHybrid("east wind", east, filter, 10);
      assertThat(both.lexical()).isEqualTo(store.searchLexical("east wind", filter, 10));
      assertThat(both.vector()).isEqualTo(store.searchVector(east, filter, 10));
      assertThat(ids(both.vector())).containsExactly("x", "y");
      assertThat(both.vector().get(1).record().recallCount()).isEqualTo(1);
    }
  }

  @Test
  void vectorsOfTheWrongDimensionOrModelAreRefusedNamingTheField() throws IOException {
    try (OpenSearchStore store = stores.withVectors(index, 4)) {
      MemoryRecord wrong = record("a", "text").vector(new float[] {1, 2, 3}).build();
      assertThatThrownBy(() -> store.upsert(wrong))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "vector: dimension 3 does not match the index dimension 4 (model test-model)");
      assertThatThrownBy(() -> store.searchVector(new float[] {1, 2, 3}, StoreFilter.all(NS), 5))
          .hasMessageStartingWith("queryVector: dimension 3");
      assertThatThrownBy(() -> store.searchVector(new float[] {0, 0, 0, 0}, StoreFilter.all(NS), 5))
          .hasMessageStartingWith("queryVector: must not be all zeros");
      assertThatThrownBy(
              () -> store.searchVector(new float[] {Float.NaN, 0, 0, 1}, StoreFilter.all(NS), 5))
          .hasMessageStartingWith("queryVector: component 0 is NaN");
      MemoryRecord otherModel =
          record("b", "text").vector(new float[] {1, 2, 3, 4}).embeddingModel("another").build();
      assertThatThrownBy(() -> store.upsert(otherModel)).hasMessageStartingWith("embeddingModel:");
      MemoryRecord badPassage =
          record("c", "text")
              .vectors(List.of(new float[] {1, 2, 3, 4}, new float[] {0, 0, 0, 0}))
              .build();
      assertThatThrownBy(() -> store.upsert(badPassage))
          .hasMessageStartingWith("passageVectors[0]: must not be all zeros");
      assertThat(store.info().records()).isZero();
    }
    try (OpenSearchStore store = stores.lexical(index + "-lexical")) {
      assertThatThrownBy(() -> store.upsert(record("a", "text").vector(new float[] {1, 2}).build()))
          .hasMessage(
              "vector: dimension 2 does not match the index dimension 0 (model none recorded)");
    }
  }

  @Test
  void reopeningWithAnotherModelOrDimensionIsRefused() throws IOException {
    try (OpenSearchStore store = stores.withVectors(index, 4)) {
      store.upsert(record("a", "text").vector(new float[] {1, 2, 3, 4}).build());
    }
    assertThatThrownBy(() -> stores.open(index, b -> b.embedding("all-minilm-l6-v2-q", 384)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "index "
                + index
                + " was built with embedding model test-model (dimension 4) but is opened with"
                + " model all-minilm-l6-v2-q (dimension 384); re-embed it with the configured"
                + " model, or configure test-model again");
    assertThatThrownBy(() -> stores.open(index, b -> b.vectorDimension(8)))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> stores.open(index, b -> b.embeddingModel("x")))
        .isInstanceOf(IllegalStateException.class);
    try (OpenSearchStore store = stores.withVectors(index, 4)) {
      assertThat(store.info().records()).isEqualTo(1);
    }
  }

  @Test
  void aLexicalOnlyIndexAdoptsTheFirstModelItIsOpenedWith() throws IOException {
    try (OpenSearchStore store = stores.lexical(index)) {
      store.upsert(record("a", "text").build());
      assertThat(store.info().embeddingModel()).isNull();
      assertThat(store.info().dimension()).isZero();
      assertThat(store.idsWithoutVector(10)).containsExactly("a");
    }
    try (OpenSearchStore store = stores.withVectors(index, 2)) {
      store.upsert(record("b", "text").vector(new float[] {1, 2}).build());
    }
    try (OpenSearchStore store = stores.lexical(index)) {
      assertThat(store.info().embeddingModel()).isEqualTo("test-model");
      assertThat(store.info().dimension()).isEqualTo(2);
      assertThat(store.idsWithoutVector(10)).containsExactly("a");
      assertThat(ids(store.searchVector(new float[] {1, 1}, StoreFilter.all(NS), 5)))
          .containsExactly("b");
    }
  }

  @Test
  void anIndexRecall4jDidNotCreateIsRefused() throws IOException {
    try (Cluster cluster = new Cluster(stores.options(index).build().hosts())) {
      ObjectNode body = Cluster.JSON.createObjectNode();
      body.putObject("mappings").putObject("properties").putObject("id").put("type", "keyword");
      cluster.call("PUT", "/" + index, Map.of(), body);
    }
    assertThatThrownBy(() -> stores.lexical(index))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("was not created by recall4j");
  }

  @Test
  void aBadRecordInABatchWritesNothing() throws IOException {
    try (OpenSearchStore store = stores.withVectors(index, 2)) {
      store.upsert(record("keep", "original text").vector(new float[] {1, 0}).build());
      List<MemoryRecord> batch =
          List.of(
              record("keep", "overwritten text").vector(new float[] {0, 1}).build(),
              record("new", "new text").build(),
              record("bad", "bad vector").vector(new float[] {1, 2, 3}).build());
      assertThatThrownBy(() -> store.upsertAll(batch))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("vector: dimension 3");
      assertThat(store.get("keep").orElseThrow().content()).isEqualTo("original text");
      assertThat(store.get("new")).isEmpty();
      assertThat(store.info().records()).isEqualTo(1);
    }
  }

  @Test
  void theLastOfARepeatedIdInABatchWins() throws IOException {
    try (OpenSearchStore store = stores.lexical(index)) {
      store.upsertAll(
          List.of(
              record("a", "first").build(),
              record("b", "bee").build(),
              record("a", "second").build()));
      assertThat(store.info().records()).isEqualTo(2);
      assertThat(store.get("a").orElseThrow().content()).isEqualTo("second");
      store.upsertAll(List.of());
    }
  }

  @Test
  void recordAccessUpdatesBesideTheRecordWithoutReindexingIt() throws IOException {
    Instant first = Instant.parse("2025-06-01T00:00:00.000000001Z");
    Instant second = first.plusSeconds(3600);
    try (OpenSearchStore store = stores.withVectors(index, 2)) {
      store.upsertAll(
          List.of(
              record("a", "alpha").vector(new float[] {1, 0}).build(),
              record("b", "beta").recallCount(7).build()));
      long versionOfA = documentVersion("a");
      long before = store.version();
      store.recordAccess(List.of("a", "b", "a", "unknown"), first);
      assertThat(store.version()).isNotEqualTo(before);
      store.recordAccess(Map.of("a", 3L), second);
      MemoryRecord a = store.get("a").orElseThrow();
      assertThat(a.recallCount()).isEqualTo(4);
      assertThat(a.lastAccessed()).isEqualTo(second);
      assertThat(store.searchLexical("beta", StoreFilter.all(NS), 1).getFirst().record())
          .extracting(MemoryRecord::recallCount, MemoryRecord::lastAccessed)
          .containsExactly(8L, first);
      assertThat(store.searchVector(new float[] {1, 0}, StoreFilter.all(NS), 1).getFirst().record())
          .isEqualTo(a);
      assertThat(documentVersion("a"))
          .as("the record's document was not re-indexed")
          .isEqualTo(versionOfA);
      assertThatThrownBy(() -> store.recordAccess(Map.of("a", 0L), first))
          .hasMessageStartingWith("recalls:");
    }
    try (OpenSearchStore store = stores.lexical(index)) {
      assertThat(store.get("a").orElseThrow().recallCount()).isEqualTo(4);
      assertThat(store.get("b").orElseThrow().recallCount()).isEqualTo(8);
    }
  }

  @Test
  void theVersionChangesWithEveryVisibleWriteAndOnlyThen() throws IOException {
    try (OpenSearchStore store = stores.lexical(index)) {
      store.upsert(record("a", "alpha").build());
      // A replica that finishes starting is a change of the shards' statistics too.
      stores.awaitGreen(index);
      long v1 = store.version();
      assertThat(store.version()).isEqualTo(v1);
      store.upsert(record("b", "beta").build());
      long v2 = store.version();
      assertThat(v2).isNotEqualTo(v1);
      store.purge("b");
      assertThat(store.version()).isNotEqualTo(v2);
    }
  }

  @Test
  void compactKeepsEveryRecordAndStatistic() throws IOException {
    Instant when = Instant.parse("2025-06-01T00:00:00Z");
    try (OpenSearchStore store = stores.withVectors(index, 2)) {
      for (int i = 0; i < 5; i++) {
        store.upsert(record("r" + i, "alpha " + i).vector(new float[] {1, i}).build());
      }
      store.recordAccess(List.of("r3"), when);
      store.purge("r4");
      store.compact();
      StoreFilter all = StoreFilter.all(NS);
      assertThat(recordIds(store.find(all, 10))).containsExactly("r0", "r1", "r2", "r3");
      assertThat(store.get("r3").orElseThrow().lastAccessed()).isEqualTo(when);
      assertThat(ids(store.searchVector(new float[] {1, 0}, all, 1))).containsExactly("r0");
    }
  }

  @Test
  void purgeDeletesForGood() throws IOException {
    try (OpenSearchStore store = stores.lexical(index)) {
      store.upsertAll(List.of(record("a", "alpha text").build(), record("b", "beta text").build()));
      assertThat(store.purge("a")).isTrue();
      assertThat(store.purge("a")).isFalse();
      assertThat(store.get("a")).isEmpty();
      assertThat(ids(store.searchLexical("text", StoreFilter.all(NS), 5))).containsExactly("b");
      assertThat(store.purgeAll(List.of("b", "b", "zz"))).isEqualTo(1);
      assertThat(store.info().records()).isZero();
    }
  }

  @Test
  void findPageAndCountsListByIdWithinTheFilter() throws IOException {
    try (OpenSearchStore store = stores.lexical(index)) {
      store.upsertAll(
          List.of(
              record("c", "one").build(),
              record("a", "two").silo(Silo.KB).build(),
              record("b", "three").status(Status.DELETED).build(),
              record("d", "four").scope(Scope.of("other")).build()));
      assertThat(recordIds(store.find(StoreFilter.recallable(NS), 10))).containsExactly("a", "c");
      assertThat(recordIds(store.find(StoreFilter.all(NS), 2))).containsExactly("a", "b");
      assertThat(recordIds(store.find(StoreFilter.all(NS), "a", 5))).containsExactly("b", "c");
      assertThat(store.counts(StoreFilter.all(NS), "silo"))
          .isEqualTo(Map.of("kb", 1L, "memory", 2L));
      assertThat(store.counts(StoreFilter.all(NS), "status"))
          .isEqualTo(Map.of("active", 2L, "deleted", 1L));
      assertThat(store.counts(StoreFilter.all(NS), "kind"))
          .isEqualTo(Map.of("observation", 1L, "project_fact", 2L));
      assertThat(store.counts(StoreFilter.all(Scope.of("other")), "tier"))
          .isEqualTo(Map.of("active", 1L));
      assertThatThrownBy(() -> store.counts(StoreFilter.all(NS), "namespace"))
          .hasMessageStartingWith("field: must be one of");
      assertThat(recordIds(store.page(null, 2))).containsExactly("a", "b");
      assertThat(recordIds(store.page("b", 5))).containsExactly("c", "d");
      assertThatThrownBy(() -> store.find(StoreFilter.all(NS), 0))
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void findLinkedFindsLinksAndNewerVersionsWithinTheFilter() throws IOException {
    try (OpenSearchStore store = stores.lexical(index)) {
      store.upsertAll(
          List.of(
              record("v1", "old version").status(Status.SUPERSEDED).build(),
              record("v2", "new version").supersedes("v1").build(),
              record("other-v2", "elsewhere").supersedes("v1").scope(Scope.of("other")).build(),
              record("link", "linked").build(),
              record("unrelated", "unrelated").build()));
      assertThat(
              recordIds(store.findLinked(StoreFilter.all(NS), List.of("link"), List.of("v1"), 10)))
          .containsExactly("link", "v2");
      assertThat(
              recordIds(store.findLinked(StoreFilter.recallable(NS), List.of("v1"), List.of(), 10)))
          .as("the filter applies: a superseded record is not recallable")
          .isEmpty();
      assertThat(store.findLinked(StoreFilter.all(NS), List.of(), List.of(), 10)).isEmpty();
    }
  }

  @Test
  void aReadOnlyStoreReadsAndRefusesEveryWrite() throws IOException {
    assertThatThrownBy(() -> OpenSearchStore.openReadOnly(stores.options(index).build()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("does not exist");
    try (OpenSearchStore writer = stores.lexical(index)) {
      writer.upsert(record("a", "alpha").build());
    }
    try (OpenSearchStore reader = OpenSearchStore.openReadOnly(stores.options(index).build())) {
      assertThat(reader.isReadOnly()).isTrue();
      assertThat(reader.get("a")).isPresent();
      assertThatThrownBy(() -> reader.upsert(record("b", "beta").build()))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("read-only");
      assertThatThrownBy(() -> reader.purge("a")).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> reader.recordAccess(List.of("a"), T0))
          .isInstanceOf(IllegalStateException.class);
    }
  }

  /** The version OpenSearch keeps of a document: it goes up each time the document is indexed. */
  private long documentVersion(String id) throws IOException {
    try (Cluster cluster = new Cluster(stores.options(index).build().hosts())) {
      return cluster
          .call("GET", "/" + index + "/_doc/" + id, Map.of("routing", "ns"), null)
          .path("_version")
          .asLong();
    }
  }
}
