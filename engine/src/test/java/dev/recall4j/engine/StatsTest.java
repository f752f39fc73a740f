package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Tier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recall log and memory_stats in recall4j.db: contents, retention, the off switch, durability.
 */
class StatsTest {
  static final Instant T0 = Instant.parse("2026-11-01T12:00:00Z");
  static final Scope ALICE = new Scope("alice", "tidewatch", null, "s-1");

  @TempDir Path workspace;
  final TestClock clock = new TestClock(T0);

  EngineConfig.Builder config() {
    return EngineConfig.builder(workspace).embedderProvider(EmbedderProvider.NONE);
  }

  static List<MemoryRecord> records() {
    return List.of(
        MemoryRecord.builder()
            .id("profile")
            .silo(Silo.MEMORY)
            .kind(Kind.WORKSPACE_PROFILE)
            .tier(Tier.PINNED)
            .scope(Scope.of("alice"))
            .content("Workspace tidewatch.")
            .build(T0),
        MemoryRecord.builder()
            .id("fact")
            .silo(Silo.MEMORY)
            .scope(Scope.of("alice"))
            .content("Builds use mvn verify.")
            .build(T0));
  }

  @Test
  void eachRecallIsLoggedWithQueryScopeIdsScoresAndTokens() throws IOException {
    try (RecallEngine engine = RecallEngine.open(config().build(), null, clock)) {
      engine.saveAll(records());
      engine.recall(RecallRequest.builder("mvn verify").scope(ALICE).budgetTokens(300).build());
    }
    assertTrue(Files.isRegularFile(workspace.resolve("agents/index/stats.db")), "inside the index");
    try (RecallEngine engine = RecallEngine.open(config().build(), null, clock)) {
      List<LoggedRecall> log = engine.statistics().recallLog(ALICE, 10);
      assertEquals(1, log.size());
      LoggedRecall entry = log.get(0);
      assertEquals(T0, entry.recordedAt());
      assertEquals(ALICE, entry.scope());
      assertEquals("mvn verify", entry.query());
      assertEquals(List.of("profile", "fact"), entry.ids());
      assertNull(entry.scores().get(0), "a pinned record has no score");
      assertTrue(entry.scores().get(1) > 0);
      assertEquals(300, entry.budgetTokens());
      assertTrue(entry.tokensUsed() > 0 && entry.tokensUsed() <= 300);
      assertEquals("lexical (no embedder)", entry.retrieval());
      assertEquals(1, engine.statistics().recallLogSummary(ALICE).entries());
      assertTrue(
          engine.statistics().recallLog(Scope.of("bob"), 10).isEmpty(),
          "the log is read per namespace");
    }
  }

  @Test
  void theLogKeepsOnlyTheConfiguredNumberOfRowsAndDays() throws IOException {
    try (RecallEngine engine =
        RecallEngine.open(config().logMaxRows(3).logMaxDays(1).build(), null, clock)) {
      engine.saveAll(records());
      for (int i = 0; i < 5; i++) {
        engine.recall(RecallRequest.builder("query " + i).scope(ALICE).build());
      }
    }
    try (RecallEngine engine =
        RecallEngine.open(config().logMaxRows(3).logMaxDays(1).build(), null, clock)) {
      assertEquals(
          List.of("query 4", "query 3", "query 2"),
          engine.statistics().recallLog(ALICE, 10).stream().map(LoggedRecall::query).toList());
      clock.advance(Duration.ofDays(2));
      engine.recall(RecallRequest.builder("much later").scope(ALICE).build());
    }
    try (RecallEngine engine = RecallEngine.open(config().build(), null, clock)) {
      assertEquals(
          List.of("much later"),
          engine.statistics().recallLog(ALICE, 10).stream().map(LoggedRecall::query).toList(),
          "rows older than log_max_days are gone");
    }
  }

