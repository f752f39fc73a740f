package dev.recall4j.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Scope;
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

  @Test
  void aSingleLevelDatasetRefusesSessions() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Datasets.load(Fixtures.dataset("beir-tiny"), "test", Level.SESSIONS));
    assertTrue(
        e.getMessage().startsWith("level: sessions needs corpus_sessions.jsonl"), e.getMessage());
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
