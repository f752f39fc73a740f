package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A record both paths of a recall find is read from the store once: the vector search is handed the
 * lexical hits' records and returns those instances, and the retrieval holds one record per id.
 */
class RetrieverReadsOnceTest {
  private static final Scope NS = Scope.of("ns");
  private static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");

  @TempDir Path dir;

  /** What the store saw and answered, recorded by a proxy in front of the real store. */
  private static final class Calls {
    final List<Hit> lexical = new ArrayList<>();
    final List<Hit> vector = new ArrayList<>();
    final List<Map<String, MemoryRecord>> known = new ArrayList<>();
  }

  @SuppressWarnings("unchecked")
  private static RecordStore recording(RecordStore store, Calls calls) {
    return (RecordStore)
        Proxy.newProxyInstance(
            RecordStore.class.getClassLoader(),
            new Class<?>[] {RecordStore.class},
            (proxy, method, args) -> {
              Object answer;
              try {
                answer = method.invoke(store, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
              if (method.getName().equals("searchLexical")) {
                calls.lexical.addAll((List<Hit>) answer);
              } else if (method.getName().equals("searchVector")) {
                calls.vector.addAll((List<Hit>) answer);
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
    StoreOptions options =
        StoreOptions.builder(dir).embedding(embedder.modelId(), embedder.dimension()).build();
    try (LuceneStore store = LuceneStore.open(options)) {
      store.upsertAll(
          List.of(
              memory("both", "tide gauge readings at Brest", embedder),
              memory("lexical", "the tide tables of last winter were late again", embedder),
              memory("vector", "gauge readings Brest harbour", embedder)));
      Calls calls = new Calls();
      Retriever retriever =
          new Retriever(
              recording(store, calls),
              new QueryEmbedding(embedder, Runnable::run),
              EngineConfig.builder(dir).build().recall());

      Retrieval retrieval =
          retriever.retrieve(
              RecallRequest.builder("tide gauge readings Brest").scope(NS).build(),
              Teams.NONE,
              System.nanoTime(),
              false);

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

  private static List<String> ids(PathResult path) {
    return path.ranked().stream().map(c -> c.id()).toList();
  }

  private static Hit hit(List<Hit> hits, String id) {
    return hits.stream().filter(h -> h.record().id().equals(id)).findFirst().orElseThrow();
  }
}
