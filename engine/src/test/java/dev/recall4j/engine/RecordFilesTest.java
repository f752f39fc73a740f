package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JSONL and documents that are not quite what they should be: refused with file, line, column. */
class RecordFilesTest {
  static final Instant NOW = Instant.parse("2026-11-01T12:00:00Z");

  @TempDir Path dir;

  static List<MemoryRecord> jsonl(byte[] bytes) throws IOException {
    List<MemoryRecord> records = new ArrayList<>();
    RecordFiles.forEachJsonl(
        new ByteArrayInputStream(bytes), "f.jsonl", "alice", NOW, records::add);
    return records;
  }

  static List<MemoryRecord> jsonl(String text) throws IOException {
    return jsonl(text.getBytes(StandardCharsets.UTF_8));
  }

  static InputException refused(String text) {
    return assertThrows(InputException.class, () -> jsonl(text));
  }

  @Test
  void aSecondObjectOnALineIsRefusedWithItsColumn() {
    InputException e =
        refused(
            "{\"silo\":\"kb\",\"content\":\"one\"}\n"
                + "{\"silo\":\"kb\",\"content\":\"two\"}{\"silo\":\"kb\",\"content\":\"three\"}\n");
    assertEquals(
        "f.jsonl:2:30: a second JSON value after the record; write one record per line",
        e.getMessage());
    assertEquals(2, e.line());
    assertEquals(30, e.column());
  }

  @Test
  void aLoneSurrogateIsRefusedWithTheKeyAndColumn() {
    InputException e = refused("{\"silo\":\"kb\",\"content\":\"bad \\ud800 text\"}\n");
    assertTrue(
        e.getMessage().startsWith("f.jsonl:1:24: content: a lone UTF-16 surrogate (\\ud800)"),
        e.getMessage());
    InputException low = refused("{\"silo\":\"kb\",\"content\":\"x\",\"tags\":[\"\\udc00\"]}");
    assertTrue(low.getMessage().startsWith("f.jsonl:1:36: tags: a lone"), low.getMessage());
  }

  @Test
  void aSurrogatePairIsText() throws IOException {
    assertEquals(
        "tide \uD83C\uDF0A",
        jsonl("{\"silo\":\"kb\",\"content\":\"tide \\ud83c\\udf0a\"}").get(0).content());
  }

