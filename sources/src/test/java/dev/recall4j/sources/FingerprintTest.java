package dev.recall4j.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.sources.SyncState.FileState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What tells a sync a file changed: size and time first, the bytes' hash when those moved. */
class FingerprintTest {
  @TempDir Path dir;

  private Path file(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  private static long mtime(Path file) throws IOException {
    return Files.getLastModifiedTime(file).to(TimeUnit.NANOSECONDS);
  }

  private static FileState recorded(Path file, long size, long mtime, String sha) {
    return new FileState(file.toString(), size, mtime, sha, List.of());
  }

  @Test
  void aFreshFingerprintIsTheSizeTimeAndHashOfTheBytes() throws IOException {
    Path note = file("a.md", "# Tides\nBrest.\n");
    Fingerprint print = Fingerprint.of(note, SourceType.MARKDOWN, null);
    assertEquals(Files.size(note), print.size());
    assertEquals(mtime(note), print.mtime());
    assertEquals(
        RecordIds.sha256("# Tides\nBrest.\n".getBytes(StandardCharsets.UTF_8)), print.sha256());
    assertFalse(print.sameBytes(null), "nothing recorded: the file is read");
  }

  @Test
  void aFileWhoseSizeAndTimeMatchTheRecordIsNotRead() throws IOException {
    Path note = file("a.md", "text");
    FileState trusted = recorded(note, Files.size(note), mtime(note), "recorded-hash");
    Fingerprint print = Fingerprint.of(note, SourceType.MARKDOWN, trusted);
    assertEquals("recorded-hash", print.sha256(), "the recorded hash, not one of the bytes");
    assertTrue(print.sameBytes(trusted));
  }

  @Test
  void aMovedTimeIsHashedAndTheSameBytesStillMatch() throws IOException {
    Path note = file("a.md", "text");
    String sha = Fingerprint.of(note, SourceType.MARKDOWN, null).sha256();
    FileState trusted = recorded(note, Files.size(note), mtime(note), sha);
    Files.setLastModifiedTime(
        note, FileTime.from(Files.getLastModifiedTime(note).toInstant().plusSeconds(5)));
    Fingerprint touched = Fingerprint.of(note, SourceType.MARKDOWN, trusted);
    assertNotEquals(trusted.mtime(), touched.mtime());
    assertTrue(touched.sameBytes(trusted), "touched, not changed");
    Files.writeString(note, "other");
    assertFalse(Fingerprint.of(note, SourceType.MARKDOWN, trusted).sameBytes(trusted));
  }

  @Test
  void aSqliteFileCountsItsWriteAheadLog() throws IOException {
    Path db = file("memories.db", "database");
    Fingerprint alone = Fingerprint.of(db, SourceType.SQLITE, null);
    Fingerprint asDocument = Fingerprint.of(db, SourceType.MARKDOWN, null);
    assertEquals(RecordIds.sha256(asDocument.sha256() + "|"), alone.sha256());
    Path wal = file("memories.db-wal", "pending writes");
    Fingerprint withWal = Fingerprint.of(db, SourceType.SQLITE, null);
    assertEquals(Files.size(db) + Files.size(wal), withWal.size());
    assertEquals(Math.max(mtime(db), mtime(wal)), withWal.mtime());
    assertFalse(withWal.sameBytes(recorded(db, alone.size(), alone.mtime(), alone.sha256())));
    assertEquals(
        Files.size(db), Fingerprint.of(db, SourceType.MARKDOWN, null).size(), "others: no WAL");
  }
}
