package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.cli.AgentStore.Question;
import dev.recall4j.cli.DocSnippets.Snippet;
import dev.recall4j.cli.ReliabilityCommandsTest.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 003's L0/L1/L2 table in one SQLite file, synced and asked its agent's typical questions
 * through each documented configuration that names it, read out of the documentation (issue 32,
 * "Done when").
 */
class LayeredStoreTest {
  @TempDir Path dir;

  @TestFactory
  Stream<DynamicTest> documentedConfigs() throws IOException {
    return DocumentedConfigs.tests(AgentStore.LAYERED, dir);
  }

  /** Item 5: a bad row never blocks the rest; the exit says partial and status lists it. */
  @Test
  void aBadRowIsReportedAndEverythingElseSynced() throws IOException {
    Snippet documented = DocSnippets.sources(AgentStore.LAYERED.fixture());
    AgentStore.LAYERED.lay(dir);
    SqliteFile.run(
        dir.resolve("memory.db"),
        "INSERT INTO memory_entries (id, layer, content, source, created_at, updated_at)"
            + " VALUES ('m-099', 'L1', 'A row written by a buggy tool.', 'agent', 'yesterday',"
            + " 'yesterday')");
    Path config = Files.writeString(dir.resolve("recall4j.yaml"), documented.text());

    Run sync = DocumentedConfigs.cli(config, "sync");
    assertEquals(PartialSync.EXIT, sync.exit(), sync.out() + sync.err());
    assertTrue(sync.err().startsWith("recall4j: " + dir.resolve("memory.db")), sync.err());
    assertTrue(sync.err().contains("m-099") || sync.err().contains("row"), sync.err());
    Run status = DocumentedConfigs.cli(config, "status");
    assertTrue(status.out().contains("error:"), status.out());
    for (Question q : AgentStore.LAYERED.questions()) {
      DocumentedConfigs.ask(config, q, "with a bad row: ");
    }

    SqliteFile.run(
        dir.resolve("memory.db"),
        "UPDATE memory_entries SET created_at = '2024-07-01T00:00:00Z',"
            + " updated_at = '2024-07-01T00:00:00Z' WHERE id = 'm-099'");
    Run fixed = DocumentedConfigs.cli(config, "sync");
    assertEquals(0, fixed.exit(), fixed.err());
    assertFalse(DocumentedConfigs.cli(config, "status").out().contains("error:"));
    DocumentedConfigs.ask(
        config, new Question("buggy tool row", "A row written by a buggy tool"), "");
  }
}