  @Test
  void theRecordItselfRefusesALoneSurrogate() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> MemoryRecord.builder().id("x").silo(Silo.KB).content("bad \uD800").build(NOW));
    assertTrue(
        e.getMessage().startsWith("content: a lone UTF-16 surrogate (U+D800)"), e.getMessage());
  }

  @Test
  void aByteOrderMarkIsDroppedAndCrLfLinesRead() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.write(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
    bytes.write(
        "{\"id\":\"a\",\"silo\":\"kb\",\"content\":\"one\"}\r\n{\"id\":\"b\",\"silo\":\"kb\",\"content\":\"two\"}\r\n"
            .getBytes(StandardCharsets.UTF_8));
    List<MemoryRecord> records = jsonl(bytes.toByteArray());
    assertEquals(List.of("a", "b"), records.stream().map(MemoryRecord::id).toList());
    assertEquals("two", records.get(1).content());
  }

  @Test
  void bytesThatAreNotUtf8AreRefusedWithTheirOffset() throws IOException {
    byte[] latin1 =
        "{\"silo\":\"kb\",\"content\":\"ok\"}\n{\"silo\":\"kb\",\"content\":\"caf\u00e9\"}\n"
            .getBytes(StandardCharsets.ISO_8859_1);
    Path file = Files.write(dir.resolve("latin1.jsonl"), latin1);
    InputException e =
        assertThrows(
            InputException.class, () -> RecordFiles.read(file, dir, Scope.of("alice"), NOW));
    assertEquals(
        file
            + ":2: not UTF-8 (a bad byte sequence at byte offset 56); save the file as UTF-8, e.g."
            + " iconv -f latin1 -t utf-8",
        e.getMessage());
    assertEquals((byte) 0xE9, latin1[56]);

    Path doc =
        Files.write(
            dir.resolve("notes.md"),
            "# Notes\n\ncaf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
    InputException d =
        assertThrows(
            InputException.class, () -> RecordFiles.read(doc, dir, Scope.of("alice"), NOW));
    assertTrue(
        d.getMessage().startsWith(doc + ":3: not UTF-8 (a bad byte sequence at byte offset 12)"),
        d.getMessage());
  }

  @Test
  void anOriginNumberTooLargeForAnIntIsRefusedNotWrappedNegative() {
    InputException e =
        refused(
            "{\"silo\":\"rag\",\"content\":\"x\",\"origin\":{\"path\":\"a.md\",\"chunk\":4156292991}}");
    assertEquals(
        "f.jsonl:1: origin.chunk: must be a whole number from -2147483648 to 2147483647, got"
            + " 4156292991",
        e.getMessage());
  }

  @Test
  void aBadValueNamesTheFileAndLine() {
    InputException e = refused("\n{\"silo\":\"notes\",\"content\":\"x\"}");
    assertTrue(
        e.getMessage().startsWith("f.jsonl:2: silo: unknown value \"notes\""), e.getMessage());
  }

  @Test
  void aDocumentWithSpacesInItsNameGivesIdsWithout() throws IOException {
    Path doc = Files.writeString(dir.resolve("my notes.md"), "# Tides\nSpring tides.\n");
    assertEquals("my_notes.md#0", RecordFiles.read(doc, dir, Scope.of("alice"), NOW).get(0).id());
  }

  @Test
  void markdownFileNamesAreSafeAndDistinctForLongCaseOnlyAndSlashIds() throws IOException {
    List<String> ids =
        List.of(
            "x".repeat(256),
            "x".repeat(255) + "y",
            "Pref-Units",
            "pref-units",
            "PREF-UNITS",
            "a/b",
            "a_b",
            "a\\b",
            ".hidden",
            "caf\u00e9",
            "cafe\u0301");
    Set<String> lowerCased = new HashSet<>();
    Path out = Files.createDirectories(dir.resolve("md"));
    for (String id : ids) {
      MemoryRecord r = MemoryRecord.builder().id(id).silo(Silo.KB).content("c").build(NOW);
      String name = RecordMarkdown.fileName(r);
      assertTrue(name.getBytes(StandardCharsets.UTF_8).length <= 255, name);
      assertTrue(name.matches("[a-z0-9_][a-z0-9._-]*\\.md"), name);
      assertTrue(lowerCased.add(name.toLowerCase()), "distinct even ignoring case: " + name);
      Files.writeString(out.resolve(name), RecordMarkdown.render(r));
      assertTrue(
          Files.readString(out.resolve(name)).contains("id: " + (id.equals("a\\b") ? "a\\b" : "")),
          "the front matter keeps the id");
    }
    assertEquals(
        "pref-units.md",
        RecordMarkdown.fileName(
            MemoryRecord.builder().id("pref-units").silo(Silo.KB).content("c").build(NOW)));
    try (var files = Files.list(out)) {
      assertEquals(ids.size(), files.count());
    }
  }

  /**
   * A 100 MB {@code .txt} given to ingest ended in an OutOfMemoryError under {@code -Xmx512m}: a
   * document larger than {@link RecordFiles#DEFAULT_MAX_FILE_MB} is refused before it is read.
   */
  @Test
  void aDocumentLargerThanTheLimitIsRefusedBeforeItIsRead() throws IOException {
    Path big = dir.resolve("huge.txt");
    try (java.io.RandomAccessFile file = new java.io.RandomAccessFile(big.toFile(), "rw")) {
      file.setLength((RecordFiles.DEFAULT_MAX_FILE_MB + 1) * 1024L * 1024); // sparse: no disk used
    }
    FileTooLargeException e =
        assertThrows(
            FileTooLargeException.class,
            () -> RecordFiles.forEach(big, dir, Scope.of("ns"), Instant.now(), r -> {}));
    assertEquals("file too large: " + big + " (33 MB, limit 32 MB)", e.getMessage());
  }
}
