package dev.recall4j.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.engine.InputException;
import dev.recall4j.sources.SourceListing.Listed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which files a sync reads, under which key, read as which type. */
class SourceListingTest {
  @TempDir Path dir;

  private Path write(String relative) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, "x");
    return file;
  }

  private static SyncJob configured(SourceSpec spec) {
    return new SyncJob(spec, null);
  }

  private static SyncJob adHoc(Path... paths) {
    return new SyncJob(
        SourceSpec.of(SourceSync.AD_HOC, SourceType.MARKDOWN, Path.of("/")), List.of(paths));
  }

  @Test
  void aConfiguredSourceListsItsTypeOutsideExcludedFoldersKeyedRelativeToItsRoot()
      throws IOException {
    write("vault/a.md");
    write("vault/sub/b.markdown");
    write("vault/data.jsonl");
    write("vault/_inbox/c.md");
    SourceSpec vault =
        new SourceSpec(
            "notes",
            SourceType.MARKDOWN,
            dir.resolve("vault"),
            List.of("_inbox"),
            List.of(),
            List.of(),
            SourceSpec.DEFAULT_CHUNK_WORDS,
            false,
            null,
            null,
            Map.of(),
            false,
            false);
    List<Listed> listed = SourceListing.of(configured(vault));
    assertEquals(List.of("a.md", "sub/b.markdown"), listed.stream().map(Listed::key).toList());
    assertEquals(dir.resolve("vault/a.md"), listed.get(0).file());
    assertTrue(listed.stream().allMatch(l -> l.type() == SourceType.MARKDOWN));
  }

  @Test
  void pathsGivenByHandNarrowAConfiguredSource() throws IOException {
    write("vault/a.md");
    Path sub = write("vault/sub/b.md").getParent();
    SourceSpec vault = SourceSpec.of("notes", SourceType.MARKDOWN, dir.resolve("vault"));
    assertEquals(
        List.of("sub/b.md"),
        SourceListing.of(new SyncJob(vault, List.of(sub))).stream().map(Listed::key).toList());
  }

  @Test
  void aSqliteSourceIsItsOneFile() throws IOException {
    Path db = write("agents/memories.db");
    SourceSpec spec = SyncFixture.sqlite("mem", db, "SELECT 1");
    assertEquals(
        List.of(new Listed("memories.db", db, SourceType.SQLITE)),
        SourceListing.of(configured(spec)));
  }

  @Test
  void aMissingRootNamesTheSource() {
    SourceSpec gone = SourceSpec.of("notes", SourceType.MARKDOWN, dir.resolve("gone"));
    NoSuchFileException e =
        assertThrows(NoSuchFileException.class, () -> SourceListing.of(configured(gone)));
    assertEquals("source notes: no such file or directory", e.getReason());
  }

  @Test
  void filesGivenAdHocAreKeyedByAbsolutePathAndTypedByExtensionEachOnce() throws IOException {
    Path log = write("loose/2026-01-02.md");
    Path note = write("loose/note.txt");
    Path lines = write("loose/records.jsonl");
    write("loose/ignored.csv");
    List<Listed> listed = SourceListing.of(adHoc(log.getParent(), note));
    assertEquals(
        List.of(
            new Listed(log.toString(), log, SourceType.DAILY_LOG),
            new Listed(note.toString(), note, SourceType.MARKDOWN),
            new Listed(lines.toString(), lines, SourceType.JSONL)),
        listed);
  }

  @Test
  void aFileGivenAdHocThatNoTypeReadsOrThatIsSqliteIsRefusedByName() throws IOException {
    Path csv = write("loose/table.csv");
    InputException unsupported =
        assertThrows(InputException.class, () -> SourceListing.of(adHoc(csv)));
    assertTrue(unsupported.getMessage().contains(csv.toString()), unsupported.getMessage());
    assertTrue(unsupported.getMessage().contains("unsupported file type"));
    Path db = write("loose/agent.db");
    InputException sqlite = assertThrows(InputException.class, () -> SourceListing.of(adHoc(db)));
    assertTrue(sqlite.getMessage().contains("source of type sqlite"), sqlite.getMessage());
  }

  @Test
  void filesThatComeAndGoWhileAFolderIsListedAreSkippedNotFatal() throws Exception {
    Path vault = dir.resolve("vault");
    for (int i = 0; i < 50; i++) {
      write("vault/kept-" + i + ".md");
    }
    java.util.concurrent.atomic.AtomicBoolean stop =
        new java.util.concurrent.atomic.AtomicBoolean();
    // As a write-back does: a temporary file renamed into place, a folder made and removed.
    Thread churn =
        new Thread(
            () -> {
              try {
                for (int i = 0; !stop.get(); i++) {
                  Path tmp = Files.writeString(vault.resolve(".n" + i + ".md.tmp"), "x");
                  Files.move(tmp, vault.resolve("n" + i + ".md"));
                  Files.delete(vault.resolve("n" + i + ".md"));
                  Path sub = Files.createDirectories(vault.resolve("sub" + i));
                  Files.writeString(sub.resolve("s.md"), "x");
                  Files.delete(sub.resolve("s.md"));
                  Files.delete(sub);
                }
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    churn.start();
    try {
      for (int round = 0; round < 300; round++) {
        List<Path> listed = SourceFiles.list(vault, SourceType.MARKDOWN, p -> false, false);
        assertTrue(
            listed.stream().filter(p -> p.getFileName().toString().startsWith("kept-")).count()
                == 50,
            "every file that stayed is listed");
      }
    } finally {
      stop.set(true);
      churn.join();
    }
  }
}
