package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33, item 5: {@code verify} runs SQLite's integrity check on the statistics database, and
 * {@code repair} keeps the rows that still read and sets the damaged file aside, renamed.
 */
class StatsCheckTest {
  private static final int SESSIONS = 3_000;

  @TempDir Path dir;

  private Path statsWithSessions() throws IOException {
    Path file = dir.resolve("index").resolve("stats.db");
    try (StatsStore store = StatsStore.open(file, false, 100, Duration.ofDays(1))) {
      for (int i = 0; i < SESSIONS; i++) {
        store.recordSession(
            "ns",
            new SessionStats("session-" + i, 4000, 1000 + i, false, null),
            Instant.parse("2026-11-27T10:00:00Z"));
      }
    }
    return file;
  }

  @Test
  void anIntactDatabaseHasNoProblemAndIsCopiedAsItIs() throws IOException {
    Path file = statsWithSessions();
    assertEquals(List.of(), StatsCheck.problems(file));
    Path copy = Files.createDirectories(dir.resolve("repaired")).resolve("stats.db");
    assertEquals(List.of(), StatsCheck.carry(file, copy));
    assertArrayEquals(Files.readAllBytes(file), Files.readAllBytes(copy));
  }

  @Test
  void aDamagedPageFailsTheCheckAndRepairKeepsTheRowsBeforeIt() throws Exception {
    Path file = statsWithSessions();
    byte[] original = Files.readAllBytes(file);
    try (RandomAccessFile raw = new RandomAccessFile(file.toFile(), "rw")) {
      raw.seek(raw.length() - 4096 + 100); // inside the last page, past its header
      raw.write(new byte[600]);
      raw.seek(raw.length() - 4096);
      raw.write(new byte[] {(byte) 0x99, 1, 2, 3}); // a page type SQLite does not know
    }
    List<String> problems = StatsCheck.problems(file);
    assertTrue(
        !problems.isEmpty() && problems.get(0).startsWith(file.toString()), problems.toString());

    Path repaired = Files.createDirectories(dir.resolve("repaired")).resolve("stats.db");
    List<String> done = StatsCheck.carry(file, repaired);
    assertTrue(done.get(0).contains("kept what reads in " + repaired), done.toString());
    assertTrue(Files.isRegularFile(dir.resolve("repaired/stats.db.damaged")), "set aside");
    assertEquals(List.of(), StatsCheck.problems(repaired));
    int kept = sessions(repaired);
    assertTrue(kept > 0 && kept < SESSIONS, kept + " rows kept of " + SESSIONS);
    assertTrue(original.length > 0 && Files.size(file) == original.length, "source untouched");
  }

  private static int sessions(Path file) throws SQLException {
    try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement st = db.createStatement();
        ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM memory_stats")) {
      return rs.getInt(1);
    }
  }
}
