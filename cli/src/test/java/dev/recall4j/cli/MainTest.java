package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI as a user runs it, on a real index in a temporary folder (lexical only, for speed). */
class MainTest {
  @TempDir Path dir;

  record Run(int exit, String out, String err) {}

  Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    List<String> all = new ArrayList<>(List.of(args));
    int exit =
        Main.run(
            all.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  String index() {
    return dir.resolve("index").toString();
  }

  Path records() throws IOException {
    return Files.writeString(
        dir.resolve("records.jsonl"),
        """
        {"id":"p","silo":"memory","kind":"workspace_profile","tier":"pinned","content":"Workspace tidewatch, a Java tide service."}
        {"id":"t","silo":"memory","kind":"tool_use","content":"grep -L K1 data/stations finds stations without K1."}
        {"id":"o","silo":"kb","content":"Stations without K1 come from the 1990 survey."}
        """);
  }

  @Test
  void ingestRecallShowForgetStatus() throws IOException {
    Path doc =
        Files.writeString(
            dir.resolve("guide.md"),
            "# Stations\nA station file lists constituents such as K1 and M2.\n");
    Run ingest =
        run(
            "ingest",
            "--index",
            index(),
            "--embedder",
            "none",
            records().toString(),
            doc.toString());
    assertEquals(0, ingest.exit(), ingest.err());
    assertTrue(ingest.out().startsWith("ingested 4 records from 2 files"), ingest.out());

    Run recall =
        run(
            "recall",
            "--index",
            index(),
            "--embedder",
            "none",
            "--query",
            "stations without K1",
            "--budget",
            "300");
    assertEquals(0, recall.exit(), recall.err());
    assertTrue(recall.out().startsWith("[memory context]\n[workspace profile]"), recall.out());
    assertTrue(recall.out().contains("retrieval: lexical (no embedder)"), recall.out());

    Run json =
        run(
            "recall",
            "--index",
            index(),
            "--embedder",
            "none",
            "--query",
            "K1",
            "--format",
            "json",
            "--tokenizer",
            "o200k");
    assertEquals(0, json.exit(), json.err());
    JsonNode result = new ObjectMapper().readTree(json.out());
    for (String key :
        List.of("schema", "context", "tokens", "budget", "tokenizer", "retrieval", "items")) {
      assertTrue(result.has(key), key + " in " + json.out());
    }
    assertEquals("o200k", result.get("tokenizer").asText());
    assertEquals(
        512, result.get("budget").asInt(), "512 tokens when the context length is unknown");

    Run explain =
        run("recall", "--index", index(), "--embedder", "none", "--query", "K1", "--explain");
    assertEquals(0, explain.exit(), explain.err());
    assertTrue(explain.out().contains("lex#") && explain.out().contains("files:/"), explain.out());

    Run show = run("show", "--index", index(), "--embedder", "none", "t");
    assertEquals(0, show.exit(), show.err());
    assertTrue(show.out().contains("\"id\":\"t\""), show.out());

    assertEquals(0, run("forget", "--index", index(), "--embedder", "none", "t").exit());
    Run after =
        run("recall", "--index", index(), "--embedder", "none", "--query", "grep stations K1");
    assertFalse(after.out().contains("grep -L"), after.out());

    Run status = run("status", "--index", index(), "--embedder", "none");
    assertEquals(0, status.exit(), status.err());
    assertTrue(status.out().contains("silo:       kb=1 memory=2 rag=1"), status.out());
    assertTrue(status.out().contains("status:     active=3 deleted=1"), status.out());
  }

  @Test
  void aMalformedLineIsOneErrorLineNamingTheLineAndNothingIsWritten() throws IOException {
    assertEquals(
        0, run("ingest", "--index", index(), "--embedder", "none", records().toString()).exit());
    Path bad =
        Files.writeString(
            dir.resolve("bad.jsonl"),
            """
        {"id":"new","silo":"memory","content":"fine"}
        {"id":"x","silo":"notes","content":"unknown silo"}
        """);
    Run ingest = run("ingest", "--index", index(), "--embedder", "none", bad.toString());
    assertEquals(PartialSync.EXIT, ingest.exit(), "a bad file is left out: partial");
    assertEquals(1, ingest.err().lines().count(), ingest.err());
    assertTrue(
        ingest.err().startsWith("recall4j: " + bad + ":2: silo: unknown value \"notes\""),
        ingest.err());

    Run status = run("status", "--index", index(), "--embedder", "none");
    assertTrue(
        status.out().contains("records:    3 "),
        "the earlier records survive, the new one was not written: " + status.out());
  }

  @Test
  void usageErrorsExitWithTwo() {
    Run run = run("recall", "--index", index());
    assertEquals(2, run.exit());
    assertTrue(run.err().contains("--query"), run.err());
  }

  @Test
  void lifecycleCommandsChangeWhatRecallReturns() throws IOException {
    String[] idx = {"--index", index(), "--embedder", "none"};
    assertEquals(0, run(cat(new String[] {"ingest"}, idx, records().toString())).exit());

    Run pin = run(cat(new String[] {"pin"}, idx, "t"));
    assertEquals("pinned t (status active, tier pinned)\n", pin.out(), pin.err());
    assertTrue(
        run(cat(new String[] {"recall", "--query", "tide"}, idx)).out().contains("grep -L K1"),
        "pinned: recalled whatever the query");
    assertEquals(0, run(cat(new String[] {"unpin"}, idx, "t")).exit());

    assertEquals(0, run(cat(new String[] {"archive"}, idx, "o")).exit());
    assertFalse(
        run(cat(new String[] {"recall", "--query", "1990 survey"}, idx))
            .out()
            .contains("1990 survey"));
    assertTrue(
        run(cat(new String[] {"recall", "--query", "1990 survey", "--include-archived"}, idx))
            .out()
            .contains("1990 survey"));

    Run supersede =
        run(
            cat(
                new String[] {
                  "supersede",
                  "--id",
                  "t2",
                  "--content",
                  "grep -L K1 data/stations/*.csv lists them."
                },
                idx,
                "t"));
    assertEquals("superseded t by t2\n", supersede.out(), supersede.err());
    Run history = run(cat(new String[] {"history"}, idx, "t"));
    assertEquals(
        List.of("t2", "t"),
        history.out().lines().map(l -> l.split(" ")[0]).toList(),
        history.out());
    assertTrue(history.out().lines().toList().get(1).contains("superseded"), history.out());
    Run shown = run(cat(new String[] {"show"}, idx, "t2"));
    assertTrue(
        shown.out().contains("\"source\":\"user_correction\"")
            && shown.out().contains("\"supersedes\":\"t\""),
        shown.out());

    assertEquals("purged p\n", run(cat(new String[] {"purge"}, idx, "p")).out());
    Run unknown = run(cat(new String[] {"archive"}, idx, "p"));
    assertEquals(1, unknown.exit());
    assertTrue(unknown.err().startsWith("recall4j: id: no record \"p\""), unknown.err());
    Run wrongNamespace = run(cat(new String[] {"forget", "--namespace", "bob"}, idx, "t2"));
    assertEquals(1, wrongNamespace.exit(), "another namespace's record is invisible");
    Run emptyNamespace = run(cat(new String[] {"show", "--namespace", " "}, idx, "t2"));
    assertTrue(
        emptyNamespace.err().startsWith("recall4j: namespace: must not be empty or blank"),
        emptyNamespace.err());
  }

  @Test
  void anOverLongIdentityIsIngestedAndCutWithAMarkerWhenRecalled() throws IOException {
    // Issue 32: an agent's L0 row over 1,000 characters was refused; it is stored as written and
    // the packer's identity cap cuts it.
    Path identity =
        Files.writeString(
            dir.resolve("identity.jsonl"),
            "{\"id\":\"me\",\"silo\":\"memory\",\"kind\":\"identity\",\"tier\":\"pinned\","
                + "\"content\":\""
                + "I am the agent. ".repeat(100)
                + "\"}\n");
    Run ingest = run("ingest", "--index", index(), "--embedder", "none", identity.toString());
    assertEquals(0, ingest.exit(), ingest.err());
    Run recall =
        run(
            "recall",
            "--index",
            index(),
            "--embedder",
            "none",
            "--budget",
            "4000",
            "--query",
            "agent");
    assertEquals(0, recall.exit(), recall.err());
    assertTrue(recall.out().contains("I am the agent. […]"), recall.out());
  }

  @Test
  void exportImportTeamsStatsAndBudgetAdvice() throws IOException {
    String[] idx = {"--index", index(), "--embedder", "none"};
    Path team =
        Files.writeString(
            dir.resolve("team.jsonl"),
            "{\"id\":\"conv\",\"silo\":\"kb\",\"namespace\":\"team:tide\",\"content\":\"Team convention: station ids are upper case.\"}\n");
    assertEquals(
        0, run(cat(new String[] {"ingest"}, idx, records().toString(), team.toString())).exit());
    assertFalse(
        run(cat(new String[] {"recall", "--query", "station ids convention"}, idx))
            .out()
            .contains("Team convention"));
    assertTrue(
        run(cat(
                new String[] {"recall", "--query", "station ids convention", "--team", "tide"},
                idx))
            .out()
            .contains("Team convention"));

    Path jsonl = dir.resolve("export.jsonl");
    Run export =
        run(cat(new String[] {"export", "--format", "jsonl", "--out", jsonl.toString()}, idx));
    assertEquals(0, export.exit(), export.err());
    assertEquals(3, Files.readAllLines(jsonl).size(), "the namespace only, not the team");
    // Written to a file, the count is the command's result: on stdout, nothing on stderr.
    assertEquals("", export.err());
    assertTrue(export.out().startsWith("exported 3 records of namespace"), export.out());
    Path md = dir.resolve("md");
    assertEquals(
        0,
        run(cat(
                new String[] {
                  "export", "--format", "markdown", "--out", md.toString(), "--team", "tide"
                },
                idx))
            .exit());
    assertEquals(
        List.of("conv.md", "o.md", "p.md", "t.md"),
        Files.list(md).map(f -> f.getFileName().toString()).sorted().toList());
    assertTrue(
        Files.readString(md.resolve("p.md"))
            .startsWith("---\nid: p\nsilo: memory\nkind: workspace_profile\n"));

    String other = dir.resolve("other").toString();
    Run imported = run("import", "--index", other, "--embedder", "none", jsonl.toString());
    assertEquals(0, imported.exit(), imported.err());
    Run reexport = run("export", "--index", other, "--embedder", "none");
    assertEquals(Files.readString(jsonl), reexport.out(), "lossless round trip");

    for (int i = 0; i < 10; i++) {
      Run session =
          run(
              cat(
                  new String[] {
                    "stats",
                    "--record-session",
                    "s" + i,
                    "--budget-tokens",
                    "512",
                    "--injected-tokens",
                    "500"
                  },
                  idx));
      assertEquals(0, session.exit(), session.err());
    }
    Run stats = run(cat(new String[] {"stats"}, idx));
    // A CLI recall opens the index read-only, yet logs its line (issue 32): stats shows it.
    assertTrue(
        stats.out().matches("(?s).*recall log: [1-9]\\d* recalls? in namespace default.*"),
        stats.out());
    Run status = run(cat(new String[] {"status"}, idx));
    assertTrue(
        status.out().contains("Memory budget: 25% of context (512 tokens, context length unknown)"),
        status.out());
    assertTrue(
        status
            .out()
            .contains(
                "Budget advice: avg utilisation 98% over last 10 sessions - consider raising budget.share to 0.35"),
        status.out());
  }

  static String[] cat(String[] head, String[] middle, String... tail) {
    List<String> all = new ArrayList<>(List.of(head));
    all.addAll(List.of(middle));
    all.addAll(List.of(tail));
    return all.toArray(String[]::new);
  }
}
