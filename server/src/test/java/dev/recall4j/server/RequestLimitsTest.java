package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33, items 6 and 8: slow request bodies do not stop the server, and malformed JSON-RPC is
 * answered as the JSON-RPC specification says, never with a stack trace.
 */
class RequestLimitsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path workspace;
  private ServedEngine served;

  @BeforeEach
  void open() throws Exception {
    served =
        ServedEngine.start(
            workspace,
            ServerSettings.defaults(),
            "tide",
            "Tide heights are shown in metres with two decimals.");
  }

  @AfterEach
  void close() throws Exception {
    served.close();
  }

  @Test
  void slowBodiesNeitherBlockOtherClientsNorPileUpThreads() throws Exception {
    HttpApi api = new HttpApi(served.port(), null);
    Map<String, Object> recall = Map.of("query", "tide heights", "budget_tokens", 200);
    assertEquals(200, api.send("POST", "/v1/recall", recall).status()); // warm
    int platformBefore = ManagementFactory.getThreadMXBean().getThreadCount();
    List<Socket> slow = new ArrayList<>();
    try {
      for (int i = 0; i < 400; i++) {
        Socket s = new Socket("127.0.0.1", served.port());
        s.getOutputStream()
            .write(
                ("POST /v1/recall HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 100000\r\n\r\n{\"query\":")
                    .getBytes(StandardCharsets.US_ASCII));
        slow.add(s);
      }
      long start = System.nanoTime();
      HttpApi.Response answer = api.send("POST", "/v1/recall", recall);
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      assertEquals(200, answer.status(), answer.toString());
      assertTrue(took.toMillis() < 5_000, "a recall beside 400 slow bodies took " + took);
      int platformDuring = ManagementFactory.getThreadMXBean().getThreadCount();
      assertTrue(
          platformDuring - platformBefore < 50,
          "platform threads " + platformBefore + " -> " + platformDuring);
    } finally {
      for (Socket s : slow) {
        s.close();
      }
    }
  }

  @Test
  void aBodyThatTricklesPastTheDeadlineIsCutOff() throws Exception {
    try (Socket s = new Socket("127.0.0.1", served.port())) {
      OutputStream out = s.getOutputStream();
      out.write(
          ("POST /v1/recall HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  + "Content-Length: 1000\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      long start = System.nanoTime();
      s.setSoTimeout(40_000);
      // One byte every half second: the whole body would take eight minutes.
      Thread writer =
          Thread.ofVirtual()
              .start(
                  () -> {
                    try {
                      for (int i = 0; i < 999; i++) {
                        out.write(' ');
                        out.flush();
                        Thread.sleep(500);
                      }
                    } catch (IOException | InterruptedException e) {
                      // the server closed the connection: expected
                    }
                  });
      ByteArrayOutputStream response = new ByteArrayOutputStream();
      s.getInputStream().transferTo(response);
      writer.interrupt();
      String text = response.toString(StandardCharsets.UTF_8);
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      assertTrue(took.toSeconds() <= RequestLimits.BODY_DEADLINE.toSeconds() + 5, took.toString());
      assertFalse(text.contains("Exception"), text);
      assertTrue(
          text.isEmpty() || text.startsWith("HTTP/1.1 408") || text.startsWith("HTTP/1.1 400"),
          text);
    }
  }

  /** A raw POST to /mcp, answered as text. */
  private String[] postMcp(String body) throws IOException, InterruptedException {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + served.port() + "/mcp"))
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    return new String[] {Integer.toString(response.statusCode()), response.body()};
  }

  @Test
  void malformedJsonRpcGetsItsSpecifiedErrorWithoutAStackTrace() throws Exception {
    record Case(String body, int code) {}
    for (Case c :
        List.of(
            new Case("hello", JsonRpcEnvelope.PARSE_ERROR),
            new Case("{\"jsonrpc\":\"2.0\",", JsonRpcEnvelope.PARSE_ERROR),
            new Case(
                "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"tools/list\"}",
                JsonRpcEnvelope.INVALID_REQUEST),
            new Case("{\"id\":1,\"method\":\"tools/list\"}", JsonRpcEnvelope.INVALID_REQUEST),
            new Case(
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}]",
                JsonRpcEnvelope.INVALID_REQUEST),
            new Case(
                "{\"jsonrpc\":\"2.0\",\"id\":{\"x\":1},\"method\":\"tools/list\"}",
                JsonRpcEnvelope.INVALID_REQUEST),
            new Case(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":7}", JsonRpcEnvelope.INVALID_REQUEST),
            new Case("42", JsonRpcEnvelope.INVALID_REQUEST))) {
      String[] answer = postMcp(c.body());
      assertEquals("400", answer[0], c.body() + " -> " + answer[1]);
      JsonNode body = JSON.readTree(answer[1]);
      assertEquals("2.0", body.path("jsonrpc").asText(), answer[1]);
      assertEquals(
          c.code(), body.path("error").path("code").asInt(), c.body() + " -> " + answer[1]);
      assertFalse(answer[1].contains("Exception"), answer[1]);
      assertTrue(answer[1].length() < 500, answer[1]);
    }
    // The id of an invalid request is echoed when it is a valid id.
    String[] echoed = postMcp("{\"jsonrpc\":\"1.0\",\"id\":7,\"method\":\"x\"}");
    assertEquals(7, JSON.readTree(echoed[1]).path("id").asInt(), echoed[1]);
    // A well-formed request still reaches the MCP server.
    String[] ping = postMcp("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}");
    assertEquals("200", ping[0], ping[1]);
  }
}
