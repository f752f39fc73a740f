package dev.recall4j.engine.cli;

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
    int exit = Main.run(all.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  String index() {
    return dir.resolve("index").toString();
  }

  Path records() throws IOException {
    return Files.writeString(dir.resolve("records.jsonl"), """
        {"id":"p","silo":"memory","kind":"workspace_profile","tier":"pinned","content":"Workspace tidewatch, a Java tide service."}
        {"id":"t","silo":"memory","kind":"tool_use","content":"grep -L K1 data/stations finds stations without K1."}
        {"id":"o","silo":"kb","content":"Stations without K1 come from the 1990 survey."}
        """);
  }

  @Test
  void ingestRecallShowForgetStatus() throws IOException {
    Path doc = Files.writeString(dir.resolve("guide.md"), "# Stations\nA station file lists constituents such as K1 and M2.\n");
    Run ingest = run("ingest", "--index", index(), "--embedder", "none", records().toString(), doc.toString());
    assertEquals(0, ingest.exit(), ingest.err());
    assertTrue(ingest.out().startsWith("ingested 4 records from 2 files"), ingest.out());

    Run recall = run("recall", "--index", index(), "--embedder", "none", "--query", "stations without K1", "--budget", "300");
    assertEquals(0, recall.exit(), recall.err());
    assertTrue(recall.out().startsWith("[memory context]\n[workspace profile]"), recall.out());
    assertTrue(recall.out().contains("retrieval: lexical (no embedder)"), recall.out());

    Run json = run("recall", "--index", index(), "--embedder", "none", "--query", "K1", "--format", "json", "--tokenizer", "o200k");
    assertEquals(0, json.exit(), json.err());
    JsonNode result = new ObjectMapper().readTree(json.out());
    for (String key : List.of("context", "budget", "tokens_used", "tokenizer", "items")) {
      assertTrue(result.has(key), key + " in " + json.out());
    }
    assertEquals("o200k", result.get("tokenizer").asText());
    assertEquals(512, result.get("budget").asInt(), "512 tokens when the context length is unknown");

    Run explain = run("recall", "--index", index(), "--embedder", "none", "--query", "K1", "--explain");
    assertEquals(0, explain.exit(), explain.err());
    assertTrue(explain.out().contains("lex#") && explain.out().contains("guide.md#0"), explain.out());

    Run show = run("show", "--index", index(), "--embedder", "none", "t");
    assertEquals(0, show.exit(), show.err());
    assertTrue(show.out().contains("\"id\":\"t\""), show.out());

    assertEquals(0, run("forget", "--index", index(), "--embedder", "none", "t").exit());
    Run after = run("recall", "--index", index(), "--embedder", "none", "--query", "grep stations K1");
    assertFalse(after.out().contains("grep -L"), after.out());

    Run status = run("status", "--index", index(), "--embedder", "none");
    assertEquals(0, status.exit(), status.err());
    assertTrue(status.out().contains("silo:       kb=1 memory=2 rag=1"), status.out());
    assertTrue(status.out().contains("status:     active=3 deleted=1"), status.out());
  }

  @Test
  void aMalformedLineIsOneErrorLineNamingTheLineAndNothingIsWritten() throws IOException {
    assertEquals(0, run("ingest", "--index", index(), "--embedder", "none", records().toString()).exit());
    Path bad = Files.writeString(dir.resolve("bad.jsonl"), """
        {"id":"new","silo":"memory","content":"fine"}
        {"id":"x","silo":"notes","content":"unknown silo"}
        """);
    Run ingest = run("ingest", "--index", index(), "--embedder", "none", bad.toString());
    assertEquals(1, ingest.exit());
    assertEquals(1, ingest.err().lines().count(), ingest.err());
    assertTrue(ingest.err().startsWith("recall4j: " + bad + ":2: silo: unknown value \"notes\""), ingest.err());

    Run status = run("status", "--index", index(), "--embedder", "none");
    assertTrue(status.out().contains("records:    3 "), "the earlier records survive, the new one was not written: " + status.out());
  }

  @Test
  void usageErrorsExitWithTwo() {
    Run run = run("recall", "--index", index());
    assertEquals(2, run.exit());
    assertTrue(run.err().contains("--query"), run.err());
  }
}
