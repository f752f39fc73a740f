package dev.recall4j.sources;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Go agent's SQLite silos (seed 000), read-only, through their queries. */
class SqliteSyncTest {
  @TempDir Path dir;
  SyncFixture f;

  @BeforeEach
  void open() throws IOException {
    f = new SyncFixture(dir);
  }

  @AfterEach
  void close() throws IOException {
    f.close();
  }

  /** Runs the statements on the SQLite file {@code db}, created with its folder if missing. */
  static void execute(Path db, String... statements) throws SQLException, IOException {
    Files.createDirectories(db.getParent());
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement st = c.createStatement()) {
      for (String statement : statements) {
        st.execute(statement);
      }
    }
  }

  static byte[] blob(float[] v) {
    ByteBuffer b = ByteBuffer.allocate(4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
    for (float x : v) {
      b.putFloat(x);
    }
    return b.array();
  }

  /** memories.db as the seed describes it, with vectors from {@code model}. */
  Path memoriesDb(String model) throws SQLException, IOException {
    Path db = dir.resolve("agents/memories/memories.db");
    Files.createDirectories(db.getParent());
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement st = c.createStatement()) {
      st.execute(
          "CREATE TABLE memories (id TEXT PRIMARY KEY, type TEXT, description TEXT, summary TEXT,"
              + " tags TEXT, created_at TEXT, embedding BLOB, embedding_model TEXT)");
      try (PreparedStatement in =
          c.prepareStatement("INSERT INTO memories VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
        String[][] rows = {
          {
            "tool_use_a3f891",
            "tool_use",
            "Run git init",
            "Run git init when git reports 'not a repository'",
            "git,vcs"
          },
          {
            "workflow_b1",
            "workflow",
            "Release",
            "Tag, build, then upload the tarball",
            "[\"release\"]"
          },
        };
        for (String[] row : rows) {
          in.setString(1, row[0]);
          in.setString(2, row[1]);
          in.setString(3, row[2]);
          in.setString(4, row[3]);
          in.setString(5, row[4]);
          in.setString(6, "2026-05-26T10:00:00Z");
          in.setBytes(7, blob(f.embedder.embedQuery(row[2] + "\n\n" + row[3])));
          in.setString(8, model);
          in.executeUpdate();
        }
      }
    }
    return db;
  }

  SourceSpec memories(Path db) {
    return new SourceSpec(
        "memories",
        SourceType.SQLITE,
        db,
        List.of(),
        List.of(),
        List.of(),
        160,
        false,
        null,
        GoAgentSilos.MEMORIES_QUERY,
        Map.of(),
        false,
        false);
  }

  @Test
  void vectorsOfTheIndexModelAreReusedAndTheFileIsNeverWritten() throws Exception {
    Path db = memoriesDb(f.embedder.modelId());
    byte[] before = Files.readAllBytes(db);
    SyncReport r = f.sync.sync(memories(db));
    assertEquals(2, r.added());
    assertEquals(0, f.embedder.documents.get(), "stored vectors are reused");
    MemoryRecord m = f.require("memories:tool_use_a3f891");
    assertEquals(Silo.MEMORY, m.silo());
    assertEquals(Kind.TOOL_USE, m.kind());
    assertEquals("Run git init", m.title());
    assertEquals(List.of("git", "vcs"), m.tags());
    assertEquals(List.of("release"), f.require("memories:workflow_b1").tags());
    assertArrayEquals(
        f.embedder.embedQuery("Run git init\n\nRun git init when git reports 'not a repository'"),
        m.vector());
    assertArrayEquals(before, Files.readAllBytes(db));
    assertTrue(f.sync.sync(memories(db)).isUnchanged());
    assertArrayEquals(before, Files.readAllBytes(db));
  }

  @Test
  void vectorsOfAnotherModelAreEmbeddedAgain() throws Exception {
    Path db = memoriesDb("nomic-embed-text");
    f.sync.sync(memories(db));
    assertEquals(2, f.embedder.documents.get());
    assertEquals(f.embedder.modelId(), f.require("memories:workflow_b1").embeddingModel());
  }

  @Test
  void rowsWithoutVectorsDeletedRowsAndLifecycle() throws Exception {
    Path db = dir.resolve("agents/knowledge.db");
    execute(
        db,
        "CREATE TABLE observations (id INTEGER PRIMARY KEY, project_id INTEGER, kind TEXT,"
            + " content TEXT, created_at TEXT)",
        "INSERT INTO observations VALUES (1, 1, 'finding', 'Small models benefit from explicit"
            + " project context', '2026-05-20 08:00:00'), (2, 1, 'concept', 'Budget first', NULL)");
    SourceSpec kb =
        new SourceSpec(
            "knowledge",
            SourceType.SQLITE,
            db,
            List.of(),
            List.of(),
            List.of(),
            160,
            false,
            Silo.KB,
            GoAgentSilos.KNOWLEDGE_QUERY,
            Map.of(),
            false,
            false);
    assertEquals(2, f.sync.sync(kb).added());
    MemoryRecord o = f.require("knowledge:1");
    assertEquals(Silo.KB, o.silo());
    assertEquals(Kind.of("finding"), o.kind());
    assertEquals(java.time.Instant.parse("2026-05-20T08:00:00Z"), o.created());
    f.engine.pin(SyncFixture.SCOPE, "knowledge:1");
    execute(
        db,
        "DELETE FROM observations WHERE id = 2",
        "INSERT INTO observations VALUES (3, 1, 'finding', 'FTS5 is free', NULL)");
    SyncReport r = f.sync.sync(kb);
    assertEquals(1, r.added(), r.toString());
    assertEquals(1, r.deleted(), r.toString());
    assertEquals(1, r.unchanged(), r.toString());
    assertEquals(Status.DELETED, f.require("knowledge:2").status());
    assertEquals(Tier.PINNED, f.require("knowledge:1").tier());
  }

  @Test
  void theGoAgentsMemorySectionBecomesSqliteSources() throws Exception {
    Path rag = dir.resolve("agents/rag/harvey.db");
    execute(
        rag,
        "CREATE TABLE chunks (id INTEGER PRIMARY KEY, source TEXT, chunk_index INTEGER,"
            + " content TEXT, embedding BLOB)",
        "INSERT INTO chunks VALUES (1, 'harvey/FOUNTAIN_FORMAT.md', 2, 'The scene heading"
            + " format is INT. MEMORY <TIMESTAMP>', NULL)");
    Path yaml =
        Files.writeString(
            dir.resolve("harvey.yaml"),
            """
            memory:
              enabled: true
              budget_pct: 0.25
              top_k: 5
              rolling_summary: {enabled: true, warn_at_pct: 0.80, keep_turns: 6}
              rag:
                active: harvey
                enabled: true
                stores:
                  - name: harvey
                    db_path: agents/rag/harvey.db
                    embedding_model: nomic-embed-text
              knowledge_base:
                db_path: agents/knowledge.db
              current_project: ""
            """);
    SourcesConfig config = SourcesConfig.read(yaml);
    assertEquals(
        List.of("rag-harvey"),
        config.sources().stream().map(SourceSpec::name).toList(),
        "the knowledge base file is absent: left to the agent");
    dev.recall4j.engine.ConfigFile.read(yaml); // the engine reads the same file without complaint
    f.sync.syncAll(config.sources());
    MemoryRecord chunk = f.require("rag-harvey:1");
    assertEquals(Silo.RAG, chunk.silo());
    assertEquals("harvey/FOUNTAIN_FORMAT.md", chunk.origin().path());
    assertEquals(2, chunk.origin().chunk());
  }
}
