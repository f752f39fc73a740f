package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.ConfigSection;
import java.nio.file.Path;

/**
 * The {@code stats} settings of an {@link EngineConfig}, with their defaults ({@link #DEFAULTS})
 * and their reader.
 *
 * @param enabled {@code stats.enabled}: keep the recall log and the {@code memory_stats} sessions
 *     in a SQLite file (true); false opens no database and {@link RecallEngine#recordSession}
 *     refuses
 * @param db {@code stats.db}: the SQLite file, resolved against the workspace by {@link
 *     EngineConfig}; null (the default) means {@value EngineConfig#STATS_FILE} inside the index
 *     directory (see {@link EngineConfig#statsFile()})
 * @param shareDb {@code stats.share_db}: true lets recall4j add its tables to an existing SQLite
 *     database that holds other tables; false (the default) refuses such a file, naming it, so that
 *     a mistyped {@code stats.db} never changes someone else's database
 * @param logMaxRows {@code stats.log_max_rows}: recall-log rows kept over all namespaces, oldest
 *     dropped first (10,000); 0 keeps no recall log while sessions are still recorded
 * @param logMaxDays {@code stats.log_max_days}: recall-log rows older than this many days are
 *     dropped (30)
 */
public record StatsSettings(
    boolean enabled, Path db, boolean shareDb, int logMaxRows, int logMaxDays) {
  public StatsSettings {
    Checks.require(
        logMaxRows >= 0,
        "stats.log_max_rows",
        "must be >= 0 (0 = no recall log), got %d",
        logMaxRows);
    Checks.require(logMaxDays >= 1, "stats.log_max_days", "must be >= 1, got %d", logMaxDays);
  }

  /** On, inside the index, not shared, 10,000 rows, 30 days. */
  public static final StatsSettings DEFAULTS = new StatsSettings(true, null, false, 10_000, 30);

  /** These settings with what {@code stats} says over them. */
  StatsSettings read(ConfigSection s) {
    s.allow("enabled", "db", "share_db", "log_max_rows", "log_max_days");
    StatsSettings[] t = {this};
    s.bool("enabled", v -> t[0] = t[0].withEnabled(v));
    s.text("db", v -> t[0] = t[0].withDb(Path.of(v)));
    s.bool("share_db", v -> t[0] = t[0].withShareDb(v));
    s.integer("log_max_rows", v -> t[0] = t[0].withLogMaxRows(v));
    s.integer("log_max_days", v -> t[0] = t[0].withLogMaxDays(v));
    return t[0];
  }

  public StatsSettings withEnabled(boolean e) {
    return new StatsSettings(e, db, shareDb, logMaxRows, logMaxDays);
  }

  /** The database file; null: {@value EngineConfig#STATS_FILE} inside the index. */
  public StatsSettings withDb(Path file) {
    return new StatsSettings(enabled, file, shareDb, logMaxRows, logMaxDays);
  }

  public StatsSettings withShareDb(boolean share) {
    return new StatsSettings(enabled, db, share, logMaxRows, logMaxDays);
  }

  public StatsSettings withLogMaxRows(int rows) {
    return new StatsSettings(enabled, db, shareDb, rows, logMaxDays);
  }

  public StatsSettings withLogMaxDays(int days) {
    return new StatsSettings(enabled, db, shareDb, logMaxRows, days);
  }
}
