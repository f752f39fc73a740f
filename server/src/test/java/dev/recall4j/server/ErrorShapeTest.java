package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33, item 8: MCP and {@code /v1} answer one error shape ({@link ErrorBody}, docs/JSON.md
 * "Errors"), a {@code tools/call} that is not a call of one of the server's tools is JSON-RPC
 * {@code -32602}, and no answer carries a stack trace.
 */
class ErrorShapeTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String[] MCP = {
    "Content-Type", "application/json", "Accept", "application/json, text/event-stream"
  };

  @TempDir Path workspace;
  ServedEngine served;
  HttpApi api;

  @BeforeEach
  void start() throws Exception {
    served = ServedEngine.start(workspace, ServerSettings.defaults(), "seed", "A seed note.");
    api = new HttpApi(served.port(), null);
  }

  @AfterEach
  void stop() throws Exception {
    served.close();
  }

  HttpApi.Response call(int id, String params) {
    return api.send(
        "POST",
        "/mcp",
        "{\"jsonrpc\":\"2.0\",\"id\":"
            + id
            + ",\"method\":\"tools/call\",\"params\":"
            + params
            + "}",
        MCP);
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object value) {
    return (Map<String, Object>) value;
  }

  @Test
  void aBadArgumentIsOneShapeOnBothPaths() throws Exception {
    HttpApi.Response rest = api.send("POST", "/v1/search", Map.of("query", "seed", "limit", 0));
    assertEquals(400, rest.status());
    assertEquals(List.of("error", "code", "argument"), List.copyOf(rest.body().keySet()));
    assertEquals("invalid_argument", rest.body().get("code"));
    assertEquals("limit", rest.body().get("argument"));

    HttpApi.Response mcp =
        call(1, "{\"name\":\"memory_search\",\"arguments\":{\"query\":\"seed\",\"limit\":0}}");
    assertEquals(200, mcp.status());
    Map<String, Object> result = map(mcp.body().get("result"));
    assertEquals(true, result.get("isError"), "a tool execution error the model can correct");
    assertEquals(rest.body(), result.get("structuredContent"), "the same shape as /v1's");
    assertEquals(
        rest.body().get("error"), map(((List<?>) result.get("content")).get(0)).get("text"));
  }

  @Test
  void aValueTheRecordRefusesNamesItsArgumentOnBothPaths() throws Exception {
    HttpApi.Response rest =
        api.send("POST", "/v1/records", Map.of("content", "a note", "id", "two words"));
    assertEquals(400, rest.status(), rest.body().toString());
    assertEquals("id", rest.body().get("argument"));
    assertEquals("invalid_argument", rest.body().get("code"));

    HttpApi.Response mcp =
        call(
            2,
            "{\"name\":\"memory_append\",\"arguments\":{\"content\":\"a note\","
                + "\"id\":\"two words\"}}");
    assertEquals(rest.body(), map(map(mcp.body().get("result")).get("structuredContent")));
  }

  @Test
  void otherErrorsHaveTheShapeToo() {
    HttpApi.Response missing = api.send("GET", "/v1/records/no-such-record", null);
    assertEquals(400, missing.status(), missing.body().toString());
    assertEquals("invalid_argument", missing.body().get("code"));
    HttpApi.Response route = api.send("GET", "/v1/nowhere", null);
    assertEquals(404, route.status());
    assertEquals(
        Map.of("error", "no route GET /v1/nowhere", "code", "not_found"),
        Map.of("error", route.body().get("error"), "code", route.body().get("code")));
    assertNull(route.body().get("argument"));
    assertEquals(3, route.body().size());
  }

  @Test
  void aCallOfNoToolIsInvalidParamsWithTheShapeAsData() throws Exception {
    record Case(String params, String argument) {}
    for (Case c :
        List.of(
            new Case("{\"name\":\"memory_nothing\",\"arguments\":{}}", "name"),
            new Case("{\"arguments\":{}}", "name"),
            new Case("{\"name\":7}", "name"),
            new Case("{\"name\":\"memory_search\",\"arguments\":\"query=x\"}", "arguments"),
            new Case("[1]", "params"))) {
      HttpApi.Response answer = call(5, c.params());
      assertEquals(200, answer.status(), c.params());
      assertEquals(5, answer.body().get("id"));
      Map<String, Object> error = map(answer.body().get("error"));
      assertEquals(JsonRpcEnvelope.INVALID_PARAMS, error.get("code"), c.params());
      Map<String, Object> data = map(error.get("data"));
      assertEquals(List.of("error", "code", "argument"), List.copyOf(data.keySet()));
      assertEquals("invalid_params", data.get("code"));
      assertEquals(c.argument(), data.get("argument"), c.params());
      assertEquals(error.get("message"), data.get("error"));
      String text = JSON.writeValueAsString(answer.body());
      assertFalse(text.contains("Exception") || text.contains("\tat "), text);
    }
    HttpApi.Response parse = api.send("POST", "/mcp", "hello", MCP);
    Map<String, Object> data = map(map(parse.body().get("error")).get("data"));
    assertEquals("parse_error", data.get("code"));
  }
}
