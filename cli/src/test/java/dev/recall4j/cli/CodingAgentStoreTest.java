package dev.recall4j.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 004's coding agent: CLAUDE.md, rules and per-project memory files, synced and asked its
 * agent's typical questions through each documented configuration that names it, read out of the
 * documentation (issue 32, "Done when").
 */
class CodingAgentStoreTest {
  @TempDir Path dir;

  @TestFactory
  Stream<DynamicTest> documentedConfigs() throws IOException {
    return DocumentedConfigs.tests(AgentStore.CODING_AGENT, dir);
  }
}
