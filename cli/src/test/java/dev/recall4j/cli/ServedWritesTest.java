package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Scope;
import dev.recall4j.engine.EmbedderProvider;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.server.ServeFile;
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
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One writer, many callers (issue 19 item 4): while {@code serve} holds an index, the CLI's writing
 * commands send their writes through it (found by its note in the index directory), reading
 * commands read directly, and every write the server acknowledged survives kill -9.
 */
class ServedWritesTest {
  @TempDir Path dir;

  private Process serve(Path index, String... transport) throws Exception {
    return serve(index, ProcessBuilder.Redirect.DISCARD, transport);
  }

  private Process serve(Path index, ProcessBuilder.Redirect stderr, String... transport)
      throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules=jdk.incubator.vector",
                "--enable-native-access=ALL-UNNAMED",
                "-Xmx512m",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "serve",
                "--index",
                index.toString(),
                "--embedder",
                "none"));
    command.addAll(List.of(transport));
    return new ProcessBuilder(command).directory(dir.toFile()).redirectError(stderr).start();
  }

  /** The port a {@code serve --http} child prints on its first line. */
  private static int port(Process server) throws Exception {
    String line =
        new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))
            .readLine();
    Matcher port = Pattern.compile("http://127\\.0\\.0\\.1:(\\d+)").matcher(String.valueOf(line));
    assertTrue(port.find(), "no address in: " + line);
    return Integer.parseInt(port.group(1));
  }

  /** Runs a command in this JVM: {@code --wait 0}, so opening the index itself would fail. */
  private static String[] cli(Path index, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--index", index.toString(), "--embedder", "none", "--wait", "0"));
    return all.toArray(String[]::new);
  }

  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  /** A JSON POST to a server on loopback (ServeCommandTest's too). */
  static HttpResponse<String> post(int port, String path, String body) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }

  private EngineConfig config(Path index) {
    return EngineConfig.builder(dir)
        .indexDir(index)
        .embedderProvider(EmbedderProvider.NONE)
        .build();
  }

  @Test
  void writingCommandsGoThroughARunningHttpServerAndReadersReadDirectly() throws Exception {
    Path index = dir.resolve("index");
    Process server = serve(index, "--http", "127.0.0.1:0");
    try {
      int port = port(server);
      Path note = index.resolve(ServeFile.NAME);
      assertTrue(Files.isRegularFile(note));
      assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(note)));

      Run added =
          run(cli(index, "add", "--id", "via-cli", "--content", "Tide tables live in ops."));
      assertEquals(0, added.exit(), added.err());
      assertEquals("via-cli", added.out().strip());
      HttpResponse<String> found = post(port, "/v1/search", "{\"query\":\"tide tables\"}");
      assertTrue(found.body().contains("\"via-cli\""), found.body());

      Path jsonl =
          Files.writeString(
              dir.resolve("more.jsonl"),
              "{\"silo\":\"memory\",\"content\":\"Reef survey on Mondays.\"}\n");
      Run ingested = run(cli(index, "ingest", jsonl.toString()));
      assertEquals(0, ingested.exit(), ingested.err());
      assertTrue(post(port, "/v1/search", "{\"query\":\"reef survey\"}").body().contains("Reef"));

      Run superseded =
          run(
              cli(
                  index,
                  "supersede",
                  "via-cli",
                  "--content",
                  "Tide tables moved to docs.",
                  "--id",
                  "v2"));
      assertEquals(0, superseded.exit(), superseded.err());
      Run pinned = run(cli(index, "pin", "v2"));
      assertEquals(0, pinned.exit(), pinned.err());
      assertTrue(pinned.out().contains("tier pinned"), pinned.out());

      Run local =
          run(cli(index, "add", "--session", "s9", "--content", "Scratch: tried the reef cache."));
      assertEquals(0, local.exit(), local.err());
      Run ended = run(cli(index, "session", "end", "s9"));
      assertEquals(0, ended.exit(), ended.err());
      assertEquals("ended session s9: 1 records archived", ended.out().strip());

      // The engine's refusal arrives as the same one-line error, nothing changed.
      Run unknown = run(cli(index, "forget", "no-such-id"));
      assertEquals(1, unknown.exit());
      assertTrue(unknown.err().contains("no-such-id"), unknown.err());
      assertFalse(unknown.err().contains("\tat "), unknown.err());

      // Readers open the index read-only beside the server.
      Run shown = run(cli(index, "show", "v2"));
      assertEquals(0, shown.exit(), shown.err());
      assertTrue(shown.out().contains("Tide tables moved to docs."), shown.out());
      Run listed = run(cli(index, "list"));
      assertEquals(0, listed.exit(), listed.err());
      assertTrue(listed.out().contains("Reef survey"), listed.out());

      server.destroy(); // SIGTERM: the note goes with the server
      assertTrue(server.waitFor(60, TimeUnit.SECONDS));
      assertFalse(Files.exists(note));
    } finally {
      server.destroyForcibly();
    }
  }

  @Test
  void aStdioServerTakesTheWritesToo() throws Exception {
    Path index = dir.resolve("index");
    Path stderr = dir.resolve("serve.err");
    Process server = serve(index, ProcessBuilder.Redirect.to(stderr.toFile()), "--stdio");
    try {
      Path note = index.resolve(ServeFile.NAME);
      for (int i = 0; i < 600 && !Files.exists(note); i++) {
        Thread.sleep(100);
      }
      // Ready is said on stderr (stdout is the protocol's), once the server listens.
      for (int i = 0; i < 600 && !Files.readString(stderr).contains("over stdio"); i++) {
        Thread.sleep(100);
      }
      assertTrue(
          Files.readString(stderr).contains("recall4j serve: serving " + index + " over stdio"),
          Files.readString(stderr));
      Run added = run(cli(index, "add", "--id", "from-cli", "--content", "Served over stdio."));
      assertEquals(0, added.exit(), added.err());
      server.getOutputStream().close(); // the client went away: the server commits and exits
      assertTrue(server.waitFor(60, TimeUnit.SECONDS));
    } finally {
      server.destroyForcibly();
    }
    try (RecallEngine engine = RecallEngine.openReadOnly(config(index), null, Clock.systemUTC())) {
      assertTrue(engine.get(Scope.of(Scope.DEFAULT_NAMESPACE), "from-cli").isPresent());
    }
  }

  @Test
  void everyAcknowledgedAppendSurvivesKillMinus9() throws Exception {
    Path index = dir.resolve("index");
    Process server = serve(index, "--http", "127.0.0.1:0");
    Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    try {
      int port = port(server);
      List<Thread> clients = new ArrayList<>();
      for (int c = 0; c < 4; c++) {
        int client = c;
        clients.add(
            Thread.ofVirtual()
                .start(
                    () -> {
                      for (int i = 0; ; i++) {
                        String id = "c" + client + "-" + i;
                        try {
                          HttpResponse<String> saved =
                              post(
                                  port,
                                  "/v1/records",
                                  "{\"id\":\"" + id + "\",\"content\":\"note " + id + "\"}");
                          if (saved.statusCode() == 200) {
                            acknowledged.add(id);
                          }
                        } catch (Exception e) {
                          return; // the server is gone
                        }
                      }
                    }));
      }
      while (acknowledged.size() < 60) {
        Thread.sleep(20);
      }
      server.destroyForcibly(); // SIGKILL while appends are under way
      assertTrue(server.waitFor(60, TimeUnit.SECONDS));
      for (Thread client : clients) {
        client.join(60_000);
      }
    } finally {
      server.destroyForcibly();
    }
    assertTrue(acknowledged.size() >= 60);

    Run verified = run("verify", "--index", index.toString());
    assertEquals(0, verified.exit(), verified.out() + verified.err());
    // The dead server's note is ignored: this writer opens the index itself.
    assertTrue(Files.exists(index.resolve(ServeFile.NAME)));
    Run added = run(cli(index, "add", "--id", "after-kill", "--content", "Written directly."));
    assertEquals(0, added.exit(), added.err());
    try (RecallEngine engine = RecallEngine.openReadOnly(config(index), null, Clock.systemUTC())) {
      Scope scope = Scope.of(Scope.DEFAULT_NAMESPACE);
      for (String id : acknowledged) {
        assertTrue(engine.get(scope, id).isPresent(), "acknowledged but lost: " + id);
      }
      assertTrue(engine.get(scope, "after-kill").isPresent());
    }
  }
}
