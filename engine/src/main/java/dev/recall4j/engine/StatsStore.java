package dev.recall4j.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.Scope;
import dev.recall4j.core.store.IndexDamagedException;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/*
 * The statistics database, recall4j.db (SQLite through sqlite-jdbc): the recall log and the
 * memory_stats table of sessions.
 *
 * One connection, every method synchronized: SQLite serialises writers anyway, and the engine
 * writes the log from a background batcher, so callers never wait on it during a recall. A batch
 * of log rows is one transaction; a session row autocommits. WAL with synchronous=NORMAL: a row
 * survives an application crash once its method returns (a power cut may lose the last ones).
 *
 * Retention of the log is enforced on every insert by two cheap deletes: rows older than the
 * maximum age (indexed epoch-millisecond column) and rows more than maxRows behind the newest id
 * (the integer primary key). Times are also kept as fixed-width ISO-8601 text (recorded_at) for
 * people reading the file with the sqlite3 shell; that text sorts like the instant.
 */
final class StatsStore implements Closeable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final DateTimeFormatter ISO =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  private static final String SCHEMA =
      """
      CREATE TABLE IF NOT EXISTS recall_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        recorded_at TEXT NOT NULL,
        recorded_ms INTEGER NOT NULL,
        namespace TEXT NOT NULL,
        project TEXT, task TEXT, session TEXT,
        query TEXT NOT NULL,
        item_count INTEGER NOT NULL,
        items TEXT NOT NULL,
        tokens_used INTEGER NOT NULL,
        budget_tokens INTEGER NOT NULL,
        retrieval TEXT NOT NULL,
        total_ms REAL NOT NULL);
      CREATE INDEX IF NOT EXISTS recall_log_time ON recall_log (recorded_ms);
      CREATE INDEX IF NOT EXISTS recall_log_namespace ON recall_log (namespace, id);
      CREATE TABLE IF NOT EXISTS memory_stats (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id TEXT NOT NULL,
        namespace TEXT NOT NULL,
        budget_tokens INTEGER NOT NULL DEFAULT 0,
        injected_tokens INTEGER NOT NULL DEFAULT 0,
        compressed INTEGER NOT NULL DEFAULT 0,
        avg_tokens_per_sec REAL,
        recorded_at TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS memory_stats_namespace ON memory_stats (namespace, id);
      """;

  /** SQLite's result codes for a damaged file: SQLITE_CORRUPT and SQLITE_NOTADB. */
  private static final List<Integer> DAMAGED = List.of(11, 26);

  private final Path file;
  private final Connection connection;
  private final int logMaxRows;
  private final Duration logMaxAge;

  private StatsStore(Path file, Connection connection, int logMaxRows, Duration logMaxAge) {
    this.file = file;
    this.connection = connection;
    this.logMaxRows = logMaxRows;
    this.logMaxAge = logMaxAge;
  }

  /**
   * Opens (creating when missing) the database for reading and writing.
   *
   * @param share add recall4j's tables to an existing database that holds other tables; when false
   *     such a file is refused, naming it
   * @param logMaxRows recall-log rows kept; 0 keeps no log at all
   * @param logMaxAge recall-log rows older than this are deleted
   * @throws IllegalStateException when the file holds another application's tables and {@code
   *     share} is false
   */
  static StatsStore open(Path file, boolean share, int logMaxRows, Duration logMaxAge)
      throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    try {
      Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
      try (Statement st = connection.createStatement()) {
        if (!share) {
          refuseForeignTables(st, file);
        }
        // WAL lets a `bin/recall4j stats` read while an agent's engine writes.
        st.execute("PRAGMA journal_mode=WAL");
        st.execute("PRAGMA busy_timeout=5000");
        // In WAL mode NORMAL survives an application crash; a power cut may lose the last rows.
        st.execute("PRAGMA synchronous=NORMAL");
        adoptAgentSessions(st);
        for (String statement : SCHEMA.split(";")) {
          if (!statement.isBlank()) {
            st.execute(statement);
          }
        }
      } catch (SQLException | RuntimeException e) {
        connection.close();
        throw e;
      }
      return new StatsStore(file, connection, logMaxRows, logMaxAge);
    } catch (SQLException e) {
      throw failure(file, "cannot open statistics database ", e);
    }
  }

  /**
   * What a failed call throws: {@link IndexDamagedException} when SQLite finds the file damaged (so
   * that the message says to run {@code recall4j verify}), else an {@link IOException}.
   */
  private static IOException failure(Path file, String what, SQLException e) {
    if (DAMAGED.contains(e.getErrorCode() & 0xff)) {
      throw IndexDamagedException.in(
          file.toAbsolutePath().getParent().toString(),
          "statistics database " + file + " (" + e.getMessage() + ")",
          e);
    }
    return new IOException(what + file + ": " + e.getMessage(), e);
  }

  /**
   * Opens an existing database for reading only: nothing is created or changed, and writing methods
   * fail. While a writer has it open (its {@code -wal} file exists), SQLite's read-only mode shares
   * the writer's {@code -wal} and {@code -shm} files. Otherwise, or on a read-only file system, the
   * file is opened as immutable: read-only mode would create {@code -wal} and {@code -shm} files
   * beside it, which a reader must not do.
   */
  static StatsStore openReadOnly(Path file) throws IOException {
    Path absolute = file.toAbsolutePath();
    boolean writerActive = Files.exists(absolute.resolveSibling(absolute.getFileName() + "-wal"));
    String url =
        writerActive && Files.isWritable(absolute.getParent())
            ? "jdbc:sqlite:file:" + absolute + "?mode=ro"
            : "jdbc:sqlite:file:" + absolute + "?mode=ro&immutable=1";
    try {
      Connection connection = DriverManager.getConnection(url);
      try (Statement st = connection.createStatement()) {
        st.execute("PRAGMA busy_timeout=5000");
      } catch (SQLException e) {
        connection.close();
        throw e;
      }
      return new StatsStore(file, connection, 0, Duration.ZERO);
    } catch (SQLException e) {
      throw failure(file, "cannot read statistics database ", e);
    }
  }

  /**
   * A shared database ({@code stats.share_db}) may hold the Go agent's own {@code memory_stats}
   * (seed 000: session id, budget and injected tokens, compressed, time; one agent, so no
   * namespace): its rows are sessions too, so recall4j adds the columns it needs (nullable or
   * defaulted, which the agent's inserts, naming their columns, never notice) and reads the agent's
   * rows as the default namespace's.
   */
  private static void adoptAgentSessions(Statement st) throws SQLException {
    List<String> columns = new ArrayList<>();
    try (ResultSet rs = st.executeQuery("PRAGMA table_info(memory_stats)")) {
      while (rs.next()) {
        columns.add(rs.getString("name"));
      }
    }
    if (columns.isEmpty()) {
      return;
    }
    if (!columns.contains("namespace")) {
      st.execute(
          "ALTER TABLE memory_stats ADD COLUMN namespace TEXT NOT NULL DEFAULT '"
              + Scope.DEFAULT_NAMESPACE
              + "'");
    }
    if (!columns.contains("avg_tokens_per_sec")) {
      st.execute("ALTER TABLE memory_stats ADD COLUMN avg_tokens_per_sec REAL");
    }
  }

  /** Refuses a database that holds tables, none of them recall4j's: someone else's file. */
  private static void refuseForeignTables(Statement st, Path file) throws SQLException {
    List<String> tables = new ArrayList<>();
    try (ResultSet rs =
        st.executeQuery(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                + " ORDER BY name")) {
      while (rs.next()) {
        tables.add(rs.getString(1));
      }
    }
    if (!tables.isEmpty() && !tables.contains("recall_log") && !tables.contains("memory_stats")) {
      throw new IllegalStateException(
          "stats.db: "
              + file
              + " is a SQLite database that is not recall4j's (it holds "
              + String.join(", ", tables.subList(0, Math.min(3, tables.size())))
              + (tables.size() > 3 ? ", ..." : "")
              + "); point stats.db at a new file, or set stats.share_db: true to add recall4j's"
              + " tables to it");
    }
  }

  Path file() {
    return file;
  }

  /** Appends recalls to the log in one transaction and applies the retention. */
  synchronized void logRecalls(List<RecallLogEntry> entries) {
    if (logMaxRows == 0 || entries.isEmpty()) {
      return;
    }
    sql(
        () -> {
          connection.setAutoCommit(false);
          try {
            long id = 0;
            Instant latest = Instant.MIN;
            try (PreparedStatement st =
                connection.prepareStatement(
                    """
            INSERT INTO recall_log (recorded_at, recorded_ms, namespace, project, task, session, query,
              item_count, items, tokens_used, budget_tokens, retrieval, total_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                    Statement.RETURN_GENERATED_KEYS)) {
              for (RecallLogEntry e : entries) {
                bind(st, e);
                st.executeUpdate();
                try (ResultSet keys = st.getGeneratedKeys()) {
                  keys.next();
                  id = keys.getLong(1);
                }
                latest = e.when().isAfter(latest) ? e.when() : latest;
              }
            }
            try (PreparedStatement st =
                connection.prepareStatement(
                    "DELETE FROM recall_log WHERE id <= ? OR recorded_ms < ?")) {
              st.setLong(1, id - logMaxRows);
              st.setLong(2, latest.minus(logMaxAge).toEpochMilli());
              st.executeUpdate();
            }
            connection.commit();
          } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
          } finally {
            connection.setAutoCommit(true);
          }
          return null;
        });
  }

  private static void bind(PreparedStatement st, RecallLogEntry e) throws SQLException {
    ArrayNode items = JSON.createArrayNode();
    for (RecallLogEntry.Item item : e.items()) {
      ObjectNode n = items.addObject();
      n.put("id", item.id());
      if (Double.isFinite(item.score())) {
        n.put("score", item.score());
      } else {
        n.putNull("score");
      }
      n.put("tokens", item.tokens());
    }
    st.setString(1, ISO.format(e.when()));
    st.setLong(2, e.when().toEpochMilli());
    st.setString(3, e.scope().namespace());
    st.setString(4, e.scope().project());
    st.setString(5, e.scope().task());
    st.setString(6, e.scope().session());
    st.setString(7, e.query());
    st.setInt(8, e.items().size());
    st.setString(9, items.toString());
    st.setInt(10, e.tokensUsed());
    st.setInt(11, e.budgetTokens());
    st.setString(12, e.retrieval());
    st.setDouble(13, e.totalMillis());
  }

  /** The namespace's most recent log entries, newest first. */
  synchronized List<LoggedRecall> recentRecalls(String namespace, int limit) {
    return sql(
        () -> {
          try (PreparedStatement st =
              connection.prepareStatement(
                  """
          SELECT recorded_ms, namespace, project, task, session, query, items, tokens_used, budget_tokens,
            retrieval, total_ms FROM recall_log WHERE namespace = ? ORDER BY id DESC LIMIT ?""")) {
            st.setString(1, namespace);
            st.setInt(2, limit);
            List<LoggedRecall> out = new ArrayList<>();
            try (ResultSet rs = st.executeQuery()) {
              while (rs.next()) {
                List<String> ids = new ArrayList<>();
                List<Double> scores = new ArrayList<>();
                for (JsonNode item : JSON.readTree(rs.getString("items"))) {
                  ids.add(item.get("id").asText());
                  scores.add(item.get("score").isNull() ? null : item.get("score").asDouble());
                }
                out.add(
                    new LoggedRecall(
                        Instant.ofEpochMilli(rs.getLong("recorded_ms")),
                        new Scope(
                            rs.getString("namespace"),
                            rs.getString("project"),
                            rs.getString("task"),
                            rs.getString("session")),
                        rs.getString("query"),
                        ids,
                        scores,
                        rs.getInt("tokens_used"),
                        rs.getInt("budget_tokens"),
                        rs.getString("retrieval"),
                        rs.getDouble("total_ms")));
              }
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
              throw new IllegalStateException(
                  "statistics database " + file + ": corrupt recall_log.items: " + e.getMessage(),
                  e);
            }
            return out;
          }
        });
  }

  /** Aggregates of the namespace's log. */
  synchronized RecallLogSummary summary(String namespace) {
    return sql(
        () -> {
          try (PreparedStatement st =
              connection.prepareStatement(
                  """
          SELECT COUNT(*), AVG(item_count), AVG(tokens_used), AVG(budget_tokens), AVG(total_ms)
          FROM recall_log WHERE namespace = ?""")) {
            st.setString(1, namespace);
            try (ResultSet rs = st.executeQuery()) {
              rs.next();
              long n = rs.getLong(1);
              return n == 0
                  ? new RecallLogSummary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN)
                  : new RecallLogSummary(
                      n, rs.getDouble(2), rs.getDouble(3), rs.getDouble(4), rs.getDouble(5));
            }
          }
        });
  }

  /** Appends one {@code memory_stats} row. */
  synchronized void recordSession(String namespace, SessionStats s, Instant when) {
    sql(
        () -> {
          try (PreparedStatement st =
              connection.prepareStatement(
                  """
          INSERT INTO memory_stats (session_id, namespace, budget_tokens, injected_tokens, compressed,
            avg_tokens_per_sec, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)""")) {
            st.setString(1, s.sessionId());
            st.setString(2, namespace);
            st.setInt(3, s.budgetTokens());
            st.setInt(4, s.injectedTokens());
            st.setInt(5, s.compressed() ? 1 : 0);
            if (s.avgTokensPerSec() == null) {
              st.setNull(6, Types.REAL);
            } else {
              st.setDouble(6, s.avgTokensPerSec());
            }
            st.setString(7, ISO.format(when));
            st.executeUpdate();
          }
          return null;
        });
  }

  /** The namespace's most recent sessions, newest first. */
  synchronized List<SessionStats> recentSessions(String namespace, int limit) {
    return sql(
        () -> {
          try (PreparedStatement st =
              connection.prepareStatement(
                  """
          SELECT session_id, budget_tokens, injected_tokens, compressed, avg_tokens_per_sec
          FROM memory_stats WHERE namespace = ? ORDER BY id DESC LIMIT ?""")) {
            st.setString(1, namespace);
            st.setInt(2, limit);
            List<SessionStats> out = new ArrayList<>();
            try (ResultSet rs = st.executeQuery()) {
              while (rs.next()) {
                double value = rs.getDouble(5);
                Double speed = rs.wasNull() ? null : value;
                out.add(
                    new SessionStats(
                        rs.getString(1), rs.getInt(2), rs.getInt(3), rs.getInt(4) != 0, speed));
              }
            }
            return out;
          }
        });
  }

  @Override
  public synchronized void close() throws IOException {
    try {
      connection.close();
    } catch (SQLException e) {
      throw new IOException("closing statistics database " + file + ": " + e.getMessage(), e);
    }
  }

  private interface SqlCall<T> {
    T call() throws SQLException, IOException;
  }

  private <T> T sql(SqlCall<T> call) {
    try {
      return call.call();
    } catch (SQLException e) {
      throw new UncheckedIOException(failure(file, "statistics database ", e));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
