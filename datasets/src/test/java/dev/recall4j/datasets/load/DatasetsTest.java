package dev.recall4j.datasets.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Scope;
import dev.recall4j.datasets.DatasetFormatException;
import dev.recall4j.datasets.trec.Qrels;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DatasetsTest {
  @TempDir Path tmp;

  @Test
  void loadsTheBeirLayout() throws IOException {
    Path dir = Fixtures.dataset("beir-tiny");
    Dataset dataset = Datasets.load(dir, "test", null);

    assertEquals("beir-tiny", dataset.name());
    assertEquals("test", dataset.split());
    assertNull(dataset.level());
    assertEquals(
        List.of("d1", "d2", "d3", "4"),
        dataset.corpus().documents().stream().map(Document::id).toList());
    Document first = dataset.corpus().get("d1").orElseThrow();
    assertEquals(
        new Document(
            "d1",
            "Apple pie",
            "A recipe for apple pie with cinnamon.",
            Scope.DEFAULT_NAMESPACE,
            null),
        first);
    assertEquals("Cherry", dataset.corpus().get("d3").orElseThrow().fullText());
    // q3 is in queries.jsonl but judged in no split: not evaluated.
    assertEquals(
        List.of(
            new Query("q1", "apple pie", Scope.DEFAULT_NAMESPACE),
            new Query("q2", "banana", Scope.DEFAULT_NAMESPACE)),
        dataset.queries());
    // q2 -> 4 has grade 0 in the file: dropped, not a positive judgment.
    assertEquals(
        Qrels.of(Map.of("q1", Map.of("d1", 2, "d3", 1), "q2", Map.of("d2", 1))), dataset.qrels());
    assertEquals(List.of(), dataset.warnings());
    assertEquals(
        sha256(
            dir.resolve("corpus.jsonl"),
            dir.resolve("queries.jsonl"),
            dir.resolve("qrels/test.tsv")),
        dataset.checksum());
  }

  @Test
  void readsAGzippedCorpusAndChecksumsTheStoredBytes() throws IOException {
    Path source = Fixtures.dataset("beir-tiny");
    Path dir = tmp.resolve("gz");
    Files.createDirectories(dir.resolve("qrels"));
    try (OutputStream out =
        new GZIPOutputStream(Files.newOutputStream(dir.resolve("corpus.jsonl.gz")))) {
      Files.copy(source.resolve("corpus.jsonl"), out);
    }
    Files.copy(source.resolve("queries.jsonl"), dir.resolve("queries.jsonl"));
    Files.copy(source.resolve("qrels/test.tsv"), dir.resolve("qrels/test.tsv"));

    Dataset plain = Datasets.load(source, "test", null);
    Dataset gzipped = Datasets.load(dir, "test", Level.TURNS);

    assertEquals(plain.corpus().documents(), gzipped.corpus().documents());
    assertEquals(plain.qrels(), gzipped.qrels());
    assertNull(gzipped.level(), "a single-level dataset ignores TURNS");
    assertEquals(
        sha256(
            dir.resolve("corpus.jsonl.gz"),
            dir.resolve("queries.jsonl"),
            dir.resolve("qrels/test.tsv")),
        gzipped.checksum());
  }

  @Test
  void locomoTurnsCarryTheConversationAsNamespaceAndTheSessionTime() throws IOException {
    Dataset turns = Datasets.load(Fixtures.dataset("locomo-tiny"), "test", null);

    assertEquals(Level.TURNS, turns.level());
    assertEquals("locomo-tiny/test/turns", turns.label());
    assertEquals(4, turns.corpus().size());
    Document first = turns.corpus().get("conv-1:D1:1").orElseThrow();
    assertEquals("conv-1", first.namespace());
    assertEquals(Instant.parse("2023-05-08T13:56:00Z"), first.timestamp());
    assertEquals(
        Instant.parse("2023-06-12T10:04:00Z"),
        turns.corpus().get("conv-1:D2:1").orElseThrow().timestamp());
    // Upper-case "AM" reads as well as LoCoMo's usual lower case.
    Document other = turns.corpus().get("conv-2:D1:1").orElseThrow();
    assertEquals("conv-2", other.namespace());
    assertEquals(Instant.parse("2024-01-01T09:00:00Z"), other.timestamp());
    assertEquals(
        List.of("conv-1", "conv-1", "conv-2"),
        turns.queries().stream().map(Query::namespace).toList());
    assertEquals(3, turns.qrels().size());
  }

  @Test
  void locomoLevelsPickTheirCorpusAndQrels() throws IOException {
    Path dir = Fixtures.dataset("locomo-tiny");
    Dataset sessions = Datasets.load(dir, "test", Level.SESSIONS);
    Dataset observations = Datasets.load(dir, "test", Level.OBSERVATIONS);

    assertEquals(
        List.of("conv-1:S1", "conv-1:S2", "conv-2:S1"),
        sessions.corpus().documents().stream().map(Document::id).toList());
    assertEquals(
        "Session 2 (10:04 am on 12 June, 2023) Ann: Rex learned to sit.",
        sessions.corpus().get("conv-1:S2").orElseThrow().fullText());
    assertEquals(3, sessions.queries().size());
    assertEquals(2, observations.corpus().size());
    // conv-1:q1 has no observation-level judgment, so that level evaluates two queries.
    assertEquals(
        List.of("conv-1:q0", "conv-2:q0"), observations.queries().stream().map(Query::id).toList());
    assertEquals(
        sha256(
            dir.resolve("corpus_observations.jsonl"),
            dir.resolve("queries.jsonl"),
            dir.resolve("qrels/test_observations.tsv")),
        observations.checksum());
  }

  @ParameterizedTest
  @CsvSource({
    "sessions, corpus_sessions.jsonl",
    "observations, corpus_observations.jsonl",
    "mixed, corpus_observations.jsonl"
  })
  void aSingleLevelDatasetRefusesOtherLevels(String level, String missing) {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Datasets.load(Fixtures.dataset("beir-tiny"), "test", Level.parse("level", level)));
    assertTrue(e.getMessage().startsWith("level: " + level + " needs " + missing), e.getMessage());
  }

  @Test
  void locomoMixedHoldsTurnsAndObservationsEachWithItsLevel() throws IOException {
    Path dir = Fixtures.dataset("locomo-tiny");
    Dataset mixed = Datasets.load(dir, "test", Level.MIXED);

    assertEquals(Level.MIXED, mixed.level());
    assertEquals("locomo-tiny/test/mixed", mixed.label());
    assertEquals(
        List.of(
            "conv-1:D1:1",
            "conv-1:D1:2",
            "conv-1:D2:1",
            "conv-2:D1:1",
            "conv-1:S1:O1",
            "conv-2:S1:O1"),
        mixed.corpus().documents().stream().map(Document::id).toList());
    assertEquals(Level.TURNS, mixed.corpus().get("conv-1:D1:1").orElseThrow().level());
    assertEquals(Level.OBSERVATIONS, mixed.corpus().get("conv-1:S1:O1").orElseThrow().level());
    // The union of both qrels files; conv-1:q1 has a turn judgment only and is still evaluated.
    assertEquals(Map.of("conv-1:D1:1", 1, "conv-1:S1:O1", 1), mixed.qrels().judgments("conv-1:q0"));
    assertEquals(Map.of("conv-1:D2:1", 1), mixed.qrels().judgments("conv-1:q1"));
    assertEquals(Map.of("conv-2:D1:1", 1, "conv-2:S1:O1", 1), mixed.qrels().judgments("conv-2:q0"));
    assertEquals(3, mixed.queries().size());
    assertEquals(List.of(), mixed.warnings());
    assertEquals(
        sha256(
            dir.resolve("corpus.jsonl"),
            dir.resolve("corpus_observations.jsonl"),
            dir.resolve("queries.jsonl"),
            dir.resolve("qrels/test.tsv"),
            dir.resolve("qrels/test_observations.tsv")),
        mixed.checksum());
    // Single levels tag their documents too, so a record's kind never depends on the id's shape.
    assertEquals(
        Level.SESSIONS,
        Datasets.load(dir, "test", Level.SESSIONS).corpus().get("conv-1:S1").orElseThrow().level());
  }

  @Test
  void mixedJudgmentsCountOnlyForTheirOwnFilesDocuments() throws IOException {
    Path dir = mixedFixture();
    Files.writeString(
        dir.resolve("qrels/test_observations.tsv"),
        "conv-1:q0\tconv-1:D1:1\t1\nconv-1:q0\tconv-1:S1:O1\t1\n");

    Dataset mixed = Datasets.load(dir, "test", Level.MIXED);

    assertEquals(Map.of("conv-1:D1:1", 1, "conv-1:S1:O1", 1), mixed.qrels().judgments("conv-1:q0"));
    assertEquals(1, mixed.warnings().size(), mixed.warnings().toString());
    assertEquals(
        new LoadWarning(
            dir.resolve("qrels/test_observations.tsv"),
            1,
            "corpus-id conv-1:D1:1 is not in corpus_observations.jsonl; judgment skipped"),
        mixed.warnings().getFirst());
  }

  @Test
  void anIdInBothCorpusFilesOfMixedNamesTheFirstFile() throws IOException {
    Path dir = mixedFixture();
    Files.writeString(
        dir.resolve("corpus_observations.jsonl"),
        "{\"_id\": \"conv-1:D1:1\", \"text\": \"Ann adopted Rex.\", \"conv_id\": \"conv-1\"}\n");

    var e =
        assertThrows(DatasetFormatException.class, () -> Datasets.load(dir, "test", Level.MIXED));

    assertTrue(
        e.getMessage().endsWith(":1: _id conv-1:D1:1 repeats the document of corpus.jsonl line 1"),
        e.getMessage());
  }

  /** A one-turn, one-observation LoCoMo-layout dataset with one query judging both. */
  private Path mixedFixture() throws IOException {
    Path dir = tmp.resolve("mixed");
    Files.createDirectories(dir.resolve("qrels"));
    Files.writeString(
        dir.resolve("corpus.jsonl"),
        "{\"_id\": \"conv-1:D1:1\", \"text\": \"Ann: I adopted Rex.\", \"conv_id\": \"conv-1\"}\n");
    Files.writeString(
        dir.resolve("corpus_observations.jsonl"),
        "{\"_id\": \"conv-1:S1:O1\", \"text\": \"Ann adopted Rex.\", \"conv_id\": \"conv-1\"}\n");
    Files.writeString(
        dir.resolve("queries.jsonl"),
        "{\"_id\": \"conv-1:q0\", \"text\": \"Ann's dog?\", \"conv_id\": \"conv-1\"}\n");
    Files.writeString(dir.resolve("qrels/test.tsv"), "conv-1:q0\tconv-1:D1:1\t1\n");
    Files.writeString(dir.resolve("qrels/test_observations.tsv"), "conv-1:q0\tconv-1:S1:O1\t1\n");
    return dir;
  }

  @Test
  void aMissingSplitNamesTheFile() {
    var e =
        assertThrows(
            NoSuchFileException.class,
            () -> Datasets.load(Fixtures.dataset("beir-tiny"), "dev", null));
    assertTrue(e.getMessage().contains("qrels/dev.tsv"), e.getMessage());
  }

  @Test
  void aMalformedSplitNameIsRefused() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Datasets.load(Fixtures.dataset("beir-tiny"), "../test", null));
    assertTrue(e.getMessage().startsWith("split: "), e.getMessage());
  }

  @Test
  void sessionDateTimeFormat() {
    assertEquals(
        "2023-05-08T13:56",
        LocalDateTime.parse("1:56 pm on 8 May, 2023", Datasets.SESSION_DATE_TIME).toString());
    assertEquals(
        "2023-10-25T00:15",
        LocalDateTime.parse("12:15 am on 25 October, 2023", Datasets.SESSION_DATE_TIME).toString());
  }

  static String sha256(Path... files) throws IOException {
    try {
      ByteArrayOutputStream all = new ByteArrayOutputStream();
      for (Path file : files) {
        all.write(Files.readAllBytes(file));
      }
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(all.toByteArray()));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}
