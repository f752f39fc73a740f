package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RetrievalMode;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Stage;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.embeddings.QueryEmbedding;
import dev.recall4j.ranking.Candidate;
import dev.recall4j.ranking.PathResult;
import dev.recall4j.store.LuceneStore;
import dev.recall4j.store.StoreOptions;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store that answers both paths in one request ({@link RecordStore#searchesHybridAtOnce()}) is
 * asked once per recall, after the query vector, for every visible scope, and the retrieval is the
 * one the two searches apart give: same candidates, ranks and scores on both paths, the same
 * shadowing of a team's record by the caller's own with the same id.
 */
class HybridAtOnceTest {
  private static final Scope OWN = Scope.of("alice");
  private static final Scope TEAM = Scope.of(Teams.namespace("tide"));
  private static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");

  @TempDir Path dir;

  private final HashingEmbedder embedder = new HashingEmbedder(32);

  /** The real store behind a proxy that says it searches at once and names each call made. */
  private static RecordStore atOnce(RecordStore store, List<String> calls) {
    return (RecordStore)
        Proxy.newProxyInstance(
            RecordStore.class.getClassLoader(),
            new Class<?>[] {RecordStore.class},
            (proxy, method, args) -> {
              calls.add(method.getName());
              if (method.getName().equals("searchesHybridAtOnce")) {
                return true;
              }
              try {
                return method.invoke(store, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  private MemoryRecord memory(Scope scope, String id, String content) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.MEMORY)
        .scope(scope)
        .content(content)
        .embeddingModel(embedder.modelId())
        .vector(embedder.embedQuery(content))
        .build(T0);
  }

  private Retrieval retrieve(RecordStore store, Executor embedding, Duration deadline) {
    Retriever retriever =
        new Retriever(
            store,
            new QueryEmbedding(embedder, embedding),
            EngineConfig.builder(dir).build().recall());
    return retriever.retrieve(
        RecallRequest.builder("tide gauge readings at Brest").scope(OWN).deadline(deadline).build(),
        Teams.of("tide"),
        System.nanoTime(),
        false);
  }

  @Test
  void oneRequestForEveryScopeAndTheRetrievalOfTheTwoSearchesApart() throws IOException {
    StoreOptions options =
        StoreOptions.builder(dir.resolve("index"))
            .embedding(embedder.modelId(), embedder.dimension())
            .build();
    try (LuceneStore store = LuceneStore.open(options)) {
      List<MemoryRecord> records = new ArrayList<>();
      for (int i = 0; i < 30; i++) {
        records.add(memory(OWN, "own-" + i, "tide gauge " + i + " readings of the harbour"));
        records.add(memory(TEAM, "team-" + i, "readings at Brest, gauge " + i));
      }
      records.add(memory(OWN, "shared-id", "the tide gauge at Brest, alice's note"));
      records.add(memory(TEAM, "shared-id", "the tide gauge at Brest, the team's note"));
      store.upsertAll(records);

      Retrieval apart = retrieve(store, Runnable::run, Duration.ofSeconds(5));
      List<String> calls = new ArrayList<>();
      Retrieval together = retrieve(atOnce(store, calls), Runnable::run, Duration.ofSeconds(5));

      assertEquals(RetrievalMode.HYBRID, together.retrieval());
      assertEquals(List.of("searchesHybridAtOnce", "searchHybrid"), calls);
      for (String path : List.of(PathResult.LEXICAL, PathResult.VECTOR)) {
        List<Candidate> expected = apart.path(path).ranked();
        assertFalse(expected.isEmpty(), path);
        assertEquals(expected, together.path(path).ranked(), path);
      }
      assertEquals(apart.records().keySet(), together.records().keySet());
      assertEquals(OWN, together.records().get("shared-id").scope(), "the own record shadows");
      assertTrue(together.timingsMillis().containsKey(Stage.SEARCH));
      assertFalse(together.timingsMillis().containsKey(Stage.LEXICAL));
      assertFalse(together.timingsMillis().containsKey(Stage.VECTOR));
    }
  }

  @Test
  void withoutTheVectorInTimeTheLexicalPathAloneAnswers() throws IOException {
    StoreOptions options =
        StoreOptions.builder(dir.resolve("index"))
            .embedding(embedder.modelId(), embedder.dimension())
            .build();
    try (LuceneStore store = LuceneStore.open(options)) {
      store.upsertAll(List.of(memory(OWN, "a", "tide gauge readings at Brest")));
      List<String> calls = new ArrayList<>();
      // The model never answers: its task is never run.
      Retrieval late = retrieve(atOnce(store, calls), task -> {}, Duration.ofMillis(20));

      assertEquals(RetrievalMode.LEXICAL_EMBEDDER_TIMEOUT, late.retrieval());
      assertEquals(List.of("searchesHybridAtOnce", "searchLexical", "searchLexical"), calls);
      assertEquals(
          List.of("a"),
          late.path(PathResult.LEXICAL).ranked().stream().map(Candidate::id).toList());
      assertTrue(late.path(PathResult.VECTOR).ranked().isEmpty());
      assertTrue(late.timingsMillis().containsKey(Stage.LEXICAL));
    }
  }

  @Test
  void aRecallEmbedsItsQueryWhileItLooksUpThePinnedRecords() throws Exception {
    java.util.concurrent.CountDownLatch embedding = new java.util.concurrent.CountDownLatch(1);
    dev.recall4j.core.Embedder model =
        (dev.recall4j.core.Embedder)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {dev.recall4j.core.Embedder.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("embedQuery")) {
                    embedding.countDown();
                  }
                  try {
                    return method.invoke(embedder, args);
                  } catch (InvocationTargetException e) {
                    throw e.getCause();
                  }
                });
    List<String> calls = java.util.Collections.synchronizedList(new ArrayList<>());
    List<Boolean> embeddingBegunAtPinnedLookup = new ArrayList<>();
    StoreOpener opener =
        new StoreOpener() {
          @Override
          public String location() {
            return dir.resolve("index").toString();
          }

          @Override
          public RecordStore open(
              dev.recall4j.core.store.IndexSettings index,
              String modelId,
              int dimension,
              Duration lockWait)
              throws IOException {
            RecordStore store =
                new DirectoryStoreOpener(dir.resolve("index"))
                    .open(index, modelId, dimension, lockWait);
            return (RecordStore)
                Proxy.newProxyInstance(
                    RecordStore.class.getClassLoader(),
                    new Class<?>[] {RecordStore.class},
                    (proxy, method, args) -> {
                      if (method.getName().equals("version")) {
                        // The pinned lookup's first step: the model must be at work already.
                        embeddingBegunAtPinnedLookup.add(
                            embedding.await(5, java.util.concurrent.TimeUnit.SECONDS));
                      }
                      try {
                        return method.invoke(store, args);
                      } catch (InvocationTargetException e) {
                        throw e.getCause();
                      }
                    });
          }
        };
    try (RecallEngine engine =
        RecallEngine.open(
            EngineConfig.builder(dir).store(opener).statsEnabled(false).build(),
            model,
            java.time.Clock.systemUTC())) {
      engine.importAll(List.of(memory(OWN, "a", "tide gauge readings at Brest")));
      dev.recall4j.core.RecallResult result =
          engine.recall(
              RecallRequest.builder("tide gauge")
                  .scope(OWN)
                  .deadline(Duration.ofSeconds(5))
                  .build());
      assertEquals(RetrievalMode.HYBRID, result.retrieval());
      assertEquals(List.of(true), embeddingBegunAtPinnedLookup);
    }
  }
}
