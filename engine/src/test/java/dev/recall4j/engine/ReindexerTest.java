package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.store.IndexModelMismatchException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One model per index: another model is refused with the fix, and the fix works and resumes. */
class ReindexerTest {
  @TempDir Path workspace;

  EngineConfig config() {
    return EngineConfig.builder(workspace).build();
  }

  List<MemoryRecord> records(int n) {
    List<MemoryRecord> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(
          RecallEngineTest.record(
              String.format("r%04d", i),
              dev.recall4j.core.Silo.RAG,
              dev.recall4j.core.Kind.RAG_CHUNK,
              dev.recall4j.core.Tier.ACTIVE,
              "chunk number " + i + " about tides and station " + (i % 7)));
    }
    return out;
  }

  @Test
  void anotherModelIsRefusedWithTheFixAndTheFixWorks() throws IOException {
    try (RecallEngine engine =
        RecallEngine.open(config(), new HashingEmbedder(8), RecallEngineTest.CLOCK)) {
      engine.saveAll(records(20));
    }
    IndexModelMismatchException refused =
        assertThrows(
            IndexModelMismatchException.class,
            () -> RecallEngine.open(config(), new HashingEmbedder(16), RecallEngineTest.CLOCK));
    assertTrue(
        refused.getMessage().contains("hashing-8")
            && refused.getMessage().contains("hashing-16")
            && refused.getMessage().contains("bin/recall4j reindex --index"),
        refused.getMessage());

    Reindexer.Outcome outcome =
        Reindexer.reindex(config(), new HashingEmbedder(16), IngestProgress.NONE);
    assertEquals(20, outcome.records());
    assertEquals("hashing-8", outcome.fromModel());
    try (RecallEngine engine =
        RecallEngine.open(config(), new HashingEmbedder(16), RecallEngineTest.CLOCK)) {
      MemoryRecord r = engine.get(RecallEngineTest.SCOPE, "r0003").orElseThrow();
      assertEquals(16, r.dimension());
      assertEquals("hashing-16", r.embeddingModel());
      assertEquals(
          "hybrid",
          engine
              .recall(
                  RecallRequest.builder("station 3 tides").scope(RecallEngineTest.SCOPE).build())
              .retrieval()
              .describe());
    }
    assertTrue(
        Files.notExists(workspace.resolve("agents/index.reindex"))
            && Files.notExists(workspace.resolve("agents/index.old")));
  }

  @Test
  void anInterruptedReindexResumesAfterTheLastCommittedBatch() throws IOException {
    try (RecallEngine engine =
        RecallEngine.open(config(), new HashingEmbedder(8), RecallEngineTest.CLOCK)) {
      engine.saveAll(records(600));
    }
    RuntimeException interrupted =
        assertThrows(
            RuntimeException.class,
            () ->
                Reindexer.reindex(
                    config(),
                    new HashingEmbedder(16),
                    (done, total) -> {
                      if (done >= 256) {
                        throw new RuntimeException("power cut");
                      }
                    }));
    assertEquals("power cut", interrupted.getMessage());
    Reindexer.Outcome resumed =
        Reindexer.reindex(config(), new HashingEmbedder(16), IngestProgress.NONE);
    assertTrue(resumed.resumed());
    assertEquals(600, resumed.records());
    assertEquals(
        600 - 256, resumed.embeddedThisRun(), "the first committed batch is not embedded again");
    try (RecallEngine engine =
        RecallEngine.open(config(), new HashingEmbedder(16), RecallEngineTest.CLOCK)) {
      assertEquals(600, engine.status(RecallEngineTest.SCOPE).records());
    }
  }
}
