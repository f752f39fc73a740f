package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.engine.ConfigFile;
import dev.recall4j.engine.Teams;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code server:} section of {@code recall4j.yaml}: read strictly, tokens from the env. */
class ServerConfigFileTest {
  private static final String ALICE = "alice-token-0123456789";

  @TempDir Path dir;

  private Path yaml(String text) throws Exception {
    return Files.writeString(dir.resolve("recall4j.yaml"), text);
  }

  @Test
  void readsEveryKeyAndTheEngineAcceptsTheSection() throws Exception {
    Path file =
        yaml(
            """
            namespace: ada
            server:
              bind: 127.0.0.1:7099
              tokens:
                - {env: ALICE_TOKEN, namespace: alice, teams: [tide, reef]}
              allowed_origins: [http://localhost:5173, "http://tools.local:*"]
              page_token_ceiling: 900
            """);
    ServerConfigFile server = ServerConfigFile.read(file, Map.of("ALICE_TOKEN", ALICE));
    assertEquals("127.0.0.1:7099", server.bind());
    assertEquals(1, server.tokens().size());
    assertEquals(ALICE, server.tokens().get(0).token());
    assertEquals(new Tenant("alice", Teams.of("tide", "reef")), server.tokens().get(0).tenant());
    assertEquals(List.of("http://localhost:5173", "http://tools.local:*"), server.allowedOrigins());
    assertEquals(900, server.pageTokenCeiling());
    assertEquals("ada", ConfigFile.read(file).namespace());
  }

  @Test
  void withoutASectionNothingIsSet() throws Exception {
    assertEquals(ServerConfigFile.NONE, ServerConfigFile.read(yaml("namespace: ada\n"), Map.of()));
  }

  @Test
  void anAgentsMemorySectionMayHoldIt() throws Exception {
    Path file = yaml("agent_name: bob\nmemory:\n  server:\n    page_token_ceiling: 50\n");
    assertEquals(50, ServerConfigFile.read(file, Map.of()).pageTokenCeiling());
  }

  @Test
  void unknownKeysAndBadValuesAreErrorsNamingTheKeyNeverTheToken() throws Exception {
    Map<String, String> bad =
        Map.of(
            "server:\n  colour: red\n", "server.colour: unknown setting",
            "server:\n  tokens:\n    - {env: ALICE_TOKEN, namespace: a, secret: x}\n",
                "server.tokens[0].secret: unknown setting",
            "server:\n  tokens:\n    - {env: NOT_SET, namespace: a}\n",
                "server.tokens[0].env: the environment variable NOT_SET is not set",
            "server:\n  tokens:\n    - {namespace: a}\n", "server.tokens[0].env: required",
            "server:\n  tokens:\n    - {env: SHORT, namespace: a}\n",
                "server.tokens[0]: token SHORT",
            "server:\n  page_token_ceiling: 0\n", "server.page_token_ceiling: must be",
            "server:\n  allowed_origins: [1]\n", "server.allowed_origins: must be",
            "server: [a]\n", "server: must be a mapping");
    for (Map.Entry<String, String> e : bad.entrySet()) {
      Path file = yaml(e.getKey());
      IllegalArgumentException error =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  ServerConfigFile.read(
                      file, Map.of("ALICE_TOKEN", ALICE, "SHORT", "short-secret")),
              e.getKey());
      assertTrue(
          error.getMessage().startsWith(file + ": " + e.getValue()),
          e.getKey() + " -> " + error.getMessage());
      assertFalse(error.getMessage().contains("short-secret"), error.getMessage());
    }
  }
}
