package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.cli.AgentStore.Question;
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
 * Seed 002's Obsidian-style vault: front matter, _archive and _inbox at any depth, synced and asked
 * its agent's typical questions through each documented configuration that names it, read out of
 * the documentation (issue 32, "Done when").
 */
class VaultStoreTest {
  @TempDir Path dir;

  @TestFactory
  Stream<DynamicTest> documentedConfigs() throws IOException {
    return DocumentedConfigs.tests(AgentStore.VAULT, dir);
  }

  /** Item 5: a note whose front matter is not YAML is reported; every other note is synced. */
  @Test
  void aBadNoteIsReportedAndEverythingElseSynced() throws IOException {
    AgentStore.VAULT.lay(dir);
    Path bad =
        StoreFiles.write(
            dir, "wiki/Agent/Memory/project_fact/broken.md", "---\nkind: [unclosed\n---\nText.\n");
    Path config =
        Files.writeString(
            dir.resolve("recall4j.yaml"), DocSnippets.sources(AgentStore.VAULT.fixture()).text());
    Run sync = DocumentedConfigs.cli(config, "sync");
    assertEquals(PartialSync.EXIT, sync.exit(), sync.out() + sync.err());
    assertTrue(sync.err().startsWith("recall4j: " + bad), sync.err());
    assertTrue(DocumentedConfigs.cli(config, "status").out().contains("error:    " + bad));
    for (Question q : AgentStore.VAULT.questions()) {
      DocumentedConfigs.ask(config, q, "with a bad note: ");
    }
  }
}
