package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The {@link Tool} enumeration and the published tool list agree, and each route finds its tool.
 */
class ToolTest {
  @Test
  void everyToolIsPublishedInTheSameOrderAndNothingElseIs() throws Exception {
    List<String> published = new ArrayList<>();
    try (InputStream in = Tool.class.getResourceAsStream("tools.json")) {
      new ObjectMapper().readTree(in).forEach(tool -> published.add(tool.get("name").asText()));
    }
    assertEquals(published, Stream.of(Tool.values()).map(Tool::wireName).toList());
    for (Tool tool : Tool.values()) {
      JsonNode schema = new ObjectMapper().valueToTree(tool.spec().inputSchema());
      assertEquals("object", schema.get("type").asText(), tool.wireName());
      assertEquals(tool, Tool.named(tool.wireName()));
    }
    assertEquals(
        "no tool named memory_nothing",
        assertThrows(IllegalArgumentException.class, () -> Tool.named("memory_nothing"))
            .getMessage());
  }

  @Test
  void eachRouteOfTheJsonApiFindsItsToolAndTheIdInItsPath() {
    record Case(String method, String path, Tool tool, String id) {}
    List<Case> cases =
        List.of(
            new Case("POST", "recall", Tool.RECALL, null),
            new Case("POST", "search", Tool.SEARCH, null),
            new Case("POST", "context", Tool.CONTEXT, null),
            new Case("POST", "records", Tool.APPEND, null),
            new Case("GET", "records", Tool.LIST, null),
            new Case("GET", "records/r-1", Tool.GET, "r-1"),
            new Case("GET", "files", Tool.GET, null),
            new Case("DELETE", "records/r-1", Tool.FORGET, "r-1"),
            new Case("POST", "records/r-1/supersede", Tool.SUPERSEDE, "r-1"),
            new Case("GET", "stats", Tool.STATS, null),
            new Case("POST", "sessions", Tool.RECORD_SESSION, null),
            new Case("POST", "sessions/end", Tool.SESSION_END, null));
    for (Case c : cases) {
      Tool.Routed routed = Tool.route(c.method(), List.of(c.path().split("/")));
      assertEquals(new Tool.Routed(c.tool(), c.id()), routed, c.toString());
    }
    for (String[] none :
        new String[][] {
          {"GET", "recall"}, {"DELETE", "records"}, {"POST", "records/r-1/other"}, {"PUT", "stats"}
        }) {
      assertNull(Tool.route(none[0], List.of(none[1].split("/"))), String.join(" ", none));
    }
    assertNull(Tool.route("GET", List.of()));
  }
}
