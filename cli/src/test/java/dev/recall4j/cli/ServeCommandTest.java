package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Scope;
import dev.recall4j.engine.EmbedderProvider;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code recall4j serve} as a real process: refused binds, SIGTERM commits and exits, and the model
 * is warm when it reports ready.
 */
class ServeCommandTest {
  @TempDir Path dir;

  @Test
  void aNonLoopbackAddressWithoutTokensIsRefusedBeforeTheIndexIsTouched() {
    Path index = dir.resolve("index");
    StringWriter err = new StringWriter();
    int exit =
        Main.run(
            new String[] {
              "serve", "--index", index.toString(), "--embedder", "none", "--http", "0.0.0.0:7077"
            },
            new PrintWriter(new StringWriter(), true),
            new PrintWriter(err, true));
    assertEquals(1, exit);
    assertTrue(err.toString().contains("non-loopback"), err.toString());
    assertFalse(Files.exists(index));
  }

  @Test
  void theServerSectionOfTheConfigurationIsReadStrictlyBeforeTheIndexIsTouched() throws Exception {
    Path index = dir.resolve("index");
    Path config = Files.writeString(dir.resolve("recall4j.yaml"), "server:\n  colour: red\n");
    String[] serve = {
      "serve",
      "--config",
      config.toString(),
      "--index",
      index.toString(),
      "--embedder",
      "none",
      "--http"
    };
    StringWriter err = new StringWriter();
    assertEquals(
        1, Main.run(serve, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true)));
    assertTrue(err.toString().contains("server.colour: unknown setting"), err.toString());

    // --http without an address serves server.bind, refused here as non-loopback without tokens.
    Files.writeString(config, "server:\n  bind: 0.0.0.0:7077\n");
    err = new StringWriter();
    assertEquals(
        1, Main.run(serve, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true)));
    assertTrue(err.toString().contains("0.0.0.0: refusing"), err.toString());
    assertFalse(Files.exists(index));
  }

  @Test
  void sigtermCommitsWhatWasAcknowledgedAndReleasesTheIndex() throws Exception {
    Path index = dir.resolve("index");
    Served server = serve(index, "none");
    try {
      HttpResponse<String> saved =
          server.post(
              "/v1/records", "{\"id\":\"kept-1\",\"content\":\"Acknowledged before SIGTERM.\"}");
      assertEquals(200, saved.statusCode(), saved.body());

      server.process().destroy(); // SIGTERM
      assertTrue(
          server.process().waitFor(60, TimeUnit.SECONDS), "the server did not exit on SIGTERM");
    } finally {
      server.process().destroyForcibly();
    }
    EngineConfig config =
        EngineConfig.builder(dir).indexDir(index).embedderProvider(EmbedderProvider.NONE).build();
    try (RecallEngine engine = RecallEngine.open(config, null, Clock.systemUTC())) {
      assertEquals(
          List.of("kept-1"),
          engine.get(Scope.of(Scope.DEFAULT_NAMESPACE), "kept-1").stream()
              .map(r -> r.id())
              .toList());
    }
  }

  @Test
  void theModelIsLoadedAndWarmWhenServeReportsReady() throws Exception {
    // No time for the model at all: the vector path answers only with a vector already cached,
    // which the warm-up query is when the model ran before the server said it was ready.
    Files.writeString(dir.resolve("recall4j.yaml"), "recall:\n  deadline_ms: 0\n");
    Served server = serve(dir.resolve("index"), "onnx");
    try {
      HttpResponse<String> recall =
          server.post("/v1/recall", "{\"query\":\"" + ServeCommand.WARM_UP_QUERY + "\"}");
      assertEquals(200, recall.statusCode(), recall.body());
      assertTrue(recall.body().contains("\"mode\":\"hybrid\""), recall.body());
    } finally {
      server.process().destroyForcibly();
    }
  }

  @Test
  void theJsonApiWritesAWritableLogFirstThenTheIndex() throws Exception {
    Files.writeString(
        dir.resolve("recall4j.yaml"),
        "sources:\n  - {name: harness, type: daily-log, path: workspace, writable: true}\n");
    Path index = dir.resolve("index");
    Served served = serve(index, "none");
    Path log =
        dir.resolve(
            "workspace/memory/" + java.time.LocalDate.now(java.time.ZoneOffset.UTC) + ".md");
    try {
      HttpResponse<String> saved =
          served.post("/v1/records", "{\"content\": \"The gauge at Brest reports hourly.\"}");
      assertEquals(200, saved.statusCode(), saved.body());
      assertTrue(
          Files.readString(log).endsWith("- The gauge at Brest reports hourly.\n"),
          Files.readString(log));
      String id =
          new com.fasterxml.jackson.databind.ObjectMapper()
              .readTree(saved.body())
              .get("id")
              .asText();
      // memory_forget over MCP: a synced record's id holds '/', which /v1/records/{id} cannot carry
      HttpResponse<String> forgotten =
          java.net.http.HttpClient.newHttpClient()
              .send(
                  java.net.http.HttpRequest.newBuilder(
                          java.net.URI.create("http://127.0.0.1:" + served.port() + "/mcp"))
                      .header("Content-Type", "application/json")
                      .header("Accept", "application/json, text/event-stream")
                      .POST(
                          java.net.http.HttpRequest.BodyPublishers.ofString(
                              "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\","
                                  + "\"params\":{\"name\":\"memory_forget\",\"arguments\":"
                                  + "{\"id\":\""
                                  + id
                                  + "\"}}}"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertEquals(200, forgotten.statusCode(), forgotten.body());
      assertTrue(forgotten.body().contains("\"isError\":false"), forgotten.body());
      assertTrue(
          Files.readString(log).endsWith("- ~~The gauge at Brest reports hourly.~~\n"),
          Files.readString(log));
    } finally {
      served.process().destroy();
      assertTrue(served.process().waitFor(60, TimeUnit.SECONDS));
    }
    StringWriter out = new StringWriter();
    int exit =
        Main.run(
            new String[] {
              "sync",
              "--config",
              dir.resolve("recall4j.yaml").toString(),
              "--index",
              index.toString(),
              "--embedder",
              "none"
            },
            new PrintWriter(out, true),
            new PrintWriter(new StringWriter(), true));
    assertEquals(0, exit);
    assertTrue(out.toString().contains("0 added, 0 updated, 0 deleted"), out.toString());
  }

  /** A serve process over HTTP on a free loopback port, which its first line names. */
  private record Served(Process process, int port) {
    HttpResponse<String> post(String path, String body) throws Exception {
      return ServedWritesTest.post(port, path, body);
    }
  }

  private Served serve(Path index, String embedder) throws Exception {
    Process server =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules=jdk.incubator.vector",
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "serve",
                "--index",
                index.toString(),
                "--embedder",
                embedder,
                "--http",
                "127.0.0.1:0")
            .directory(dir.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    String line =
        new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))
            .readLine();
    Matcher port = Pattern.compile("http://127\\.0\\.0\\.1:(\\d+)").matcher(String.valueOf(line));
    if (!port.find()) {
      server.destroyForcibly();
      throw new AssertionError("no address in: " + line);
    }
    return new Served(server, Integer.parseInt(port.group(1)));
  }
}