  @Test
  void sessionsAreDurableAndFeedTheBudgetAdvice() throws IOException {
    try (RecallEngine engine = RecallEngine.open(config().build(), null, clock)) {
      for (int i = 0; i < 12; i++) {
        engine
            .statistics()
            .recordSession(ALICE, new SessionStats("session-" + i, 512, 476, false, 9.0));
      }
      engine
          .statistics()
          .recordSession(Scope.of("bob"), new SessionStats("bob-1", 512, 10, false, null));
    }
    try (RecallEngine engine = RecallEngine.open(config().build(), null, clock)) {
      BudgetAdvice advice = engine.statistics().budgetAdvice(ALICE).orElseThrow();
      assertEquals(12, advice.sessions());
      assertEquals(BudgetAdvice.Suggestion.RAISE_SHARE, advice.suggestion());
      assertEquals(0.35, advice.suggestedShare());
      assertEquals(
          BudgetAdvice.Suggestion.NOT_ENOUGH_DATA,
          engine.statistics().budgetAdvice(Scope.of("bob")).orElseThrow().suggestion());
      assertEquals(0.25, engine.config().budget().share(), "advice never changes a setting");
    }
  }

  @Test
  void theOffSwitchOpensNoDatabase() throws IOException {
    try (RecallEngine engine =
        RecallEngine.open(config().statsEnabled(false).build(), null, clock)) {
      engine.saveAll(records());
      engine.recall(RecallRequest.builder("mvn verify").scope(ALICE).build());
      assertTrue(engine.statistics().budgetAdvice(ALICE).isEmpty());
      IllegalStateException e =
          assertThrows(
              IllegalStateException.class,
              () ->
                  engine
                      .statistics()
                      .recordSession(ALICE, new SessionStats("s", 1, 1, false, null)));
      assertTrue(e.getMessage().contains("stats.enabled: false"), e.getMessage());
    }
    assertFalse(Files.exists(workspace.resolve("agents/index/stats.db")));
  }

