package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code add}, {@code list} and {@code search} as a user runs them, on a real lexical index. */
class RecordCommandsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  record Run(int exit, String out, String err) {}

  Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--index", dir.resolve("index").toString(), "--embedder", "none"));
    int exit =
        Main.run(
            all.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  Run ok(String... args) {
    Run r = run(args);
    assertEquals(0, r.exit(), () -> String.join(" ", args) + ": " + r.err());
    assertEquals("", r.err());
    return r;
  }

  /**
   * Issue 32, item 1, on the command line: {@code search} is relevance order, pinned records ranked
   * like any other; {@code recall} injects them first. Fixed records, fixed orders (lexical).
   */
  @Test
  void searchIsRelevanceOrderAndRecallPutsPinnedRecordsFirst() throws Exception {
    ok(
        "add",
        "--id",
        "pin-bus",
        "--pin",
        "--kind",
        "project_fact",
        "--content",
        "Kafka is the team's message bus.");
    ok(
        "add",
        "--id",
        "pin-contracts",
        "--pin",
        "--kind",
        "user_preference",
        "--content",
        "The user prefers consumer-driven contract tests over end-to-end suites.");
    ok(
        "add",
        "--id",
        "log-fix",
        "--kind",
        "tool_use",
        "--content",
        "Kafka consumer lag on the orders topic: fixed by raising max.poll.records; the consumer"
            + " lag fell from 40k to 200.");
    List<String> found = new ArrayList<>();
    JSON.readTree(ok("search", "--query", "kafka consumer lag", "--format", "json").out())
        .get("items")
        .forEach(i -> found.add(i.get("id").asText()));
    assertEquals(List.of("log-fix", "pin-bus", "pin-contracts"), found);
    List<String> injected = new ArrayList<>();
    JSON.readTree(ok("recall", "--query", "kafka consumer lag", "--format", "json").out())
        .get("items")
        .forEach(i -> injected.add(i.get("id").asText()));
    assertEquals(List.of("pin-bus", "pin-contracts", "log-fix"), injected);
  }

  @Test
  void aSessionsRecordsAreSearchedOnlyInItUntilSessionEndArchivesThem() {
    String local =
        ok("add", "--session", "s1", "--content", "Just tried approach X; it failed.")
            .out()
            .strip();
    String shared = ok("add", "--content", "Approach Z is the house style.").out().strip();
    String none = ok("search", "--query", "approach", "--format", "json").out();
    assertTrue(none.contains(shared) && !none.contains(local), none);
    assertTrue(
        ok("search", "--query", "approach", "--session", "s1", "--format", "json")
            .out()
            .contains(local));
    assertTrue(
        ok("search", "--query", "approach", "--include-sessions", "--format", "json")
            .out()
            .contains(local));
    assertEquals("ended session s1: 1 records archived", ok("session", "end", "s1").out().strip());
    assertFalse(
        ok("search", "--query", "approach", "--session", "s1", "--format", "json")
            .out()
            .contains(local));
    assertEquals("ended session s1: 0 records archived", ok("session", "end", "s1").out().strip());
  }

  @Test
  void addPrintsTheIdAndTheIdOfTheRecordItDuplicates() throws Exception {
    String id =
        ok("add", "--content", "Prefers tabs in Go code.", "--kind", "user_preference")
            .out()
            .strip();
    assertTrue(id.matches("memory-[0-9a-f]{16}"), id);
    assertEquals(
        id + " (duplicate)",
        ok("add", "--content", "Prefers tabs in Go code.", "--kind", "user_preference")
            .out()
            .strip());
    JsonNode again =
        JSON.readTree(ok("add", "--content", "Prefers tabs in Go code.", "--format", "json").out());
    assertEquals(1, again.get("schema").asInt());
    assertEquals(id, again.get("id").asText());
    assertEquals(id, again.get("duplicate_of").asText());
    JsonNode other =
        JSON.readTree(
            ok("add", "--content", "Prefers tabs in Go code.", "--project", "p", "--format", "json")
                .out());
    assertTrue(other.get("duplicate_of").isNull(), "another scope is another record: " + other);
    assertEquals("given-1", ok("add", "--id", "given-1", "--content", "x y z").out().strip());
    assertEquals(
        "given-1 (duplicate)", ok("add", "--id", "given-1", "--content", "x y z").out().strip());
  }

  @Test
  void addReadsStandardInputAndKeepsEveryFlag() throws Exception {
    InputStream stdin = System.in;
    String id;
    try {
      System.setIn(
          new ByteArrayInputStream(
              "The deploy script lives in ops/deploy.sh.\n".getBytes(StandardCharsets.UTF_8)));
      id =
          ok(
                  "add",
                  "--silo",
                  "kb",
                  "--kind",
                  "project_fact",
                  "--title",
                  "Deploy",
                  "--tag",
                  "ops",
                  "--tag",
                  "deploy",
                  "--pin",
                  "--source",
                  "user",
                  "--project",
                  "tide",
                  "--session",
                  "s1",
                  "--id",
                  "kb-deploy")
              .out()
              .strip();
    } finally {
      System.setIn(stdin);
    }
    assertEquals("kb-deploy", id);
    JsonNode shown = JSON.readTree(ok("show", id).out());
    assertEquals("kb", shown.get("silo").asText());
    assertEquals("project_fact", shown.get("kind").asText());
    assertEquals("pinned", shown.get("tier").asText());
    assertEquals("Deploy", shown.get("title").asText());
    assertEquals("tide", shown.get("project").asText());
    assertEquals("s1", shown.get("session").asText());
    assertEquals("user", shown.get("source").asText());
    assertEquals("[\"ops\",\"deploy\"]", shown.get("tags").toString());
    assertEquals("The deploy script lives in ops/deploy.sh.", shown.get("content").asText());
  }

  @Test
  void badInputIsOneLineNamingTheFlagAndStoresNothing() {
    InputStream stdin = System.in;
    try {
      System.setIn(new ByteArrayInputStream(new byte[0]));
      Run empty = run("add");
      assertEquals(1, empty.exit());
      assertTrue(empty.err().startsWith("recall4j: --content:"), empty.err());
    } finally {
      System.setIn(stdin);
    }
    Run kind = run("add", "--content", "x", "--kind", "Not A Kind");
    assertEquals(1, kind.exit());
    assertTrue(kind.err().startsWith("recall4j: --kind"), kind.err());
    Run since = run("list", "--since", "last tuesday");
    assertEquals(1, since.exit());
    assertTrue(since.err().startsWith("recall4j: --since:"), since.err());
    Run format = run("list", "--format", "xml");
    assertTrue(format.err().startsWith("recall4j: --format:"), format.err());
    Run listed = run("list");
    assertTrue(listed.err().startsWith("recall4j: no index at "), "nothing was stored: " + listed);
    ok("add", "--content", "now an index exists");
    Run cursor = run("list", "--after", "%%%");
    assertEquals(1, cursor.exit());
    assertTrue(cursor.err().startsWith("recall4j: cursor:"), cursor.err());
  }

  @Test
  void listPagesWithTheFiltersAndACursor() throws Exception {
    for (int i = 0; i < 5; i++) {
      ok(
          "add",
          "--id",
          "n" + i,
          "--content",
          "note number " + i,
          "--tag",
          i % 2 == 0 ? "even" : "odd");
    }
    ok("add", "--id", "p1", "--content", "project note", "--project", "tide", "--tag", "even");
    ok(
        "add",
        "--id",
        "z1",
        "--content",
        "zulu kb fact",
        "--silo",
        "kb",
        "--tag",
        "even",
        "--tag",
        "kb");

    Run first = ok("list", "--limit", "2");
    assertEquals(List.of("n0", "n1"), ids(first.out()));
    String cursor =
        first.out().lines().filter(l -> l.startsWith("next: ")).findFirst().orElseThrow();
    Run second = ok("list", "--limit", "2", "--after", cursor.substring("next: ".length()));
    assertEquals(List.of("n2", "n3"), ids(second.out()));

    JsonNode all = JSON.readTree(ok("list", "--format", "json", "--limit", "100").out());
    assertEquals(1, all.get("schema").asInt());
    assertTrue(all.get("next").isNull());
    assertEquals(
        List.of("n0", "n1", "n2", "n3", "n4", "z1"),
        ids(all.get("items")),
        "no project: p1 stays out");
    assertEquals(
        List.of("n0", "n1", "n2", "n3", "n4", "p1", "z1"),
        ids(JSON.readTree(ok("list", "--format", "json", "--all-projects").out()).get("items")));
    assertEquals(
        List.of("n0", "n2", "n4", "p1", "z1"),
        ids(
            JSON.readTree(
                    ok("list", "--format", "json", "--project", "tide", "--tag", "even").out())
                .get("items")));
    assertEquals(
        List.of("z1"),
        ids(
            JSON.readTree(ok("list", "--format", "json", "--tag", "even", "--tag", "kb").out())
                .get("items")),
        "every tag must match");
    assertEquals(
        List.of("z1"),
        ids(JSON.readTree(ok("list", "--format", "json", "--silo", "kb").out()).get("items")));
    assertEquals(
        List.of(),
        ids(
            JSON.readTree(ok("list", "--format", "json", "--until", "2000-01-01").out())
                .get("items")));
    assertEquals(
        6,
        JSON.readTree(ok("list", "--format", "json", "--since", "1h").out()).get("items").size());

    List<String> lines = ok("list", "--format", "jsonl", "--limit", "3").out().lines().toList();
    assertEquals(4, lines.size());
    assertEquals("n0", JSON.readTree(lines.get(0)).get("id").asText());
    JsonNode next = JSON.readTree(lines.get(3));
    assertEquals(List.of("schema", "next"), fields(next));
    assertEquals(
        "n3",
        JSON.readTree(
                ok("list", "--format", "jsonl", "--after", next.get("next").asText())
                    .out()
                    .lines()
                    .findFirst()
                    .orElseThrow())
            .get("id")
            .asText());
  }

  @Test
  void searchRanksRecordsWithTheFiltersAndRecallTakesThemToo() throws Exception {
    ok("add", "--id", "a", "--content", "gradle build cache settings", "--tag", "build");
    ok("add", "--id", "b", "--content", "maven build plugins", "--tag", "build", "--tag", "maven");
    ok("add", "--id", "c", "--content", "build server in project tide", "--project", "tide");
    ok("add", "--id", "d", "--content", "the build identity", "--pin");

    JsonNode found = JSON.readTree(ok("search", "--query", "build", "--format", "json").out());
    assertEquals(1, found.get("schema").asInt());
    assertEquals("lexical", found.get("retrieval").get("mode").asText());
    assertEquals("no_embedder", found.get("retrieval").get("reason").asText());
    assertEquals(
        List.of("a", "b", "d"), sorted(ids(found.get("items"))), "pinned records are searched");
    JsonNode first = found.get("items").get(0);
    assertEquals(
        List.of(
            "id",
            "silo",
            "kind",
            "tier",
            "project",
            "title",
            "content",
            "origin",
            "tags",
            "created",
            "score",
            "source_context"),
        fields(first));
    assertEquals(
        List.of("b"),
        ids(
            JSON.readTree(
                    ok(
                            "search",
                            "--query",
                            "build",
                            "--tag",
                            "maven",
                            "--tag",
                            "build",
                            "--format",
                            "json")
                        .out())
                .get("items")));
    assertEquals(
        List.of("a", "b", "c", "d"),
        sorted(
            ids(
                JSON.readTree(
                        ok("search", "--query", "build", "--project", "tide", "--format", "json")
                            .out())
                    .get("items"))));
    assertEquals(
        1,
        JSON.readTree(ok("search", "--query", "build", "--limit", "1", "--format", "json").out())
            .get("items")
            .size());
    JsonNode explained =
        JSON.readTree(ok("search", "--query", "build", "--format", "json", "--explain").out());
    assertTrue(explained.get("items").get(0).has("explain"), explained.toString());
    assertEquals(
        sorted(ids(found.get("items"))),
        sorted(
            ids(
                JSON.readTree(ok("search", "--query", "build", "--links", "--format", "json").out())
                    .get("items"))),
        "these records link nowhere: --links changes nothing");
    ok("search", "--query", "build", "--no-links");
    Run text = ok("search", "--query", "gradle");
    assertTrue(text.out().startsWith("1. a  memory/project_fact"), text.out());

    JsonNode recalled =
        JSON.readTree(
            ok(
                    "recall",
                    "--query",
                    "build",
                    "--tag",
                    "maven",
                    "--format",
                    "json",
                    "--budget",
                    "500")
                .out());
    assertEquals(
        List.of("d", "b"), ids(recalled.get("items")), "the pinned record, then the tagged one");
    Run blank = run("search", "--query", " ");
    assertTrue(blank.err().startsWith("recall4j: query:"), blank.err());
  }

  private static List<String> ids(String text) {
    return text.lines().filter(l -> !l.startsWith("next: ")).map(l -> l.split(" ")[0]).toList();
  }

  private static List<String> ids(JsonNode items) {
    List<String> ids = new ArrayList<>();
    items.forEach(i -> ids.add(i.get("id").asText()));
    return ids;
  }

  private static List<String> fields(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static List<String> sorted(List<String> values) {
    return values.stream().sorted().toList();
  }
}
