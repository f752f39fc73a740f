package dev.recall4j.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/** Writes an agent's SQLite database as the agent would: plain SQL through the JDBC driver. */
final class SqliteFile {
  private SqliteFile() {}

  static void run(Path db, String... statements) throws IOException {
    Files.createDirectories(db.toAbsolutePath().getParent());
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement st = c.createStatement()) {
      for (String sql : statements) {
        st.executeUpdate(sql);
      }
    } catch (SQLException e) {
      throw new IOException(db + ": " + e.getMessage(), e);
    }
  }
}
