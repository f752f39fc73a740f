package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Scope;
import java.io.Closeable;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The statistics an engine keeps in its {@link StatsStore}: agent sessions, the budget advice drawn
 * from them, and the recall log. With {@code stats.enabled: false} there is no store: advice is
 * empty and every other call is refused.
 */
final class Statistics implements Closeable {
  /** Null when statistics are off. */
  private final StatsStore store;

  private final Clock clock;
  private final double budgetShare;

  private Statistics(StatsStore store, Clock clock, double budgetShare) {
    this.store = store;
    this.clock = clock;
    this.budgetShare = budgetShare;
  }

  /** Opens the configured statistics database, or none when statistics are off. */
  static Statistics open(EngineConfig config, Clock clock) throws IOException {
    StatsSettings stats = config.stats();
    StatsStore store =
        stats.enabled()
            ? StatsStore.open(
                config.statsFile(), stats.logMaxRows(), Duration.ofDays(stats.logMaxDays()))
            : null;
    return new Statistics(store, clock, config.budget().share());
  }

  /** Where recalls are logged, or null when statistics are off. */
  StatsStore logStore() {
    return store;
  }

  void recordSession(Scope scope, SessionStats session) {
    Checks.notNull(scope, "scope");
    Checks.notNull(session, "session");
    required().recordSession(scope.namespace(), session, clock.instant());
  }

  Optional<BudgetAdvice> budgetAdvice(Scope scope) {
    Checks.notNull(scope, "scope");
    return store == null
        ? Optional.empty()
        : Optional.of(
            BudgetAdvice.of(
                store.recentSessions(scope.namespace(), BudgetAdvice.WINDOW), budgetShare));
  }

  List<LoggedRecall> recallLog(Scope scope, int limit) {
    Checks.notNull(scope, "scope");
    Checks.require(limit >= 1, "limit", "must be >= 1, got %d", limit);
    return required().recentRecalls(scope.namespace(), limit);
  }

  RecallLogSummary recallLogSummary(Scope scope) {
    Checks.notNull(scope, "scope");
    return required().summary(scope.namespace());
  }

  private StatsStore required() {
    if (store == null) {
      throw new IllegalStateException(
          "statistics are off (stats.enabled: false in the configuration)");
    }
    return store;
  }

  @Override
  public void close() throws IOException {
    if (store != null) {
      store.close();
    }
  }
}
