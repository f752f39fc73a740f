package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import java.nio.file.Path;

/**
 * The {@code stats} settings of an {@link EngineConfig}. The defaults are {@link
 * EngineConfig.Builder}'s.
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
}
