package dev.recall4j.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The statistics database in {@code verify} and {@code repair}: SQLite's integrity check, and a
 * damaged database's rows that still read carried into a new one, the damaged file kept beside it.
 * Before, a damaged or overwritten {@code stats.db} passed {@code verify} and was copied unchanged
 * by {@code repair}, after which {@code stats} and {@code status} failed.
 */
final class StatsCheck {
  /** The tables whose rows a repair carries over. */
  private static final List<String> TABLES = List.of("recall_log", "memory_stats");

  /** What a damaged database is renamed to in the repaired index. */
  static final String DAMAGED_SUFFIX = ".damaged";

  private StatsCheck() {}

  /**
   * What is wrong with the database at {@code file}, each problem naming it; empty when it is
   * intact or absent. Only reads it (immutable: no {@code -wal} or {@code -shm} file is created).
   */
  static List<String> problems(Path file) {
    if (!Files.exists(file)) {
      return List.of();
    }
    List<String> problems = new ArrayList<>();
    try (Connection db = readOnly(file);
        Statement st = db.createStatement();
        ResultSet rs = st.executeQuery("PRAGMA integrity_check")) {
      while (rs.next()) {
        if (!"ok".equals(rs.getString(1))) {
          problems.add(file + ": " + rs.getString(1));
        }
      }
    } catch (SQLException e) {
      problems.add(file + " is damaged: " + e.getMessage());
    }
    return problems;
  }

  /**
   * Carries the database at {@code from} into {@code to}: copied when intact; when damaged, the
   * rows of each table up to the first that does not read are written to a new database and the
   * damaged file is copied beside it as {@code to.damaged} (nothing is deleted).
   *
   * @return what was done, a sentence; empty when there was nothing to carry or it was intact
   */
  static List<String> carry(Path from, Path to) throws IOException {
    if (!Files.isRegularFile(from)) {
      return List.of();
    }
    List<String> problems = problems(from);
    if (problems.isEmpty()) {
      StatsFiles.copy(from, to);
      return List.of();
    }
    Path aside = to.resolveSibling(to.getFileName() + DAMAGED_SUFFIX);
    StatsFiles.copy(from, aside);
    StatsStore.open(to, false, 1, Duration.ZERO).close(); // the tables, empty
    List<String> kept = new ArrayList<>();
    try (Connection source = readOnly(from);
        Connection target = DriverManager.getConnection("jdbc:sqlite:" + to.toAbsolutePath())) {
      for (String table : TABLES) {
        kept.add(copyRows(source, target, table) + " " + table + " rows");
      }
    } catch (SQLException e) {
      throw new IOException(
          "writing the repaired statistics database " + to + ": " + e.getMessage(), e);
    }
    return List.of(
        from
            + " is damaged ("
            + String.join("; ", problems)
            + "); kept what reads in "
            + to
            + " ("
            + String.join(", ", kept)
            + ") and the damaged file as "
            + aside);
  }

  /**
   * Copies a table's rows in id order until one does not read, in the columns both databases have
   * (a shared database's table may have more); returns how many were copied.
   */
  private static int copyRows(Connection source, Connection target, String table)
      throws SQLException {
    Set<String> wanted = columns(target, table);
    int copied = 0;
    target.setAutoCommit(false);
    try (Statement read = source.createStatement();
        ResultSet rows = read.executeQuery("SELECT * FROM " + table + " ORDER BY id")) {
      List<String> names = new ArrayList<>();
      List<Integer> at = new ArrayList<>();
      for (int c = 1; c <= rows.getMetaData().getColumnCount(); c++) {
        if (wanted.contains(rows.getMetaData().getColumnName(c))) {
          names.add(rows.getMetaData().getColumnName(c));
          at.add(c);
        }
      }
      String insert =
          "INSERT INTO "
              + table
              + " ("
              + String.join(", ", names)
              + ") VALUES ("
              + String.join(", ", Collections.nCopies(names.size(), "?"))
              + ")";
      try (PreparedStatement write = target.prepareStatement(insert)) {
        while (rows.next()) {
          for (int i = 0; i < at.size(); i++) {
            write.setObject(i + 1, rows.getObject(at.get(i)));
          }
          write.executeUpdate();
          copied++;
        }
      }
    } catch (SQLException e) {
      // The first row (or the table) that does not read ends the copy of this table.
    }
    target.commit();
    target.setAutoCommit(true);
    return copied;
  }

  private static Set<String> columns(Connection db, String table) throws SQLException {
    Set<String> columns = new HashSet<>();
    try (Statement st = db.createStatement();
        ResultSet rs = st.executeQuery("PRAGMA table_info(" + table + ")")) {
      while (rs.next()) {
        columns.add(rs.getString("name"));
      }
    }
    return columns;
  }

  private static Connection readOnly(Path file) throws SQLException {
    return DriverManager.getConnection(
        "jdbc:sqlite:file:" + file.toAbsolutePath() + "?mode=ro&immutable=1");
  }
}
