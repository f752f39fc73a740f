package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.Scope;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The statistics an engine keeps in its {@link StatsStore}: agent sessions, the budget advice drawn
 * from them, and the recall log. With {@code stats.enabled: false} there is no store: advice is
 * empty and every other call is refused. A read-only engine's statistics open the database
 * read-only, and only when first asked (a recall or an export never touches it); before any writer
 * created it, the log and the sessions are empty.
 */
public final class Statistics {
  private static final Logger LOG = LoggerFactory.getLogger(Statistics.class);

  private final boolean enabled;
  private final boolean writable;

  /** Opens the store when first needed: empty when the database does not exist (yet). */
  private final StatsOpener opener;

  private final Clock clock;
  private final BudgetSettings budget;

  /**
   * The database file and its settings, for {@link #logRecallNow}; null when statistics are off.
   */
  private final Path statsFile;

  private final StatsSettings statsSettings;
  private Optional<StatsStore> store;

  private interface StatsOpener {
    Optional<StatsStore> open() throws IOException;
  }

  private Statistics(EngineConfig config, boolean writable, StatsOpener opener, Clock clock) {
    this.enabled = config.stats().enabled();
    this.writable = writable;
    this.opener = opener;
    this.clock = clock;
    this.budget = config.budget();
    this.statsFile = enabled ? config.statsFile() : null;
    this.statsSettings = config.stats();
  }

  /**
   * Opens (creating when missing) the configured statistics database, or none when statistics are
   * off. A database at the location of older versions (beside the index) is moved into the index
   * once.
   */
  static Statistics open(EngineConfig config, Clock clock) throws IOException {
    StatsSettings stats = config.stats();
    Statistics statistics = new Statistics(config, true, Optional::empty, clock);
    if (stats.enabled()) {
      migrate(config);
      statistics.store =
          Optional.of(
              StatsStore.open(
                  config.statsFile(),
                  stats.shareDb(),
                  stats.logMaxRows(),
                  Duration.ofDays(stats.logMaxDays())));
    }
    return statistics;
  }

  /** The statistics of a read-only engine: the database is read when first asked, never written. */
  static Statistics openReadOnly(EngineConfig config, Clock clock) {
    Path file = config.statsFile();
    return new Statistics(
        config,
        false,
        () ->
            Files.isRegularFile(file)
                ? Optional.of(StatsStore.openReadOnly(file))
                : Optional.empty(),
        clock);
  }

  /**
   * Moves the database older versions kept beside the index (and shared with every index in the
   * same parent) into this index. Once: the first index opened takes the whole old log.
   */
  private static void migrate(EngineConfig config) throws IOException {
    Path legacy = config.legacyStatsFile();
    if (legacy != null
        && Files.notExists(config.statsFile())
        && StatsFiles.move(legacy, config.statsFile())) {
      LOG.info(
          "moved the statistics database {} into the index as {}: each index keeps its own now"
              + " (other indexes in {} start a new one)",
          legacy,
          config.statsFile(),
          legacy.getParent());
    }
  }

  /**
   * Logs one recall of a read-only engine now: for a process that recalls once and exits (the CLI's
   * one-shot {@code recall}), so that {@code stats} shows it. The index is not touched (its {@code
   * recallCount} stays), and the database only when it already exists and can be written: nothing
   * is created, and a read-only copy is left as it is.
   *
   * @return whether the recall was logged
   */
  public boolean logRecallNow(RecallRequest request, RecallResult result) {
    Checks.notNull(request, "request");
    Checks.notNull(result, "result");
    if (!enabled || writable || statsFile == null || !StatsFiles.writable(statsFile)) {
      return false;
    }
    StatsSettings stats = statsSettings;
    try (StatsStore log =
        StatsStore.open(
            statsFile, stats.shareDb(), stats.logMaxRows(), Duration.ofDays(stats.logMaxDays()))) {
      log.logRecalls(
          List.of(RecallLogEntry.of(request.scope(), request.query(), result, clock.instant())));
      return true;
    } catch (IOException | RuntimeException e) {
      LOG.debug("recall not logged in {}: {}", statsFile, e.toString());
      return false;
    }
  }

  /** Where recalls are logged, or null when statistics are off or read-only. */
  StatsStore logStore() {
    return store == null ? null : store.orElse(null);
  }

  /**
   * Records one agent session's budget statistics (a {@code memory_stats} row of the scope's
   * namespace), to be called once at session end. Durable when it returns.
   *
   * @throws IllegalStateException when statistics are off ({@code stats.enabled: false}) or the
   *     engine is read-only
   */
  public void recordSession(Scope scope, SessionStats session) {
    Checks.notNull(scope, "scope");
    Checks.notNull(session, "session");
    StatsStore target = required().filter(s -> writable).orElse(null);
    if (target == null) {
      throw new IllegalStateException(
          "the engine is read-only; open it for writing to record a session");
    }
    target.recordSession(scope.namespace(), session, clock.instant());
  }

  /**
   * Budget advice from the namespace's recorded sessions ({@link BudgetAdvice} has the rules);
   * empty when statistics are off. Never changes a setting.
   */
  public Optional<BudgetAdvice> budgetAdvice(Scope scope) {
    Checks.notNull(scope, "scope");
    if (!enabled) {
      return Optional.empty();
    }
    List<SessionStats> sessions =
        store()
            .map(s -> s.recentSessions(scope.namespace(), BudgetAdvice.WINDOW))
            .orElse(List.of());
    return Optional.of(BudgetAdvice.of(sessions, budget.share(), budget.shareKey()));
  }

  /**
   * The namespace's most recent recall-log entries, newest first. Recalls are logged in the
   * background: a recall shows up here shortly after it returns, and certainly after the engine
   * closes.
   *
   * @throws IllegalStateException when statistics are off
   */
  public List<LoggedRecall> recallLog(Scope scope, int limit) {
    Checks.notNull(scope, "scope");
    Checks.require(limit >= 1, "limit", "must be >= 1, got %d", limit);
    return required().map(s -> s.recentRecalls(scope.namespace(), limit)).orElse(List.of());
  }

  /**
   * Aggregates of the namespace's recall log.
   *
   * @throws IllegalStateException when statistics are off
   */
  public RecallLogSummary recallLogSummary(Scope scope) {
    Checks.notNull(scope, "scope");
    return required()
        .map(s -> s.summary(scope.namespace()))
        .orElse(new RecallLogSummary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN));
  }

  /** The store when statistics are on; empty for a read-only engine before any writer made it. */
  private Optional<StatsStore> required() {
    if (!enabled) {
      throw new IllegalStateException(
          "statistics are off (stats.enabled: false in the configuration)");
    }
    return store();
  }

  private synchronized Optional<StatsStore> store() {
    if (store == null) {
      try {
        store = opener.open();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return store;
  }

  /** Closes the database; the engine does, when it closes. */
  synchronized void close() throws IOException {
    if (store != null && store.isPresent()) {
      store.get().close();
    }
  }
}
