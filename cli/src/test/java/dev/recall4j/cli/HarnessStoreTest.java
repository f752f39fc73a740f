package dev.recall4j.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 001's Java harness: MEMORY.md and the daily logs, synced and asked its agent's typical
 * questions through each documented configuration that names it, read out of the documentation
 * (issue 32, "Done when").
 */
class HarnessStoreTest {
  @TempDir Path dir;

  @TestFactory
  Stream<DynamicTest> documentedConfigs() throws IOException {
    return DocumentedConfigs.tests(AgentStore.HARNESS, dir);
  }
}
