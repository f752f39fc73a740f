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
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
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

/** {@code recall4j serve} as a real process: refused binds, and SIGTERM commits and exits. */
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
                "none",
                "--http",
                "127.0.0.1:0")
            .directory(dir.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
      String line = out.readLine();
      Matcher port = Pattern.compile("http://127\\.0\\.0\\.1:(\\d+)").matcher(String.valueOf(line));
      assertTrue(port.find(), "no address in: " + line);
      HttpResponse<String> saved =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create("http://127.0.0.1:" + port.group(1) + "/v1/records"))
                      .POST(
                          HttpRequest.BodyPublishers.ofString(
                              "{\"id\":\"kept-1\",\"content\":\"Acknowledged before SIGTERM.\"}"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertEquals(200, saved.statusCode(), saved.body());

      server.destroy(); // SIGTERM
      assertTrue(server.waitFor(60, TimeUnit.SECONDS), "the server did not exit on SIGTERM");
    } finally {
      server.destroyForcibly();
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
}
