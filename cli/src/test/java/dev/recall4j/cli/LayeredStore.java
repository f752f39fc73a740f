package dev.recall4j.cli;

import dev.recall4j.cli.AgentStore.Question;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Seed 003's single table {@code memory.db}: {@code memory_entries} with L0 identity rows (one over
 * the 1,000-character limit), L1 knowledge (a corrected entry marked {@code inactive}) and L2
 * archived session summaries tied to a task.
 */
final class LayeredStore implements AgentStore.Shape {
  /** An identity row longer than the 1,000 characters the agent's own limit allows. */
  static final String LONG_IDENTITY =
      "Lin's background: " + "ten years of backend work in Rust and Python. ".repeat(25);

  @Override
  public void lay(Path ws) throws IOException {
    SqliteFile.run(
        ws.resolve("memory.db"),
        """
        CREATE TABLE memory_entries (id TEXT PRIMARY KEY, layer TEXT NOT NULL,
          content TEXT NOT NULL, source TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'active',
          created_at TEXT NOT NULL, updated_at TEXT NOT NULL, task_id TEXT, project_id TEXT,
          tags TEXT, recall_count INTEGER DEFAULT 0)
        """,
        """
        INSERT INTO memory_entries (id, layer, content, source, status, created_at, updated_at,
          task_id, project_id, tags) VALUES
        ('m-001', 'L0', 'The user''s name is Lin.', 'user', 'active',
         '2024-03-01T10:00:00Z', '2024-03-01T10:00:00Z', NULL, NULL, '["profile"]'),
        ('m-002', 'L0', 'Lin prefers answers in English, short and direct.', 'user', 'active',
         '2024-03-01T10:01:00Z', '2024-03-01T10:01:00Z', NULL, NULL, '["profile"]'),
        ('m-003', 'L0', '%s', 'agent', 'active',
         '2024-03-02T10:00:00Z', '2024-03-02T10:00:00Z', NULL, NULL, '[]'),
        ('m-010', 'L1', 'Run the test suite with cargo test --workspace.', 'agent', 'inactive',
         '2024-05-01T09:00:00Z', '2024-06-01T09:00:00Z', NULL, 'p-1', '["rust","tests"]'),
        ('m-011', 'L1', 'Run the test suite with cargo nextest run.', 'agent', 'active',
         '2024-06-01T09:00:00Z', '2024-06-01T09:00:00Z', NULL, 'p-1', '["rust","tests"]'),
        ('m-012', 'L1', 'The staging database is Postgres 16 on db-staging-2.', 'agent', 'active',
         '2024-06-03T09:00:00Z', '2024-06-03T09:00:00Z', NULL, 'p-1', '["db"]'),
        ('m-020', 'L2', 'Session summary: migrated the billing service to Postgres 16; the old
         cluster was retired.', 'system', 'active',
         '2024-06-10T18:00:00Z', '2024-06-10T18:00:00Z', 't-17', 'p-1', '["billing"]')
        """
            .formatted(LONG_IDENTITY.replace("'", "''")));
  }

  @Override
  public List<Question> questions() {
    return List.of(
        new Question("how do I run the tests", "cargo nextest run", "cargo test --workspace"),
        new Question("what is the user's name", "Lin"),
        // the over-long L0 row: synced as written, cut by the identity cap with a marker
        new Question("Lin's background", " […]\n"),
        new Question("staging database host", "db-staging-2", "migrated the billing service"),
        new Question(
            "what happened to the billing service",
            "migrated the billing service",
            List.of(),
            List.of("--include-archived"),
            ""));
  }
}
