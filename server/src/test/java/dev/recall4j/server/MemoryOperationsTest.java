package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.engine.RecallEngine;
import dev.recall4j.sources.SourceSpec;
import dev.recall4j.sources.SourceSync;
import dev.recall4j.sources.SourceType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every operation against a real engine on disk, as both transports call it. */
class MemoryOperationsTest {
  @TempDir Path workspace;
  private RecallEngine engine;
  private MemoryOperations operations;
  private final Tenant alice = Tenant.DEFAULT;

  @BeforeEach
  void open() throws Exception {
    engine = TestEngines.open(workspace);
    operations = new MemoryOperations(engine, ServerSettings.DEFAULT_PAGE_TOKEN_CEILING);
  }

  @AfterEach
  void close() throws Exception {
    engine.close();
  }

  private Map<String, Object> call(String tool, Map<String, Object> arguments) {
    return operations.call(tool, alice, arguments).structured();
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> items(Map<String, Object> answer) {
    return (List<Map<String, Object>>) answer.get("items");
  }

  @Test
  void appendSearchRecallForget() {
    String id =
        (String)
            call(
                    "memory_append",
                    Map.of(
                        "content", "The deploy script lives in ops/deploy.sh and needs VPN.",
                        "kind", "project_fact",
                        "tags", List.of("ops")))
                .get("id");

    List<Map<String, Object>> found =
        items(call("memory_search", Map.of("query", "deploy script")));
    assertEquals(id, found.get(0).get("id"));
    assertEquals("project_fact", found.get(0).get("kind"));
    assertTrue(((String) found.get(0).get("content")).contains("ops/deploy.sh"));

    Map<String, Object> recall =
        call("memory_recall", Map.of("query", "where is the deploy script", "budget_tokens", 200));
    assertTrue(((String) recall.get("context")).contains("ops/deploy.sh"));
    assertTrue((int) recall.get("tokens") <= 200);
    assertEquals(200, recall.get("budget"));
    assertEquals(id, items(recall).get(0).get("id"));

    assertEquals("deleted", call("memory_forget", Map.of("id", id)).get("status"));
    assertTrue(items(call("memory_search", Map.of("query", "deploy script"))).isEmpty());
    assertFalse(
        ((String) call("memory_recall", Map.of("query", "deploy script")).get("context"))
            .contains("deploy.sh"));
  }

  @Test
  void savingTheSameContentAgainNamesTheStoredRecord() {
    Map<String, Object> first = call("memory_append", Map.of("content", "Prefers tabs in Go."));
    Map<String, Object> second = call("memory_append", Map.of("content", "Prefers tabs in Go."));
    assertNull(first.get("duplicate_of"));
    assertEquals(first.get("id"), second.get("duplicate_of"));
  }

  @Test
  void getByPathAnswersTheRecordsOfSyncedFilesInFileOrder(@TempDir Path notes) throws Exception {
    Files.writeString(
        notes.resolve("a.md"), "# Tides\nBrest every ten minutes.\n\n# Gauges\nSix.\n");
    Files.writeString(notes.resolve("b.md"), "# Ferries\nThe ferry leaves at nine.\n");
    new SourceSync(engine, alice.scope(null, null, null, null), Clock.systemUTC(), 100)
        .sync(SourceSpec.of("notes", SourceType.MARKDOWN, notes));

    List<String> a = contents(call("memory_get", Map.of("path", notes.resolve("a.md").toString())));
    assertEquals(2, a.size(), a.toString());
    assertTrue(a.get(0).contains("Brest") && a.get(1).contains("Six"), a.toString());
    List<String> both = contents(call("memory_get", Map.of("path", notes + "/*.md")));
    assertEquals(3, both.size(), both.toString());
    assertTrue(both.get(2).contains("ferry"), both.toString());

    IllegalArgumentException unknown =
        assertThrows(
            IllegalArgumentException.class,
            () -> call("memory_get", Map.of("path", notes.resolve("c.md").toString())));
    assertTrue(unknown.getMessage().startsWith("argument 'path': "), unknown.getMessage());
    assertTrue(unknown.getMessage().contains("no synced file matches"), unknown.getMessage());
    for (Map<String, Object> args :
        List.<Map<String, Object>>of(Map.of(), Map.of("id", "x", "path", "a.md"))) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> call("memory_get", args));
      assertTrue(e.getMessage().contains("exactly one of id and path"), e.getMessage());
    }
  }

  private static List<String> contents(Map<String, Object> answer) {
    return items(answer).stream().map(i -> (String) i.get("content")).toList();
  }

  @Test
  void malformedArgumentsNameTheArgumentAndChangeNothing() {
    record Bad(String tool, Map<String, Object> arguments, String argument) {}
    List<Bad> bad =
        List.of(
            new Bad("memory_append", Map.of(), "content"),
            new Bad("memory_append", Map.of("content", "x", "silo", "attic"), "silo"),
            new Bad("memory_append", Map.of("content", "x", "pinned", "yes"), "pinned"),
            new Bad("memory_append", Map.of("content", "x", "tags", List.of(1, 2)), "tags"),
            new Bad("memory_append", Map.of("content", "x", "colour", "red"), "colour"),
            new Bad("memory_append", Map.of("content", "x", "project", "a b"), "project"),
            new Bad("memory_recall", Map.of("query", "x", "budget_tokens", -5), "budget_tokens"),
            new Bad(
                "memory_recall", Map.of("query", "x", "budget_tokens", "lots"), "budget_tokens"),
            new Bad("memory_search", Map.of("query", "x", "limit", 1000), "limit"),
            new Bad("memory_search", Map.of("query", "x", "cursor", "zz"), "cursor"),
            new Bad("memory_search", Map.of("query", "x", "since", "last week"), "since"),
            new Bad("memory_search", Map.of("query", "x", "since", "1d", "until", "7d"), "until"),
            new Bad("memory_search", Map.of("query", "x", "all_projects", "yes"), "all_projects"),
            new Bad("memory_list", Map.of("cursor", "!!not-ours"), "cursor"),
            new Bad("memory_list", Map.of("task", "a b"), "task"),
            new Bad("memory_get", Map.of("id", "nope"), "id"),
            new Bad("memory_forget", Map.of("id", "nope"), "id"),
            new Bad("memory_supersede", Map.of("id", "nope", "content", "y"), "id"),
            new Bad("memory_record_session", Map.of("session_id", "s"), "budget_tokens"));
    for (Bad b : bad) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> call(b.tool(), b.arguments()), b.toString());
      assertTrue(
          e.getMessage().startsWith("argument '" + b.argument() + "'"),
          b + " -> " + e.getMessage());
    }
    assertEquals(0, engine.status(dev.recall4j.core.Scope.of("default")).records());
  }

  @Test
  void supersedeReplacesAndGetShowsBoth() {
    String old = (String) call("memory_append", Map.of("content", "We use jQuery.")).get("id");
    Map<String, Object> replaced =
        call("memory_supersede", Map.of("id", old, "content", "We moved from jQuery to React."));
    String newId = (String) replaced.get("id");
    assertEquals(old, replaced.get("supersedes"));
    assertEquals("superseded", call("memory_get", Map.of("id", old)).get("status"));
    assertEquals("active", call("memory_get", Map.of("id", newId)).get("status"));
    List<Map<String, Object>> found = items(call("memory_search", Map.of("query", "jQuery")));
    assertEquals(List.of(newId), found.stream().map(i -> i.get("id")).toList());
  }

  @Test
  void contextIsThePinnedBlockAlone() {
    call(
        "memory_append",
        Map.of("content", "The user is Ada, a Go developer.", "pinned", true, "kind", "identity"));
    call("memory_append", Map.of("content", "The cache was flushed on Monday."));
    Map<String, Object> context = call("memory_context", Map.of("budget_tokens", 300));
    assertTrue(((String) context.get("context")).contains("Ada"));
    assertFalse(((String) context.get("context")).contains("cache"));
  }

  @Test
  void listPagesEveryRecordOnceWithinTheCeiling() {
    Set<String> saved = new HashSet<>();
    for (int i = 0; i < 25; i++) {
      saved.add(
          (String)
              call(
                      "memory_append",
                      Map.of("content", "fact number " + i + " " + "word ".repeat(40)))
                  .get("id"));
    }
    MemoryOperations small = new MemoryOperations(engine, 200);
    List<String> seen = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      Map<String, Object> arguments = new java.util.HashMap<>(Map.of("limit", 10));
      if (cursor != null) {
        arguments.put("cursor", cursor);
      }
      Answer page = small.call("memory_list", alice, arguments);
      List<Map<String, Object>> items = items(page.structured());
      assertFalse(items.isEmpty());
      assertTrue(items.size() <= 10);
      items.forEach(item -> seen.add((String) item.get("id")));
      cursor = (String) page.structured().get("next");
      pages++;
    } while (cursor != null && pages < 100);
    assertEquals(saved, new HashSet<>(seen));
    assertEquals(seen.size(), new HashSet<>(seen).size());
    assertTrue(pages > 3, "the 200-token ceiling must split 25 records over several pages");
  }

  @Test
  void aRecordLargerThanTheCeilingIsCutNotDropped() {
    call("memory_append", Map.of("content", "enormous " + "detail ".repeat(3000)));
    MemoryOperations small = new MemoryOperations(engine, 100);
    Answer answer = small.call("memory_search", alice, Map.of("query", "enormous detail"));
    Map<String, Object> item = items(answer.structured()).get(0);
    assertEquals(true, item.get("truncated"));
    assertTrue(engine.config().budget().tokenCounter().count(answer.text()) <= 120);
    Answer got = small.call("memory_get", alice, Map.of("id", item.get("id")));
    assertEquals(true, got.structured().get("truncated"));
    assertTrue(engine.config().budget().tokenCounter().count(got.text()) <= 120);
  }

  @Test
  void statsAndSessions() {
    call("memory_append", Map.of("content", "one fact"));
    assertEquals(1L, call("memory_stats", Map.of()).get("records"));
    assertEquals(
        true,
        call(
                "memory_record_session",
                Map.of("session_id", "s1", "budget_tokens", 1000, "injected_tokens", 400))
            .get("recorded"));
    assertNotNull(call("memory_stats", Map.of()).get("by_kind"));
  }
}
