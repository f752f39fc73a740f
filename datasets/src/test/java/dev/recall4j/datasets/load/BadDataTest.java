package dev.recall4j.datasets.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.datasets.DatasetFormatException;
import dev.recall4j.datasets.trec.Qrels;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Issue 3 item 7: which bad data stops a load and which is skipped with a warning. */
class BadDataTest {
  @TempDir Path tmp;

  @Test
  void aMalformedJsonLineStopsTheLoadNamingFileAndLine() {
    Path dir = Fixtures.dataset("bad-json");
    var e = assertThrows(DatasetFormatException.class, () -> Datasets.load(dir, "test", null));
    assertEquals(dir.resolve("corpus.jsonl"), e.file());
    assertEquals(3, e.line());
    assertTrue(
        e.getMessage().startsWith(dir.resolve("corpus.jsonl") + ":3: malformed JSON: "),
        e.getMessage());
  }

  @Test
  void missingIdsAndEmptyQueriesAreSkippedWithWarnings() throws IOException {
    Path dir = Fixtures.dataset("bad-refs");
    Path qrels = dir.resolve("qrels/test.tsv");
    Path queries = dir.resolve("queries.jsonl");

    Dataset dataset = Datasets.load(dir, "test", null);

    // q1 keeps its good judgment; q2 (empty text) and q4 (only a missing doc) are not evaluated;
    // q3 is blank too but judged nowhere, so it is not worth a warning.
    assertEquals(List.of("q1"), dataset.queries().stream().map(Query::id).toList());
    assertEquals(Qrels.of(Map.of("q1", Map.of("d1", 1))), dataset.qrels());
    assertEquals(
        List.of(
            new LoadWarning(qrels, 3, "corpus-id d9 is not in corpus.jsonl; judgment skipped"),
            new LoadWarning(queries, 2, "query q2 has empty text; its judgments are skipped"),
            new LoadWarning(qrels, 6, "query-id q5 is not in queries.jsonl; judgment skipped"),
            new LoadWarning(qrels, 7, "corpus-id d9 is not in corpus.jsonl; judgment skipped")),
        dataset.warnings());
    assertEquals(
        qrels + ":3: corpus-id d9 is not in corpus.jsonl; judgment skipped",
        dataset.warnings().get(0).toString());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          array line        | corpus.jsonl  | [1, 2]                                           | 2 | expected one JSON object per line, got array
          trailing garbage  | corpus.jsonl  | {"_id": "d9"} x                                  | 2 | malformed JSON
          missing _id       | corpus.jsonl  | {"title": "t", "text": "x"}                      | 2 | _id must be a non-blank string or integer, got none
          blank _id         | queries.jsonl | {"_id": " ", "text": "x"}                        | 2 | _id must be a non-blank string or integer
          repeated doc id   | corpus.jsonl  | {"_id": "d1", "text": "again"}                   | 2 | _id d1 repeats the document of line 1
          repeated query id | queries.jsonl | {"_id": "q1", "text": "again"}                   | 2 | _id q1 repeats the query of line 1
          text not a string | corpus.jsonl  | {"_id": "d9", "text": 7}                         | 2 | text must be a string, got number
          bad namespace     | corpus.jsonl  | {"_id": "d9", "conv_id": "a b"}                  | 2 | conv_id namespace: must be 1-128 characters
          bad date          | corpus.jsonl  | {"_id": "d9", "session_date_time": "yesterday"}  | 2 | session_date_time must look like
          links not ids     | corpus.jsonl  | {"_id": "d9", "links": ["d1", 2]}                | 2 | links must be an array of document ids
          links not array   | corpus.jsonl  | {"_id": "d9", "links": "d1"}                     | 2 | links must be an array of document ids
          two columns       | qrels/test.tsv | q1 d1                                           | 3 | expected 'qid iter docid grade' or 'qid docid grade', got 2 columns
          grade not integer | qrels/test.tsv | q1 d1 high                                      | 3 | grade must be an integer, got "high"
          repeated judgment | qrels/test.tsv | q1 0 d1 2                                       | 3 | query q1 judges doc d1 twice
          """)
  void aMalformedLineStopsTheLoad(
      String label, String file, String badLine, int line, String message) throws IOException {
    Path dir = tmp.resolve("ds");
    Files.createDirectories(dir.resolve("qrels"));
    Files.writeString(dir.resolve("corpus.jsonl"), "{\"_id\": \"d1\", \"text\": \"apple\"}\n");
    Files.writeString(dir.resolve("queries.jsonl"), "{\"_id\": \"q1\", \"text\": \"apple\"}\n");
    Files.writeString(dir.resolve("qrels/test.tsv"), "query-id\tcorpus-id\tscore\nq1\td1\t1\n");
    Files.writeString(dir.resolve(file), badLine + "\n", StandardOpenOption.APPEND);

    var e =
        assertThrows(DatasetFormatException.class, () -> Datasets.load(dir, "test", null), label);

    assertEquals(dir.resolve(file), e.file(), label);
    assertEquals(line, e.line(), label);
    String prefix = dir.resolve(file) + ":" + line + ": " + message;
    assertTrue(e.getMessage().startsWith(prefix), label + ": " + e.getMessage());
  }

  @Test
  void invalidUtf8StopsTheLoadAtItsLine() throws IOException {
    Path dir = tmp.resolve("utf8");
    Files.createDirectories(dir.resolve("qrels"));
    byte[] bad =
        "{\"_id\": \"d2\", \"text\": \"caf\u00e9\"}\n".getBytes(StandardCharsets.ISO_8859_1);
    Files.writeString(dir.resolve("corpus.jsonl"), "{\"_id\": \"d1\", \"text\": \"apple\"}\n");
    Files.write(dir.resolve("corpus.jsonl"), bad, StandardOpenOption.APPEND);
    Files.writeString(dir.resolve("queries.jsonl"), "{\"_id\": \"q1\", \"text\": \"apple\"}\n");
    Files.writeString(dir.resolve("qrels/test.tsv"), "q1\td1\t1\n");

    var e = assertThrows(DatasetFormatException.class, () -> Datasets.load(dir, "test", null));

    assertEquals(2, e.line());
    assertTrue(e.getMessage().endsWith(":2: not valid UTF-8"), e.getMessage());
  }
}
