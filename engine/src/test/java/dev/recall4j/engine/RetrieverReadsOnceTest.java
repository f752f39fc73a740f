package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RetrievalMode;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.store.DamagedRecordException;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.embeddings.QueryEmbedding;
import dev.recall4j.ranking.PathResult;
import dev.recall4j.store.LuceneStore;
import dev.recall4j.store.StoreOptions;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A record both paths of a recall find is read from the store once when the paths run one after the
 * other (the query vector comes while the lexical search runs): the vector search is handed the
 * lexical hits' records and returns those instances, and the retrieval holds one record per id. A
 * vector already there when the recall begins is searched beside the lexical path, on another
 * thread, with the same answer.
 */
class RetrieverReadsOnceTest {
  private static final Scope NS = Scope.of("ns");
  private static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");

  @TempDir Path dir;

  /** What the store saw and answered, recorded by a proxy in front of the real store. */
  private static final class Calls {
    final List<Hit> lexical = new CopyOnWriteArrayList<>();
    final List<Hit> vector = new CopyOnWriteArrayList<>();
    final List<Map<String, MemoryRecord>> known = new CopyOnWriteArrayList<>();
    final List<Thread> vectorThreads = new CopyOnWriteArrayList<>();
    final CountDownLatch lexicalAnswered = new CountDownLatch(1);
    volatile RuntimeException vectorFailure;
  }

  @SuppressWarnings("unchecked")
  private static RecordStore recording(RecordStore store, Calls calls) {
    return (RecordStore)
        Proxy.newProxyInstance(
            RecordStore.class.getClassLoader(),
            new Class<?>[] {RecordStore.class},
            (proxy, method, args) -> {
              if (method.getName().equals("searchVector") && calls.vectorFailure != null) {
                throw calls.vectorFailure;
              }
              Object answer;
              try {
                answer = method.invoke(store, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
              if (method.getName().equals("searchLexical")) {
                calls.lexical.addAll((List<Hit>) answer);
                calls.lexicalAnswered.countDown();
              } else if (method.getName().equals("searchVector")) {
                calls.vector.addAll((List<Hit>) answer);
                calls.vectorThreads.add(Thread.currentThread());
                if (args.length == 4) {
                  calls.known.add(new HashMap<>((Map<String, MemoryRecord>) args[3]));
                }
              }
              return answer;
            });
  }

  private static MemoryRecord memory(String id, String content, HashingEmbedder embedder) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.MEMORY)
        .scope(NS)
        .content(content)
        .embeddingModel(embedder.modelId())
        .vector(embedder.embedQuery(content))
        .build(T0);
  }

  @Test
  void aRecordBothPathsFindIsReadOnceAndHeldOnce() throws IOException {
    HashingEmbedder embedder = new HashingEmbedder(32);
    try (LuceneStore store = threeRecords(embedder)) {
      Calls calls = new Calls();
      Retrieval retrieval =
          retrieve(store, calls, new QueryEmbedding(embedder, afterLexical(calls)));

      assertTrue(ids(retrieval.path(PathResult.LEXICAL)).contains("both"));
      assertTrue(ids(retrieval.path(PathResult.VECTOR)).contains("both"));
      assertEquals(1, calls.known.size(), "the vector path was searched with the known records");
      assertEquals(
          calls.lexical.stream().map(h -> h.record().id()).sorted().toList(),
          calls.known.get(0).keySet().stream().sorted().toList(),
          "every lexical hit's record handed to the vector search");
      MemoryRecord read = hit(calls.lexical, "both").record();
      assertSame(read, hit(calls.vector, "both").record(), "not read a second time");
      assertSame(read, retrieval.records().get("both"));
      assertEquals(3, retrieval.records().size());
    }
  }

  @Test
  void aVectorThereAtTheStartIsSearchedBesideTheLexicalPathWithTheSameAnswer() throws IOException {
    HashingEmbedder embedder = new HashingEmbedder(32);
    try (LuceneStore store = threeRecords(embedder)) {
      Calls inTurn = new Calls();
      Retrieval oneAfterTheOther =
          retrieve(store, inTurn, new QueryEmbedding(embedder, afterLexical(inTurn)));

      Calls beside = new Calls();
      // Runnable::run embeds inside begin(): the vector is there before any search.
      Retrieval atOnce = retrieve(store, beside, new QueryEmbedding(embedder, Runnable::run), 0);

      assertEquals(1, beside.vectorThreads.size());
      assertNotSame(Thread.currentThread(), beside.vectorThreads.get(0), "another thread");
      assertEquals(RetrievalMode.HYBRID, atOnce.retrieval());
      for (String path : List.of(PathResult.LEXICAL, PathResult.VECTOR)) {
        assertEquals(
            oneAfterTheOther.path(path).ranked(), atOnce.path(path).ranked(), path + " path");
      }
      assertEquals(oneAfterTheOther.records().keySet(), atOnce.records().keySet());
    }
  }

  @Test
  void aVectorPathFailingBesideTheLexicalOneFailsTheRetrievalWithItsOwnException()
      throws IOException {
    HashingEmbedder embedder = new HashingEmbedder(32);
    try (LuceneStore store = threeRecords(embedder)) {
      Calls calls = new Calls();
      calls.vectorFailure = new DamagedRecordException("record vector in the test is damaged");
      DamagedRecordException thrown =
          assertThrows(
              DamagedRecordException.class,
              () -> retrieve(store, calls, new QueryEmbedding(embedder, Runnable::run), 0));
      assertEquals("record vector in the test is damaged", thrown.getMessage());
    }
  }

  /**
   * Runs the model only once the lexical search has answered: the paths run one after the other.
   */
  private static Executor afterLexical(Calls calls) {
    return task ->
        Thread.ofVirtual()
            .start(
                () -> {
                  try {
                    calls.lexicalAnswered.await();
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                  task.run();
                });
  }

  private LuceneStore threeRecords(HashingEmbedder embedder) throws IOException {
    StoreOptions options =
        StoreOptions.builder(dir).embedding(embedder.modelId(), embedder.dimension()).build();
    LuceneStore store = LuceneStore.open(options);
    store.upsertAll(
        List.of(
            memory("both", "tide gauge readings at Brest", embedder),
            memory("lexical", "the tide tables of last winter were late again", embedder),
            memory("vector", "gauge readings Brest harbour", embedder)));
    return store;
  }

  private Retrieval retrieve(LuceneStore store, Calls calls, QueryEmbedding embedding) {
    return retrieve(store, calls, embedding, Retriever.BESIDE_FROM_MILLIS);
  }

  /** One retrieval by a new retriever, which has timed no lexical search yet. */
  private Retrieval retrieve(
      LuceneStore store, Calls calls, QueryEmbedding embedding, double besideFromMillis) {
    Retriever retriever =
        new Retriever(
            recording(store, calls),
            embedding,
            EngineConfig.builder(dir).build().recall(),
            besideFromMillis);
    return retriever.retrieve(
        RecallRequest.builder("tide gauge readings Brest").scope(NS).build(),
        Teams.NONE,
        System.nanoTime(),
        false);
  }

  private static List<String> ids(PathResult path) {
    return path.ranked().stream().map(c -> c.id()).toList();
  }

  private static Hit hit(List<Hit> hits, String id) {
    return hits.stream().filter(h -> h.record().id().equals(id)).findFirst().orElseThrow();
  }
}
