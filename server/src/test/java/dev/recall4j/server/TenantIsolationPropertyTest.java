package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Teams;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Random clients holding different tokens never see each other's records, through any operation:
 * search, list, recall, context, get and forget, over one real HTTP server.
 */
class TenantIsolationPropertyTest {
  private static final List<String> TOKENS =
      List.of("token-red-0123456789", "token-green-0123456789", "token-blue-0123456789");
  private static final String[] WORDS = {"harbour", "lantern", "quartz", "meadow", "cobalt"};

  private static Path workspace;
  private static RecallEngine engine;
  private static HttpServer server;
  private static final Map<String, Integer> OWNER = new ConcurrentHashMap<>();

  @BeforeContainer
  static void start() throws Exception {
    workspace = Files.createTempDirectory("recall4j-isolation");
    engine = TestEngines.open(workspace);
    List<TokenGrant> grants = new ArrayList<>();
    for (int i = 0; i < TOKENS.size(); i++) {
      grants.add(new TokenGrant("T" + i, TOKENS.get(i), new Tenant("client" + i, Teams.NONE)));
    }
    server = HttpServer.start(engine, ServerSettings.defaults().withTokens(grants), "127.0.0.1", 0);
  }

  @AfterContainer
  static void stop() throws Exception {
    server.close();
    engine.close();
    try (Stream<Path> files = Files.walk(workspace)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  record Write(int client, String word, boolean pinned) {}

  @Provide
  Arbitrary<List<Write>> writes() {
    Arbitrary<Write> write =
        net.jqwik.api.Combinators.combine(
                Arbitraries.integers().between(0, TOKENS.size() - 1),
                Arbitraries.of(WORDS),
                Arbitraries.of(true, false))
            .as(Write::new);
    return write.list().ofMinSize(1).ofMaxSize(5);
  }

  @Property(tries = 10)
  @SuppressWarnings("unchecked")
  void noClientSeesAnotherClientsRecords(@ForAll("writes") List<Write> writes) {
    Map<String, Integer> written = new java.util.HashMap<>();
    for (Write write : writes) {
      HttpApi api = new HttpApi(server.port(), TOKENS.get(write.client()));
      Map<String, Object> body =
          Map.of(
              "content",
              write.word() + " note " + System.nanoTime() + " of client" + write.client(),
              "pinned",
              write.pinned());
      HttpApi.Response saved = api.send("POST", "/v1/records", body);
      assertEquals(200, saved.status(), saved.body().toString());
      OWNER.put((String) saved.body().get("id"), write.client());
      written.put((String) saved.body().get("id"), write.client());
    }
    for (int client = 0; client < TOKENS.size(); client++) {
      HttpApi api = new HttpApi(server.port(), TOKENS.get(client));
      int self = client;
      List<String> seen = new ArrayList<>();
      for (String word : WORDS) {
        List<Map<String, Object>> found =
            (List<Map<String, Object>>)
                api.send("POST", "/v1/search", Map.of("query", word, "limit", 100))
                    .body()
                    .get("items");
        found.forEach(item -> seen.add((String) item.get("id")));
        String context =
            (String)
                api.send("POST", "/v1/recall", Map.of("query", word, "budget_tokens", 2000))
                    .body()
                    .get("context");
        assertNoOtherClient(context, self);
      }
      List<Map<String, Object>> listed =
          (List<Map<String, Object>>)
              api.send("GET", "/v1/records?limit=100", null).body().get("items");
      listed.forEach(item -> seen.add((String) item.get("id")));
      assertNoOtherClient(
          (String)
              api.send("POST", "/v1/context", Map.of("budget_tokens", 4000)).body().get("context"),
          self);
      for (String id : seen) {
        assertEquals(self, OWNER.get(id), "client" + self + " saw " + id);
      }
      written.forEach(
          (id, owner) -> {
            if (owner != self) {
              assertEquals(400, api.send("GET", "/v1/records/" + id, null).status());
              assertEquals(400, api.send("DELETE", "/v1/records/" + id, null).status());
            }
          });
    }
  }

  private static void assertNoOtherClient(String context, int self) {
    for (int other = 0; other < TOKENS.size(); other++) {
      if (other != self) {
        assertFalse(context.contains("of client" + other), context);
      }
    }
    assertTrue(context != null);
  }
}
