package dev.recall4j.datasets.trec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.datasets.DatasetFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrecFormatTest {
  @TempDir Path tmp;

  @Test
  void writesARunInQueryThenRankingOrder() throws IOException {
    Map<String, List<ScoredId>> rankings = new LinkedHashMap<>();
    rankings.put(
        "q2", List.of(new ScoredId("b", 1.5), new ScoredId("a", 1.5), new ScoredId("c", 2.25)));
    rankings.put("q10", List.of(new ScoredId("z", -0.5)));
    rankings.put("q3", List.of());
    Path file = tmp.resolve("run.txt");

    TrecFormat.writeRun(Run.of("bm25", rankings), file);

    // Queries by id as text (q10 < q2); ties by doc id ascending; q3 retrieved nothing.
    assertEquals(
        """
        q10 Q0 z 1 -0.5 bm25
        q2 Q0 c 1 2.25 bm25
        q2 Q0 a 2 1.5 bm25
        q2 Q0 b 3 1.5 bm25
        """,
        Files.readString(file));
  }

  @Test
  void readsARunOrderingByScoreNotByTheRankColumn() throws IOException {
    Path file = tmp.resolve("run.txt");
    Files.writeString(
        file, "q1 Q0 a 1 0.5 mine\n\nq1 Q0 b 2 0.75 mine\nq1\tQ0\tc\t3\t0.75\tmine\n");

    Run run = TrecFormat.readRun(file);

    assertEquals("mine", run.tag());
    assertEquals(
        List.of(new ScoredId("b", 0.75), new ScoredId("c", 0.75), new ScoredId("a", 0.5)),
        run.ranking("q1"));
  }

  @Property(tries = 50)
  void aRunSurvivesAWriteReadRoundTrip(@ForAll long seed) throws IOException {
    Random random = new Random(seed);
    Map<String, List<ScoredId>> rankings = new LinkedHashMap<>();
    for (int q = 0; q < 1 + random.nextInt(5); q++) {
      List<ScoredId> hits = new ArrayList<>();
      for (int d = 0; d < 1 + random.nextInt(20); d++) {
        // Few distinct scores, so that ties are common; some are awkward doubles.
        double score = random.nextBoolean() ? random.nextInt(3) : random.nextGaussian() * 1e-7;
        hits.add(new ScoredId("doc-" + d, score));
      }
      rankings.put("q" + q, hits);
    }
    Run run = Run.of("prop", rankings);
    Path file = Files.createTempFile("run", ".txt");
    try {
      TrecFormat.writeRun(run, file);
      assertEquals(run, TrecFormat.readRun(file));
    } finally {
      Files.delete(file);
    }
  }

  @Test
  void aBadRunLineNamesFileAndLine() throws IOException {
    Path file = tmp.resolve("run.txt");
    Files.writeString(file, "q1 Q0 a 1 0.5 t\nq1 Q0 b 2 NaN t\n");
    var e = assertThrows(DatasetFormatException.class, () -> TrecFormat.readRun(file));
    assertEquals(file + ":2: score must be a finite number, got \"NaN\"", e.getMessage());

    Files.writeString(file, "q1 Q0 a 1 0.5 t\nq1 Q0 a 2 0.4 t\n");
    e = assertThrows(DatasetFormatException.class, () -> TrecFormat.readRun(file));
    assertEquals(file + ":2: doc a listed twice for query q1", e.getMessage());

    Files.writeString(file, "q1 Q0 a one 0.5 t\n");
    e = assertThrows(DatasetFormatException.class, () -> TrecFormat.readRun(file));
    assertEquals(file + ":1: rank must be an integer, got \"one\"", e.getMessage());

    Files.writeString(file, "q1 a 1 0.5 t\n");
    e = assertThrows(DatasetFormatException.class, () -> TrecFormat.readRun(file));
    assertEquals(
        file + ":1: expected 6 columns (qid Q0 docid rank score tag), got 5", e.getMessage());
  }

  @Test
  void readsTrecAndBeirQrelsKeepingPositiveGradesOnly() throws IOException {
    Path trec = tmp.resolve("qrels.trec");
    Files.writeString(trec, "1 0 d1 2\n1 0 d2 0\n1 0 d3 -1\n2 0 d1 1\n3 0 d4 0\n");
    Path beir = tmp.resolve("qrels.tsv");
    Files.writeString(beir, "query-id\tcorpus-id\tscore\n1\td1\t2\n2\td1\t1\n1\td2\t0\n");

    Qrels expected = Qrels.of(Map.of("1", Map.of("d1", 2), "2", Map.of("d1", 1)));
    assertEquals(expected, TrecFormat.readQrels(trec));
    assertEquals(expected, TrecFormat.readQrels(beir));
  }

  @Test
  void writesQrelsAsTrecLines() throws IOException {
    Path file = tmp.resolve("qrels.txt");
    Qrels qrels = Qrels.of(Map.of("q2", Map.of("b", 1, "a", 3), "q1", Map.of("c", 2)));

    TrecFormat.writeQrels(qrels, file);

    assertEquals("q1 0 c 2\nq2 0 a 3\nq2 0 b 1\n", Files.readString(file));
    assertEquals(qrels, TrecFormat.readQrels(file));
  }

  @Test
  void runIdsWithWhitespaceAreRefused() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Run.of("t", Map.of("q 1", List.of(new ScoredId("a", 1)))));
    assertEquals("query id: must be non-empty without whitespace, got \"q 1\"", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Run.of("my run", Map.of()));
    assertTrue(e.getMessage().startsWith("tag: "), e.getMessage());
  }
}
