package dev.recall4j.engine;

import static dev.recall4j.engine.RecallEngineTest.CLOCK;
import static dev.recall4j.engine.RecallEngineTest.SCOPE;
import static dev.recall4j.engine.RecallEngineTest.threeSilos;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.store.LuceneStore;
import dev.recall4j.store.StoreOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The facts an engine stores with its records: made for its packer, read back by recall with the
 * same result as counting, and filled in by {@code compact} for records written without them.
 */
class StoredFactsTest {
  private static final RecallRequest REQUEST =
      RecallRequest.builder("NullPointerException TideTable blank phase")
          .scope(SCOPE)
          .budgetTokens(120) // tight: records are cut, so the cut counts are read too
          .build();

  @TempDir Path workspace;

  private EngineConfig config(String tokenizer) {
    return EngineConfig.builder(workspace)
        .embedderProvider(EmbedderProvider.NONE)
        .tokenizer(tokenizer)
        .build();
  }

  private List<MemoryRecord> stored(RecallEngine engine) {
    return engine.find(StoreFilter.all(SCOPE), 100);
  }

  @Test
  void everyRecordAnEngineWritesCarriesTheFactsOfItsPacker() throws IOException {
    EngineConfig config = config("cl100k");
    StoredFacts facts = StoredFacts.of(config);
    try (RecallEngine engine = RecallEngine.open(config, null, CLOCK)) {
      engine.saveAll(threeSilos());
      List<MemoryRecord> records = stored(engine);
      assertEquals(threeSilos().size(), records.size());
      for (MemoryRecord r : records) {
        assertEquals(facts.of(r.content()), r.contentFacts(), r.id());
        assertTrue(r.contentFacts().layout().startsWith("cl100k/"), r.contentFacts().layout());
      }
      assertFalse(someMissing(config));
    }
  }

  @Test
  void compactFillsFactsInAnIndexWrittenWithoutThemAndRecallIsUnchanged() throws IOException {
    EngineConfig config = config("cl100k");
    try (LuceneStore plain = LuceneStore.open(StoreOptions.builder(config.indexDir()).build())) {
      plain.upsertAll(threeSilos()); // as a version that stored no facts wrote them
    }
    RecallResult counted;
    try (RecallEngine engine = RecallEngine.open(config, null, CLOCK)) {
      stored(engine).forEach(r -> assertNull(r.contentFacts(), r.id()));
      assertTrue(someMissing(config));
      counted = engine.recall(REQUEST);
      engine.compact();
      stored(engine).forEach(r -> assertEquals("cl100k", layoutCounter(r), r.id()));
    }
    try (RecallEngine reopened = RecallEngine.open(config, null, CLOCK)) {
      // A fresh engine: nothing counted yet, so the block is built from the stored counts.
      RecallResult read = reopened.recall(REQUEST);
      assertEquals(counted.context(), read.context());
      assertEquals(counted.tokensUsed(), read.tokensUsed());
      assertTrue(read.tokensUsed() <= 120);
    }
  }

  @Test
  void anotherCounterRecountsAndCompactStoresItsFacts() throws IOException {
    try (RecallEngine engine = RecallEngine.open(config("cl100k"), null, CLOCK)) {
      engine.saveAll(threeSilos());
    }
    EngineConfig o200k = config("o200k");
    RecallResult counted;
    try (RecallEngine engine = RecallEngine.open(o200k, null, CLOCK)) {
      assertTrue(someMissing(o200k));
      counted = engine.recall(REQUEST);
      engine.compact();
      stored(engine).forEach(r -> assertEquals("o200k", layoutCounter(r), r.id()));
      assertFalse(someMissing(o200k));
    }
    try (RecallEngine reopened = RecallEngine.open(o200k, null, CLOCK)) {
      assertEquals(counted.context(), reopened.recall(REQUEST).context());
    }
  }

  /** What the engine checks on open, read beside the open engine from the committed index. */
  private static boolean someMissing(EngineConfig config) throws IOException {
    try (LuceneStore index =
        LuceneStore.openReadOnly(StoreOptions.builder(config.indexDir()).build())) {
      return StoredFacts.of(config).someMissing(index);
    }
  }

  private static String layoutCounter(MemoryRecord r) {
    return r.contentFacts() == null ? null : r.contentFacts().layout().split("/")[0];
  }
}
