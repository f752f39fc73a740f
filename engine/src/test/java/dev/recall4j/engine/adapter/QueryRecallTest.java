package dev.recall4j.engine.adapter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.RecallEngine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QueryRecallTest {
  @TempDir Path workspace;

  /** A retriever's builder, its query a namespace name. */
  static final class Builder extends QueryRecall.Builder<String, Builder> {
    Builder(RecallEngine engine) {
      super(engine);
    }

    QueryRecall<String> build(IndexedFilter filter) {
      return recall(filter);
    }
  }

  RecallEngine open() throws IOException {
    RecallEngine engine = TestEngines.open(workspace);
    engine.importAll(
        List.of(
            note("a-rag", "alice", Silo.RAG, null, "The tide gauge reports every six minutes."),
            note(
                "a-kb",
                "alice",
                Silo.KB,
                new Origin("docs/ops.md", 2, 14),
                "Tide gauge files are regenerated nightly."),
            note("b-rag", "bob", Silo.RAG, null, "The tide gauge was rebuilt after a storm.")));
    return engine;
  }

  static MemoryRecord note(String id, String namespace, Silo silo, Origin origin, String content) {
    return MemoryRecord.builder()
        .id(id)
        .silo(silo)
        .scope(Scope.of(namespace))
        .origin(origin)
        .content(content)
        // Apart, so that recall does not merge a namespace's two notes as near-duplicates.
        .vector(silo == Silo.KB ? new float[] {0, 1} : new float[] {1, 0})
        .build(TestEngines.NOW);
  }

  private static List<String> ids(List<RecalledItem> items) {
    return items.stream().map(item -> item.record().id()).sorted().toList();
  }

  @Test
  void recallsInTheScopeTheQueryMapsToNarrowedByTheFilter() throws IOException {
    try (RecallEngine engine = open()) {
      QueryRecall<String> perNamespace =
          new Builder(engine).scopeFromQuery(Scope::of).build(IndexedFilter.NONE);
      assertEquals(
          List.of("a-kb", "a-rag"), ids(perNamespace.recall("alice", "tide gauge").items()));
      assertEquals(List.of("b-rag"), ids(perNamespace.recall("bob", "tide gauge").items()));

      QueryRecall<String> aliceRag =
          new Builder(engine)
              .namespace("alice")
              .budgetTokens(200)
              .build(IndexedFilter.silos(List.of("rag")).orElseThrow());
      assertEquals(List.of("a-rag"), ids(aliceRag.recall("bob", "tide gauge").items()));
    }
  }

  @Test
  void provenanceSaysWhereATextComesFrom() throws IOException {
    try (RecallEngine engine = open()) {
      RecalledItem kb =
          new Builder(engine)
              .namespace("alice")
              .build(IndexedFilter.silos(List.of("kb")).orElseThrow())
              .recall("", "tide gauge")
              .items()
              .get(0);
      Map<String, Object> provenance = QueryRecall.provenance(kb);
      assertEquals(
          Map.of(
              "section",
              kb.section(),
              "truncated",
              false,
              "origin",
              "docs/ops.md",
              "origin_chunk",
              2,
              "origin_line",
              14),
          provenance);
    }
  }

  @Test
  void aMissingOptionIsRefusedNamingIt() throws IOException {
    try (RecallEngine engine = open()) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> new Builder(engine).teams(null).build(IndexedFilter.NONE));
      assertEquals("teams: must not be null", e.getMessage());
    }
  }
}
