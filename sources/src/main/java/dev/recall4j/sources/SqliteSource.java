package dev.recall4j.sources;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * Opens an agent's SQLite file for reading without creating or writing anything beside it, so it
 * reads on a read-only mount too. While its writer is live (a {@code -wal} and its {@code -shm}
 * beside it), it opens read-only over them and sees the rows the WAL holds; otherwise it opens as
 * immutable, which skips the shared-memory file a WAL-mode database would otherwise create.
 */
final class SqliteSource {
  private SqliteSource() {}

  static Connection open(Path file) throws SQLException {
    Path absolute = file.toAbsolutePath();
    boolean writerLive =
        Files.exists(sibling(absolute, "-wal")) && Files.exists(sibling(absolute, "-shm"));
    return DriverManager.getConnection(
        "jdbc:sqlite:file:"
            + uriPath(absolute)
            + (writerLive ? "?mode=ro" : "?mode=ro&immutable=1"));
  }

  /** The path as a SQLite URI path: the characters a URI gives a meaning escaped. */
  private static String uriPath(Path file) {
    return file.toString().replace("%", "%25").replace("?", "%3f").replace("#", "%23");
  }

  private static Path sibling(Path file, String suffix) {
    return file.resolveSibling(file.getFileName() + suffix);
  }
}