  @Test
  void badSessionStatsNameTheField() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new SessionStats("s", -1, 0, false, null));
    assertTrue(e.getMessage().startsWith("budgetTokens: must be >= 0, got -1"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> new SessionStats(" ", 1, 0, false, null));
    assertTrue(e.getMessage().startsWith("sessionId"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> new SessionStats("s", 1, 0, false, Double.NaN));
    assertTrue(e.getMessage().startsWith("avgTokensPerSec"), e.getMessage());
  }

  /** Defect 7 of issue 17: indexes that shared a parent folder shared one recall log. */
  @Test
  void twoIndexesInOneFolderKeepTheirOwnRecallLogs() throws IOException {
    for (String name : List.of("one", "two")) {
      try (RecallEngine engine =
          RecallEngine.open(config().indexDir(Path.of("agents", name)).build(), null, clock)) {
        engine.saveAll(records());
        engine.recall(RecallRequest.builder("query of " + name).scope(ALICE).build());
      }
    }
    for (String name : List.of("one", "two")) {
      try (RecallEngine engine =
          RecallEngine.openReadOnly(
              config().indexDir(Path.of("agents", name)).build(), null, clock)) {
        assertEquals(
            List.of("query of " + name),
            engine.statistics().recallLog(ALICE, 10).stream().map(LoggedRecall::query).toList());
        engine.recall(RecallRequest.builder("not logged").scope(ALICE).build());
      }
    }
    assertFalse(Files.exists(workspace.resolve("agents/recall4j.db")));
    try (RecallEngine engine =
        RecallEngine.open(config().indexDir(Path.of("agents", "one")).build(), null, clock)) {
      assertEquals(
          1, engine.statistics().recallLog(ALICE, 10).size(), "a read-only engine logs nothing");
      assertEquals(
          1,
          engine.get(ALICE, "profile").orElseThrow().recallCount(),
          "the pinned profile was injected twice, counted once: by the writer");
    }
  }

  @Test
  void theDatabaseBesideTheIndexMovesInsideOnce() throws IOException {
    try (RecallEngine engine =
        RecallEngine.open(config().statsDb(Path.of("agents/recall4j.db")).build(), null, clock)) {
      engine.saveAll(records());
      engine.recall(RecallRequest.builder("logged by an older version").scope(ALICE).build());
    }
    assertTrue(Files.isRegularFile(workspace.resolve("agents/recall4j.db")));
    try (RecallEngine engine = RecallEngine.open(config().build(), null, clock)) {
      assertEquals(
          List.of("logged by an older version"),
          engine.statistics().recallLog(ALICE, 10).stream().map(LoggedRecall::query).toList());
    }
    assertFalse(Files.exists(workspace.resolve("agents/recall4j.db")), "moved, not copied");
    assertTrue(Files.isRegularFile(workspace.resolve("agents/index/stats.db")));
  }

  @Test
  void anotherApplicationsSqliteFileIsRefusedUnlessShared() throws Exception {
    Path theirs = workspace.resolve("app.sqlite");
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + theirs);
        var st = c.createStatement()) {
      st.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)");
    }
    EngineConfig config = config().statsDb(theirs).build();
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> RecallEngine.open(config, null, clock));
    assertTrue(
        e.getMessage().startsWith("stats.db: " + theirs + " is a SQLite database that is not")
            && e.getMessage().contains("invoices")
            && e.getMessage().contains("stats.share_db: true"),
        e.getMessage());
    assertEquals(List.of("invoices"), tables(theirs), "nothing added");
    try (RecallEngine engine =
        RecallEngine.open(config().statsDb(theirs).statsShareDb(true).build(), null, clock)) {
      engine.statistics().recordSession(ALICE, new SessionStats("s", 10, 5, false, null));
    }
    assertEquals(List.of("invoices", "memory_stats", "recall_log"), tables(theirs));
  }

  @Test
  void theGoAgentsOwnMemoryStatsTableIsSharedAndItsSessionsCount() throws Exception {
    // Seed 000's memoriesSchema: memory_stats without a namespace, filled by the agent itself.
    Path agentDb = workspace.resolve("agents/memories/memories.db");
    Files.createDirectories(agentDb.getParent());
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + agentDb);
        var st = c.createStatement()) {
      st.execute(
          "CREATE TABLE memories (id INTEGER PRIMARY KEY, summary TEXT NOT NULL, status TEXT)");
      st.execute(
          """
          CREATE TABLE IF NOT EXISTS memory_stats (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          session_id TEXT NOT NULL,
          budget_tokens INTEGER NOT NULL DEFAULT 0,
          injected_tokens INTEGER NOT NULL DEFAULT 0,
          compressed INTEGER NOT NULL DEFAULT 0,
          recorded_at TEXT NOT NULL)""");
      for (int i = 0; i < 12; i++) {
        st.execute(
            "INSERT INTO memory_stats (session_id, budget_tokens, injected_tokens, compressed,"
                + " recorded_at) VALUES ('agent-"
                + i
                + "', 512, 500, 0, '2026-11-01T00:00:00Z')");
      }
    }
    EngineConfig config = config().statsDb(agentDb).statsShareDb(true).build();
    try (RecallEngine engine = RecallEngine.open(config, null, clock)) {
      Scope own = Scope.of(Scope.DEFAULT_NAMESPACE);
      engine.statistics().recordSession(own, new SessionStats("ours", 512, 480, false, null));
      BudgetAdvice advice = engine.statistics().budgetAdvice(own).orElseThrow();
      assertEquals(13, advice.sessions(), "the agent's 12 sessions and ours");
      assertEquals(BudgetAdvice.Suggestion.RAISE_SHARE, advice.suggestion());
    }
    // The agent keeps inserting its own rows, naming its columns, as before.
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + agentDb);
        var st = c.createStatement()) {
      st.execute(
          "INSERT INTO memory_stats (session_id, budget_tokens, injected_tokens, compressed,"
              + " recorded_at) VALUES ('agent-12', 512, 100, 1, '2026-11-02T00:00:00Z')");
    }
  }

  static List<String> tables(Path file) throws Exception {
    List<String> names = new java.util.ArrayList<>();
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file);
        var rs =
            c.createStatement()
                .executeQuery(
                    "SELECT name FROM sqlite_master WHERE type = 'table'"
                        + " AND name NOT LIKE 'sqlite_%' ORDER BY name")) {
      while (rs.next()) {
        names.add(rs.getString(1));
      }
    }
    return names;
  }
}
