package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.recall4j.cli.AgentStore.Question;
import dev.recall4j.cli.DocSnippets.Snippet;
import dev.recall4j.cli.ReliabilityCommandsTest.Run;
import dev.recall4j.server.ServerConfigFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * Runs a documented snippet against the agent stores its marker names, in a fresh workspace, as a
 * user would: a YAML configuration is written where the agent keeps it ({@code harvey.yaml} for an
 * agent's {@code memory:} section, else {@code recall4j.yaml}; a snippet of engine settings alone
 * joins the store's own {@code sources:} from docs/SOURCES.md), synced, and asked the stores'
 * questions; a second sync must find nothing to do; a writable source takes an {@code add} into its
 * files. JSON records are ingested; a client's JSON configuration must name a valid command line.
 */
final class DocumentedConfigs {
  private static final YAMLMapper YAML = new YAMLMapper();
  private static final ObjectMapper JSON = new ObjectMapper();

  private DocumentedConfigs() {}

  /**
   * One dynamic test per snippet that names {@code store}, each in its own folder of {@code dir}.
   */
  static Stream<DynamicTest> tests(AgentStore store, Path dir) throws IOException {
    List<Snippet> snippets = DocSnippets.of(store);
    assertFalse(snippets.isEmpty(), "no documented snippet names " + store.fixture());
    List<DynamicTest> out = new ArrayList<>();
    for (int i = 0; i < snippets.size(); i++) {
      Snippet s = snippets.get(i);
      Path workspace = dir.resolve("snippet-" + i);
      out.add(DynamicTest.dynamicTest(s.where(), () -> run(s, workspace)));
    }
    return out.stream();
  }

  static void run(Snippet s, Path ws) throws IOException {
    Files.createDirectories(ws);
    for (String fixture : s.fixtures()) {
      AgentStore.named(fixture).lay(ws);
    }
    if (s.isYaml()) {
      yaml(s, ws);
    } else if (s.text().strip().startsWith("{\"mcpServers\"")) {
      clientConfig(s);
    } else {
      records(s, ws);
    }
  }

  private static void yaml(Snippet s, Path ws) throws IOException {
    JsonNode top = YAML.readTree(s.text());
    assertTrue(top != null && top.isObject(), s.where() + ": not a YAML mapping");
    String text = s.text();
    if (!top.has("sources") && !top.has("memory")) {
      text += "\n" + DocSnippets.sources(s.fixtures().get(0)).text();
    }
    Path config = ws.resolve(top.has("memory") ? "harvey.yaml" : "recall4j.yaml");
    Files.writeString(config, text);
    if (top.has("server")) {
      Map<String, String> env = new HashMap<>();
      top.path("server")
          .path("tokens")
          .forEach(t -> env.put(t.path("env").asText(), "t0ken-of-24-characters!!"));
      ServerConfigFile.read(config, env);
    }
    String where = s.where() + " (" + config.getFileName() + "): ";
    Run sync = cli(config, "sync");
    assertEquals(0, sync.exit(), where + sync.out() + sync.err());
    Run again = cli(config, "sync");
    assertEquals(0, again.exit(), where + again.err());
    again
        .out()
        .lines()
        .forEach(
            l ->
                assertTrue(
                    l.contains(" 0 added, 0 updated, 0 deleted"),
                    where + "the second sync wrote: " + l));
    Run status = cli(config, "status");
    assertEquals(0, status.exit(), where + status.err());
    assertFalse(status.out().contains("error:"), where + status.out());
    for (String fixture : s.fixtures()) {
      for (Question q : AgentStore.named(fixture).questions()) {
        if (text.contains(q.store())) {
          ask(config, q, where);
        }
      }
    }
    if (top.findValues("writable").stream().anyMatch(JsonNode::asBoolean)) {
      writeBack(config, ws, where);
    }
  }

  /** Asks one question through {@code recall}. */
  static void ask(Path config, Question q, String where) {
    List<String> args = new ArrayList<>(List.of("--budget", "1000", "--query", q.query()));
    args.addAll(q.options());
    Run recall = cli(config, "recall", args.toArray(String[]::new));
    assertEquals(0, recall.exit(), where + recall.err());
    assertTrue(
        recall.out().contains(q.expected()),
        where + "\"" + q.query() + "\" should find \"" + q.expected() + "\":\n" + recall.out());
    for (String retired : q.absent()) {
      assertFalse(
          recall.out().contains(retired),
          where + "\"" + q.query() + "\" must not show \"" + retired + "\":\n" + recall.out());
    }
  }

  /**
   * {@code add}, {@code supersede} and {@code forget} land in the writable source's files, then the
   * index: a sync after each has nothing to do, and recall answers from what the files now say.
   */
  private static void writeBack(Path config, Path ws, String where) throws IOException {
    String fact = "Zqxpager rotation happens on Fridays at noon.";
    Run add = cli(config, "add", "--kind", "project_fact", "--content", fact);
    assertEquals(0, add.exit(), where + add.err());
    String id = add.out().strip();
    assertTrue(
        anyFileHolds(ws, fact), where + "the added fact is in a file of the writable source");
    assertNothingToSync(config, where);
    ask(config, new Question("when does the zqxpager rotate", "Fridays at noon"), where);

    String correction = "Zqxpager rotation moved to Mondays at nine.";
    Run supersede = cli(config, "supersede", id, "--content", correction);
    assertEquals(0, supersede.exit(), where + supersede.err());
    assertTrue(anyFileHolds(ws, correction), where + "the replacement is in a file");
    assertNothingToSync(config, where);
    ask(config, new Question("when does the zqxpager rotate", "Mondays at nine", "Fridays"), where);

    String newer = supersede.out().strip().replaceAll("^superseded .* by ", "");
    Run forget = cli(config, "forget", newer);
    assertEquals(0, forget.exit(), where + forget.err());
    assertNothingToSync(config, where);
    Run recall = cli(config, "recall", "--query", "zqxpager rotation");
    assertFalse(recall.out().contains("Zqxpager"), where + "forgotten:\n" + recall.out());
  }

  private static void assertNothingToSync(Path config, String where) {
    Run sync = cli(config, "sync");
    assertEquals(0, sync.exit(), where + sync.err());
    sync.out()
        .lines()
        .forEach(l -> assertTrue(l.contains(" 0 added, 0 updated, 0 deleted"), where + l));
  }

  private static boolean anyFileHolds(Path ws, String text) throws IOException {
    try (Stream<Path> files = Files.walk(ws)) {
      return files.filter(p -> p.toString().endsWith(".md")).anyMatch(p -> read(p).contains(text));
    }
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Records in the README's format, one JSON object a line: ingested, each then shown. */
  private static void records(Snippet s, Path ws) throws IOException {
    Path file = Files.writeString(ws.resolve("records.jsonl"), s.text());
    Path index = ws.resolve("index");
    Run ingest =
        ReliabilityCommandsTest.run(
            "ingest", "--index", index.toString(), "--embedder", "none", file.toString());
    assertEquals(0, ingest.exit(), s.where() + ": " + ingest.err());
    for (String line : s.text().strip().split("\n")) {
      JsonNode r = JSON.readTree(line);
      Run search =
          ReliabilityCommandsTest.run(
              "search",
              "--index",
              index.toString(),
              "--embedder",
              "none",
              "--query",
              r.path("content").asText());
      assertTrue(
          search.out().contains(r.path("content").asText()), s.where() + ": " + search.out());
    }
  }

  /** A client's JSON: every server's arguments from {@code serve} on are a valid command line. */
  private static void clientConfig(Snippet s) throws IOException {
    JsonNode servers = JSON.readTree(s.text()).path("mcpServers");
    assertTrue(servers.size() > 0, s.where() + ": no mcpServers");
    for (JsonNode server : servers) {
      List<String> args = new ArrayList<>();
      server.path("args").forEach(a -> args.add(a.asText()));
      int serve = args.indexOf("serve");
      assertTrue(serve >= 0, s.where() + ": the arguments run no serve: " + args);
      List<String> command = new ArrayList<>(args.subList(serve, args.size()));
      command.add("--help");
      Run help = ReliabilityCommandsTest.run(command.toArray(String[]::new));
      assertEquals(0, help.exit(), s.where() + ": " + help.err());
    }
  }

  /** A command with the configuration, lexical only (no model to load in tests). */
  static Run cli(Path config, String command, String... rest) {
    List<String> all =
        new ArrayList<>(List.of(command, "--config", config.toString(), "--embedder", "none"));
    all.addAll(List.of(rest));
    return ReliabilityCommandsTest.run(all.toArray(String[]::new));
  }
}
