package dev.recall4j.cli;

import dev.recall4j.cli.AgentStore.Question;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Seed 000's workspace: {@code agents/memories/memories.db} (experiences, with the agent's own
 * status and supersedes columns: "forget" archives, an evolved memory supersedes the old one),
 * {@code agents/rag/harvey.db} (ingested document chunks) and {@code agents/knowledge.db} (project
 * observations).
 */
final class GoAgentStore implements AgentStore.Shape {
  @Override
  public void lay(Path ws) throws IOException {
    SqliteFile.run(
        ws.resolve("agents/memories/memories.db"),
        """
        CREATE TABLE memories (id TEXT PRIMARY KEY, type TEXT NOT NULL, description TEXT,
          summary TEXT NOT NULL, tags TEXT, created_at TEXT NOT NULL, embedding BLOB,
          embedding_model TEXT, status TEXT NOT NULL DEFAULT 'active', supersedes TEXT)
        """,
        """
        CREATE TABLE memory_stats (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL,
          budget_tokens INTEGER NOT NULL DEFAULT 0, injected_tokens INTEGER NOT NULL DEFAULT 0,
          compressed INTEGER NOT NULL DEFAULT 0, recorded_at TEXT NOT NULL)
        """,
        """
        INSERT INTO memories (id, type, description, summary, tags, created_at, status, supersedes)
        VALUES
        ('workspace_profile_a1b2c3', 'workspace_profile', 'R. S. Doiel',
         'R. S. Doiel, systems developer, works in Go and TypeScript.', 'profile',
         '2026-05-20T09:00:00Z', 'active', NULL),
        ('project_fact_d4e5f6', 'project_fact', 'Harvey',
         'Harvey is a terminal coding agent; a Go module under AGPL-3.0.', 'go,license',
         '2026-05-20T09:01:00Z', 'active', NULL),
        ('tool_use_a3f891', 'tool_use', 'git init',
         'Run git init when git reports that the folder is not a repository.', 'git',
         '2026-05-22T10:00:00Z', 'active', NULL),
        ('workflow_77aa01', 'workflow', 'release',
         'To release: tag vX.Y.Z, push the tag, then run goreleaser release --clean.', 'release',
         '2026-05-23T11:00:00Z', 'active', NULL),
        ('user_preference_0c1d2e', 'user_preference', 'editor',
         'The user edits in nano.', 'editor', '2026-05-21T08:00:00Z', 'archived', NULL),
        ('user_preference_9f8e7d', 'user_preference', 'editor',
         'The user edits in Helix with the default keymap.', 'editor', '2026-05-25T08:00:00Z',
         'active', 'user_preference_0c1d2e')
        """);
    SqliteFile.run(
        ws.resolve("agents/rag/harvey.db"),
        """
        CREATE TABLE chunks (id INTEGER PRIMARY KEY, source TEXT NOT NULL,
          chunk_index INTEGER NOT NULL, content TEXT NOT NULL, embedding BLOB)
        """,
        """
        INSERT INTO chunks (source, chunk_index, content) VALUES
        ('harvey/FOUNTAIN_FORMAT.md', 1, 'Fountain is a plain text markup for screenplays.'),
        ('harvey/FOUNTAIN_FORMAT.md', 2,
         'The scene heading format is INT. MEMORY followed by a timestamp.'),
        ('harvey/OLLAMA.md', 0, 'Ollama serves granite3.3:2b on port 11434 by default.')
        """);
    SqliteFile.run(
        ws.resolve("agents/knowledge.db"),
        """
        CREATE TABLE observations (id INTEGER PRIMARY KEY, project_id INTEGER, kind TEXT,
          content TEXT NOT NULL, created_at TEXT NOT NULL)
        """,
        """
        INSERT INTO observations (project_id, kind, content, created_at) VALUES
        (1, 'finding', 'Finding: small models benefit from explicit project context.',
         '2026-05-24T12:00:00Z'),
        (1, 'concept', 'The Raspberry Pi 500+ runs models with 2K to 8K token windows.',
         '2026-05-24T12:05:00Z')
        """);
  }

  @Override
  public List<Question> questions() {
    return List.of(
        new Question("which editor does the user edit in", "Helix", "nano"),
        new Question("scene heading format", "INT. MEMORY").of("agents/rag/harvey.db"),
        new Question("do small models need project context", "small models benefit")
            .of("agents/knowledge.db"),
        new Question("git says not a repository", "git init"),
        new Question("how do I release", "goreleaser"));
  }
}
