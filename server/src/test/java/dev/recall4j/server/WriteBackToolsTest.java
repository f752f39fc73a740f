package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.engine.RecallEngine;
import dev.recall4j.sources.SourceWriteBack;
import dev.recall4j.sources.SourcesConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code memory_append}, {@code memory_supersede} and {@code memory_forget} (MCP and {@code /v1}
 * alike: one implementation) on a server whose vault is {@code writable: true}: each writes the
 * note first, as {@code serve} wires it.
 */
class WriteBackToolsTest {
  @TempDir Path workspace;
  private RecallEngine engine;
  private MemoryOperations operations;

  @BeforeEach
  void open() throws Exception {
    engine = TestEngines.open(workspace);
    Path yaml =
        Files.writeString(
            workspace.resolve("recall4j.yaml"),
            "sources:\n  - {name: wiki, type: markdown, path: vault, writable: true}\n");
    operations =
        new MemoryOperations(
            engine,
            SourceWriteBack.wrap(
                engine,
                engine.config().indexDir(),
                engine.config().defaultScope(),
                SourcesConfig.read(yaml),
                Clock.systemUTC()),
            ServerSettings.DEFAULT_PAGE_TOKEN_CEILING);
  }

  @AfterEach
  void close() throws Exception {
    engine.close();
  }

  private Map<String, Object> call(String tool, Map<String, Object> arguments) {
    return operations.call(tool, Tenant.DEFAULT, arguments).structured();
  }

  @Test
  void theToolsWriteTheVaultThenTheIndex() throws Exception {
    String id =
        (String)
            call(
                    "memory_append",
                    Map.of("content", "Ada prefers tabs in Go.", "kind", "user_preference"))
                .get("id");
    Path note = workspace.resolve("vault/user-preference/ada-prefers-tabs-in-go.md");
    String text = Files.readString(note);
    assertTrue(text.startsWith("---\nid: " + id + "\nkind: user_preference\n"), text);
    assertTrue(text.endsWith("---\nAda prefers tabs in Go.\n"), text);

    Map<String, Object> replaced =
        call("memory_supersede", Map.of("id", id, "content", "Ada prefers spaces in Go now."));
    assertEquals("active", replaced.get("status"), replaced.toString());
    assertTrue(Files.readString(note).contains("\nstatus: superseded\n"));
    Path newer = workspace.resolve("vault/user-preference/ada-prefers-spaces-in-go-now.md");
    assertTrue(Files.readString(newer).contains("\nsupersedes: " + id + "\n"));

    call("memory_forget", Map.of("id", (String) replaced.get("id")));
    assertTrue(Files.readString(newer).contains("\nstatus: deleted\n"));
    try (Stream<Path> notes = Files.walk(workspace.resolve("vault"))) {
      assertEquals(2, notes.filter(Files::isRegularFile).count(), "notes are kept, never removed");
    }
    assertEquals(
        List.of(),
        ((List<?>) call("memory_search", Map.of("query", "Ada Go")).get("items")),
        "nothing active is left");
  }
}
