package dev.recall4j.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 000's Go agent: its three SQLite silos and harvey.yaml's memory: section, synced and asked
 * its agent's typical questions through each documented configuration that names it, read out of
 * the documentation (issue 32, "Done when").
 */
class GoAgentStoreTest {
  @TempDir Path dir;

  @TestFactory
  Stream<DynamicTest> documentedConfigs() throws IOException {
    return DocumentedConfigs.tests(AgentStore.GO_AGENT, dir);
  }
}
