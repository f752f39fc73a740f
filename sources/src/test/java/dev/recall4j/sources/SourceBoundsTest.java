package dev.recall4j.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sync stays inside its roots (issue 33, item 9): links out are not followed unless asked, a
 * SQLite source is read without creating a file beside it, and a huge file is refused in words.
 */
class SourceBoundsTest {
  @TempDir Path dir;
  @TempDir Path outside;
  @AutoClose SyncFixture f;

  @BeforeEach
  void open() throws IOException {
    f = new SyncFixture(dir);
  }

  @AfterEach
  void close() throws IOException {
    f.close();
  }

  /** A markdown source over {@code root} as recall4j.yaml configures it, with these options. */
  SourceSpec vault(Path root, String options) throws IOException {
    Path config =
        Files.writeString(
            dir.resolve("recall4j.yaml"),
            "sources:\n  - {name: notes, type: markdown, path: '" + root + "'" + options + "}\n");
    return SourcesConfig.read(config).source("notes").orElseThrow();
  }

  /** The contents of the records with these ids that exist. */
  Set<String> contents(String... ids) {
    return Stream.of(ids)
        .map(f::get)
        .flatMap(java.util.Optional::stream)
        .map(MemoryRecord::content)
        .collect(Collectors.toSet());
  }

  @Test
  void linksOutOfTheVaultAreNotFollowedUnlessAsked() throws Exception {
    Path vault = Files.createDirectories(dir.resolve("vault"));
    f.write("vault/own.md", "An own note about tides.");
    f.write("vault/inner/target.md", "A note linked from inside the vault.");
    Path secret = Files.writeString(outside.resolve("passwd"), "root:x:0:0:root:/root:/bin/bash");
    Files.createDirectories(outside.resolve("etc"));
    Files.writeString(outside.resolve("etc/hosts.md"), "127.0.0.1 secret-host");
    Files.createSymbolicLink(vault.resolve("passwd.md"), secret);
    Files.createSymbolicLink(vault.resolve("etc"), outside.resolve("etc"));
    Files.createSymbolicLink(vault.resolve("alias.md"), vault.resolve("inner/target.md"));

    String[] ids = {
      "notes:own.md#0",
      "notes:inner/target.md#0",
      "notes:alias.md#0",
      "notes:passwd.md#0",
      "notes:etc/hosts.md#0"
    };
    SyncReport report = f.sync.sync(vault(vault, ""));
    Set<String> read = contents(ids);
    assertTrue(read.contains("An own note about tides."), read.toString());
    assertTrue(read.contains("A note linked from inside the vault."), read.toString());
    assertFalse(read.stream().anyMatch(c -> c.contains("root:x:0")), read.toString());
    assertFalse(read.stream().anyMatch(c -> c.contains("secret-host")), read.toString());
    assertEquals(List.of(), report.errors());

    f.sync.sync(vault(vault, ", follow_symlinks: true"));
    read = contents(ids);
    assertTrue(read.stream().anyMatch(c -> c.contains("root:x:0")), read.toString());
    assertTrue(read.stream().anyMatch(c -> c.contains("secret-host")), read.toString());
  }

  @Test
  void aVaultWhoseRootIsALinkIsRead() throws Exception {
    Path real = Files.createDirectories(outside.resolve("real-vault"));
    Files.writeString(real.resolve("note.md"), "Reached through a linked root.");
    Path link = Files.createSymbolicLink(dir.resolve("vault"), real);
    f.sync.sync(vault(link, ""));
    assertEquals(Set.of("Reached through a linked root."), contents("notes:note.md#0"));
  }

  @Test
  void aFileOverTheLimitIsReportedInWordsAndTheOthersAreSynced() throws Exception {
    Path vault = Files.createDirectories(dir.resolve("vault"));
    f.write("vault/small.md", "A small note.");
    Path big = vault.resolve("big.txt");
    try (RandomAccessFile sparse = new RandomAccessFile(big.toFile(), "rw")) {
      sparse.setLength(3L << 30); // 3 GiB, sparse: no disk, and more than any heap here holds
    }
    SyncReport report = f.sync.sync(vault(vault, ", max_file_mb: 2"));
    assertEquals(List.of("file too large: " + big + " (3072 MB, limit 2 MB)"), report.errors());
    assertEquals(Set.of("A small note."), contents("notes:small.md#0", "notes:big.txt#0"));
  }

  @Test
  void aWalDatabaseInAReadOnlyFolderIsReadWithoutCreatingAFile() throws Exception {
    Path folder = Files.createDirectories(dir.resolve("agent"));
    Path db = folder.resolve("memories.db");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement st = c.createStatement()) {
      st.execute("PRAGMA journal_mode=WAL");
      st.execute("CREATE TABLE notes (id TEXT PRIMARY KEY, content TEXT)");
      st.execute("INSERT INTO notes VALUES ('a', 'Kept in a WAL-mode database.')");
    }
    Set<Path> before = listing(folder);
    assertEquals(Set.of(db), before, "closed cleanly: no -wal or -shm left");
    Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      SourceSpec spec = SyncFixture.sqlite("agent", db, "SELECT id, content FROM notes");
      SyncReport report = f.sync.sync(spec);
      assertEquals(1, report.added(), report.toString());
      assertEquals("Kept in a WAL-mode database.", f.require("agent:a").content());
      assertTrue(
          SourcesConfig.holdsTable(db, "notes", dir.resolve("recall4j.yaml")), "table found");
      assertEquals(before, listing(folder), "nothing created beside the database");
    } finally {
      Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  private static Set<Path> listing(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.collect(Collectors.toSet());
    }
  }
}
