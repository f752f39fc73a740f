package dev.recall4j.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Tier;
import dev.recall4j.engine.InputException;
import dev.recall4j.sources.SourceListing.Listed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each type's file read into the kind of change it is, with every record checked. */
class ChangeReaderTest {
  @TempDir Path dir;

  private final ChangeReader reader =
      new ChangeReader(Scope.of("default"), Clock.systemUTC(), null);
  private final Fingerprint print = new Fingerprint(1, 2, "sha");

  private Listed listed(String key, String text, SourceType type) throws IOException {
    Path file = dir.resolve(key);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    return new Listed(key, file, type);
  }

  private SourceSpec spec(SourceType type) {
    return new SourceSpec(
        "src",
        type,
        dir,
        List.of(),
        List.of("_archive"),
        List.of("rules"),
        SourceSpec.DEFAULT_CHUNK_WORDS,
        false,
        null,
        null,
        Map.of(),
        false,
        false);
  }

  @Test
  void aMarkdownFileIsANoteWhoseFolderMayGiveItsTier() throws IOException {
    Listed plain = listed("a.md", "# One\nfirst\n\n# Two\nsecond\n", SourceType.MARKDOWN);
    Changed.Note note =
        assertInstanceOf(
            Changed.Note.class,
            reader.read(
                spec(SourceType.MARKDOWN), spec(SourceType.MARKDOWN).folders(), plain, print));
    assertEquals("a.md", note.key());
    assertEquals(plain.file(), note.file());
    assertEquals(print, note.print());
    assertEquals(note.note().chunks().size(), note.count());
    assertNull(note.note().folderTier());
    Changed archived =
        reader.read(
            spec(SourceType.MARKDOWN),
            spec(SourceType.MARKDOWN).folders(),
            listed("_archive/old.md", "old", SourceType.MARKDOWN),
            print);
    assertEquals(Tier.ARCHIVED, ((Changed.Note) archived).note().folderTier());
    Changed pinned =
        reader.read(
            spec(SourceType.MARKDOWN),
            spec(SourceType.MARKDOWN).folders(),
            listed("rules/r.md", "rule", SourceType.MARKDOWN),
            print);
    assertEquals(Tier.PINNED, ((Changed.Note) pinned).note().folderTier());
  }

  @Test
  void aDailyLogIsItsEntriesReadWhole() throws IOException {
    Listed log =
        listed(
            "memory/2026-01-02.md",
            "- 09:00 Deployed harbour-2.\n- 10:00 Tide feed moved.\n",
            SourceType.DAILY_LOG);
    Changed.Records entries =
        assertInstanceOf(
            Changed.Records.class,
            reader.read(
                spec(SourceType.DAILY_LOG), spec(SourceType.DAILY_LOG).folders(), log, print));
    assertEquals(
        List.of("src:memory/2026-01-02.md#0", "src:memory/2026-01-02.md#1"),
        entries.records().stream().map(MemoryRecord::id).toList());
    assertEquals(2, entries.count());
  }

  @Test
  void aJsonlFileIsCheckedLineByLineAndCounted() throws IOException {
    Listed good =
        listed(
            "log.jsonl",
            """
            {"id":"m1","silo":"memory","content":"one"}
            {"id":"m2","silo":"memory","content":"two"}
            """,
            SourceType.JSONL);
    Changed.Jsonl lines =
        assertInstanceOf(
            Changed.Jsonl.class,
            reader.read(spec(SourceType.JSONL), spec(SourceType.JSONL).folders(), good, print));
    assertEquals(2, lines.count());
    Listed bad =
        listed(
            "bad.jsonl",
            "{\"id\":\"m1\",\"silo\":\"memory\",\"content\":\"one\"}\nnot json\n",
            SourceType.JSONL);
    InputException e =
        assertThrows(
            InputException.class,
            () ->
                reader.read(spec(SourceType.JSONL), spec(SourceType.JSONL).folders(), bad, print));
    assertTrue(e.getMessage().contains("bad.jsonl"), e.getMessage());
  }

  @Test
  void aSqliteFileIsTheRowsOfItsQuery() throws Exception {
    Path db = dir.resolve("notes.db");
    SqliteSyncTest.execute(
        db,
        "CREATE TABLE notes (id TEXT, content TEXT)",
        "INSERT INTO notes VALUES ('n1', 'The staging host is harbour-2.')");
    SourceSpec spec = SyncFixture.sqlite("src", db, "SELECT id, content FROM notes");
    Changed.Records rows =
        assertInstanceOf(
            Changed.Records.class,
            reader.read(
                spec, spec.folders(), new Listed("notes.db", db, SourceType.SQLITE), print));
    assertEquals(List.of("src:n1"), rows.records().stream().map(MemoryRecord::id).toList());
  }
}
