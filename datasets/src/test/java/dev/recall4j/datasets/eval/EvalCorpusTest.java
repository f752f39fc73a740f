package dev.recall4j.datasets.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.datasets.load.Datasets;
import dev.recall4j.datasets.load.Fixtures;
import dev.recall4j.datasets.load.Level;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class EvalCorpusTest {
  private static final Path LOCOMO = Fixtures.dataset("locomo-tiny");

  @Test
  void aMixedCorpusKeepsEachDocumentsSiloAndKind() throws IOException {
    EvalCorpus corpus = EvalCorpus.of(Datasets.load(LOCOMO, "test", Level.MIXED));

    assertEquals(6, corpus.records().size());
    MemoryRecord turn = corpus.record("conv-1:D1:1");
    assertEquals(Silo.MEMORY, turn.silo());
    assertEquals(EvalCorpus.DIALOG_TURN, turn.kind());
    MemoryRecord observation = corpus.record("conv-1:S1:O1");
    assertEquals(Silo.KB, observation.silo());
    assertEquals(Kind.OBSERVATION, observation.kind());
    assertEquals(
        Map.of(EvalCorpus.DIALOG_TURN, 4L, Kind.OBSERVATION, 2L),
        corpus.records().stream()
            .collect(Collectors.groupingBy(MemoryRecord::kind, Collectors.counting())));
  }

  @Test
  void eachDocumentBecomesTheSameRecordAtItsOwnLevelAndInMixed() throws IOException {
    EvalCorpus mixed = EvalCorpus.of(Datasets.load(LOCOMO, "test", Level.MIXED));
    for (Level level : Level.MIXED.parts()) {
      for (MemoryRecord single : EvalCorpus.of(Datasets.load(LOCOMO, "test", level)).records()) {
        // Same silo, kind, title and text: the text-keyed vector cache is shared with the levels.
        assertEquals(single, mixed.record(single.id()), level + " " + single.id());
      }
    }
  }
}
