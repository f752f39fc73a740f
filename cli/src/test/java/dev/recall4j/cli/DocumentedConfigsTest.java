package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.cli.DocSnippets.Snippet;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every YAML and JSON snippet of README.md, docs/SOURCES.md and server/README.md is run against an
 * agent's store (issue 32, item 2): each names one in its marker, so a snippet added without one
 * fails here, and each store's test ({@code *StoreTest}, linked from docs/SOURCES.md) runs it.
 */
class DocumentedConfigsTest {
  /**
   * The marker of the README's cluster store section: no agent's store, it is read by the provider
   * it configures ({@code OpenSearchStoreProviderTest.theReadmeConfigurationIsAccepted}).
   */
  static final String CLUSTER_STORE = "opensearch-store";

  @Test
  void everySnippetNamesTheStoresItIsRunAgainst() throws IOException {
    List<String> unmarked = new ArrayList<>();
    for (Snippet s : DocSnippets.all()) {
      if (s.fixtures().isEmpty()) {
        unmarked.add(s.where());
      }
      s.fixtures().stream().filter(f -> !f.equals(CLUSTER_STORE)).forEach(AgentStore::named);
    }
    assertEquals(
        List.of(),
        unmarked,
        "add <!-- fixture: NAME --> above each (NAME: go-agent, harness, vault, layered,"
            + " coding-agent)");
  }

  @Test
  void sourcesLinksTheTestOfEachAgent() throws IOException {
    String sources = Files.readString(DocSnippets.root().resolve("docs/SOURCES.md"));
    for (String test :
        List.of(
            "GoAgentStoreTest",
            "HarnessStoreTest",
            "VaultStoreTest",
            "LayeredStoreTest",
            "CodingAgentStoreTest")) {
      assertTrue(
          sources.contains("cli/src/test/java/dev/recall4j/cli/" + test + ".java"),
          "docs/SOURCES.md links " + test);
    }
  }

  @Test
  void theReaderFindsFencesAndMarkers() {
    List<Snippet> found =
        DocSnippets.of(
            "X.md",
            List.of(
                "text",
                "<!-- fixture: vault harness -->",
                "```yaml",
                "sources: []",
                "```",
                "```sh",
                "bin/recall4j sync",
                "```",
                "```json",
                "{}",
                "```"));
    assertEquals(2, found.size());
    assertEquals(List.of("vault", "harness"), found.get(0).fixtures());
    assertEquals("X.md:3", found.get(0).where());
    assertEquals("sources: []\n", found.get(0).text());
    assertEquals(List.of(), found.get(1).fixtures());
  }
}
