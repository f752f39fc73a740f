package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.cli.ReliabilityCommandsTest.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20 through the CLI: {@code sync} of configured sources and of paths, {@code get}, {@code
 * status}, and the defects of the old {@code ingest} (each of the first three tests failed on it).
 */
class SyncCommandTest {
  @TempDir Path dir;

  Run run(String command, String... rest) {
    List<String> all =
        new ArrayList<>(
            List.of(command, "--index", dir.resolve("index").toString(), "--embedder", "none"));
    all.addAll(List.of(rest));
    return ReliabilityCommandsTest.run(all.toArray(String[]::new));
  }

  Path write(String relative, String text) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text);
  }

  Run ok(String command, String... rest) {
    Run r = run(command, rest);
    assertEquals(0, r.exit(), r.err());
    return r;
  }

  @Test
  void ingestKeepsTwoFilesOfTheSameNameApart() throws IOException {
    Path a = write("a/notes.md", "Alpha harbour dredging schedule.");
    Path b = write("b/notes.md", "Bravo harbour pilot roster.");
    ok("ingest", a.toString(), b.toString());
    assertTrue(ok("search", "--query", "dredging").out().contains("Alpha harbour"));
    assertTrue(ok("search", "--query", "roster").out().contains("Bravo harbour"));
  }

  @Test
  void ingestOfAShrunkFileDropsItsOldTrailingChunks() throws IOException {
    Path doc =
        write(
            "guide.md",
            "# Tides\nBrest reports every ten minutes.\n\n# Gauges\nZqxgauge Roscoff is offline.\n");
    ok("ingest", doc.toString());
    assertTrue(ok("search", "--query", "zqxgauge").out().contains("Roscoff"));
    Files.writeString(doc, "# Tides\nBrest reports every ten minutes.\n");
    ok("ingest", doc.toString());
    assertFalse(ok("search", "--query", "zqxgauge").out().contains("Roscoff"));
  }

  @Test
  void reIngestingAnUnchangedJsonlDoesNotResurrectForgottenRecords() throws IOException {
    Path file =
        write(
            "records.jsonl",
            """
            {"id":"a","silo":"memory","content":"Zqxstaging host is harbour-2."}
            {"id":"b","silo":"memory","content":"Tide tables come from SHOM."}
            """);
    ok("ingest", file.toString());
    ok("forget", "a");
    ok("archive", "b");
    Run again = ok("ingest", file.toString());
    assertTrue(again.out().contains("0 added, 0 updated, 0 deleted, 2 unchanged"), again.out());
    assertTrue(ok("show", "a").out().contains("\"status\":\"deleted\""));
    assertTrue(ok("show", "b").out().contains("\"tier\":\"archived\""));
  }

  @Test
  void syncOfConfiguredSourcesGetAndStatus() throws IOException {
    write("vault/tides.md", "---\ntitle: Tides\n---\n# Brest\nBrest reports every ten minutes.\n");
    write("vault/_inbox/draft.md", "Not yet sorted.");
    write(
        "ws/memory/2026-11-03.md",
        "# Session\n\n- Fixed the flaky tide test by pinning the clock.\n- Zqxdeploy needs a region.\n");
    Path config =
        write(
            "recall4j.yaml",
            """
            sources:
              - {name: notes, type: markdown, path: vault, exclude: [_inbox], context: personal notes}
              - {name: harness, type: daily-log, path: ws}
            """);
    Run first = ok("sync", "--config", config.toString());
    assertEquals(
        "notes: 1 added, 0 updated, 0 deleted, 0 unchanged (1 files)\n"
            + "harness: 2 added, 0 updated, 0 deleted, 0 unchanged (1 files)\n",
        first.out());
    assertEquals("", first.err());
    Run second = ok("sync", "--config", config.toString());
    assertTrue(second.out().contains("harness: 0 added, 0 updated, 0 deleted, 2 unchanged"));

    Path log = dir.resolve("ws/memory/2026-11-03.md");
    Run search = ok("search", "--config", config.toString(), "--query", "zqxdeploy");
    assertTrue(search.out().contains(log + ":4"), search.out());

    Run described =
        ok("search", "--config", config.toString(), "--query", "brest", "--format", "json");
    assertTrue(
        described.out().replace(" ", "").contains("\"source_context\":\"personalnotes\""),
        described.out());

    Run get = ok("get", "--config", config.toString(), log.toString());
    assertTrue(
        get.out().startsWith(log + ":3  harness:memory/2026-11-03.md#0  active\n"), get.out());
    assertTrue(get.out().indexOf("#0") < get.out().indexOf("#1"), "file order");
    Run glob = ok("get", "--config", config.toString(), dir + "/**/*.md");
    assertTrue(glob.out().contains("notes:tides.md#0") && glob.out().contains("#1"), glob.out());
    Run none = run("get", "--config", config.toString(), dir.resolve("nothing.md").toString());
    assertEquals(1, none.exit());
    assertTrue(none.err().contains("no synced file matches"), none.err());

    Run status = ok("status", "--config", config.toString());
    assertTrue(
        status
            .out()
            .contains(
                "source:     harness (daily-log, " + dir.resolve("ws") + "): 1 files, 2 records"),
        status.out());
  }

  @Test
  void syncOfAPathUnderAConfiguredSourceSyncsItAsPartOfThatSource() throws IOException {
    Path note = write("vault/tides.md", "Brest reports every ten minutes.");
    Path config =
        write("recall4j.yaml", "sources:\n  - {name: notes, type: markdown, path: vault}\n");
    Run r = ok("sync", "--config", config.toString(), note.toString());
    assertEquals("notes: 1 added, 0 updated, 0 deleted, 0 unchanged (1 files)\n", r.out());
    assertTrue(ok("show", "notes:tides.md#0").out().contains("ten minutes"));
  }

  @Test
  void badSourcesAndBadFrontMatterAreOneLineErrors() throws IOException {
    Path config = write("recall4j.yaml", "sources:\n  - {name: notes, type: wiki, path: vault}\n");
    Run bad = run("sync", "--config", config.toString());
    assertEquals(1, bad.exit());
    assertTrue(bad.err().contains("sources[0].type: unknown source type \"wiki\""), bad.err());
    Path note = write("vault/bad.md", "---\ntrust: high\n---\nBody.\n");
    Run fm = run("sync", note.toString());
    assertEquals(PartialSync.EXIT, fm.exit(), "a bad file is left out: partial");
    assertEquals(
        "recall4j: " + note + ":2: front matter: trust: must be a number in [0, 1], got high\n",
        fm.err());
    Run none = run("sync");
    assertEquals(2, none.exit());
    assertTrue(none.err().contains("no sources configured"), none.err());
  }
}
