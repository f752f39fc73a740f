package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.store.IndexModelMismatchException;
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

  /**
   * Defect 1 of issue 17: records saved, changed or purged between an interrupted reindex and its
   * resume were lost, since the resume only copied ids after the last one copied. The interruption
   * is injected at a real point of the path: the progress report after the first committed batch.
   */
  @Test
  void writesBetweenAnInterruptedReindexAndItsResumeAreKept() throws IOException {
    try (RecallEngine engine =
        RecallEngine.open(config(), new HashingEmbedder(8), RecallEngineTest.CLOCK)) {
      engine.saveAll(records(600));
    }
    assertThrows(
        RuntimeException.class,
        () ->
            Reindexer.reindex(
                config(),
                new HashingEmbedder(16),
                (done, total) -> {
                  if (done >= 256) {
                    throw new RuntimeException("killed");
                  }
                }));
    var scope = RecallEngineTest.SCOPE;
    try (RecallEngine engine =
        RecallEngine.open(config(), new HashingEmbedder(8), RecallEngineTest.CLOCK)) {
      engine.save(rag("r0100a", "a chunk saved inside the range already copied"));
      engine.save(rag("r0599z", "a chunk saved after the range already copied"));
      engine.supersede(scope, "r0010", rag("r0010v2", "the corrected chunk about neap tides"));
      engine.forget(scope, "r0020");
      engine.purge(scope, "r0030");
      engine.save(rag("r0040", "chunk forty now speaks of spring tides"));
      engine.pin(scope, "r0050");
    }
    Reindexer.Outcome resumed =
        Reindexer.reindex(config(), new HashingEmbedder(16), IngestProgress.NONE);
    assertTrue(resumed.resumed());
    assertEquals(602, resumed.records());
    assertEquals(
        344 + 1 + 3,
        resumed.embeddedThisRun(),
        "the rest, plus the new or changed texts in the copied range; a new status is not re-embedded");
    try (RecallEngine engine =
        RecallEngine.open(config(), new HashingEmbedder(16), RecallEngineTest.CLOCK)) {
      assertEquals(602, engine.status(scope).records());
      for (String id : List.of("r0100a", "r0599z", "r0010v2", "r0040", "r0010", "r0000")) {
        assertEquals(16, engine.get(scope, id).orElseThrow().dimension(), id);
      }
      assertEquals(
          dev.recall4j.core.Status.SUPERSEDED, engine.get(scope, "r0010").orElseThrow().status());
      assertEquals(
          List.of("r0010v2", "r0010"),
          engine.history(scope, "r0010").stream().map(MemoryRecord::id).toList());
      assertEquals(
          dev.recall4j.core.Status.DELETED, engine.get(scope, "r0020").orElseThrow().status());
      assertTrue(engine.get(scope, "r0030").isEmpty(), "purged between the runs");
      assertEquals(
          "chunk forty now speaks of spring tides",
          engine.get(scope, "r0040").orElseThrow().content());
      assertEquals(dev.recall4j.core.Tier.PINNED, engine.get(scope, "r0050").orElseThrow().tier());
    }
  }

  MemoryRecord rag(String id, String content) {
    return RecallEngineTest.record(
        id,
        dev.recall4j.core.Silo.RAG,
        dev.recall4j.core.Kind.RAG_CHUNK,
        dev.recall4j.core.Tier.ACTIVE,
        content);
  }
}
