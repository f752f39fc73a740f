package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall4j.budget.TokenCounters;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RetrievalMode;
import dev.recall4j.core.Scope;
import dev.recall4j.core.ScoreBreakdown;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.json.JsonShapes;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The engine's item shapes with a page's cuts, its cursor and, for get, the record's state. */
class PageShapesTest {
  private static final Instant T = Instant.parse("2026-11-01T09:30:00Z");

  private static MemoryRecord record(String id, String content) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.MEMORY)
        .kind(Kind.PROJECT_FACT)
        .scope(new Scope("default", "tide", "survey", null))
        .content(content)
        .build(T);
  }

  private static final MemoryRecord SHORT = record("a", "The ferry leaves at nine.");
  private static final MemoryRecord LONG = record("b", "The tide turns at noon. ".repeat(100));

  private static Page page(int ceiling, MemoryRecord... records) {
    Page page = new Page(ceiling, TokenCounters.cl100k());
    for (MemoryRecord r : records) {
      page.add(r, null);
    }
    return page;
  }

  @Test
  void aSearchPageIsTheSearchShapeWithTruncatedItemsAndTheNextCursor() {
    List<ScoredRecord> ranked =
        List.of(
            new ScoredRecord(SHORT, ScoreBreakdown.pinned(1.0)),
            new ScoredRecord(LONG, ScoreBreakdown.pinned(1.0)));
    Page page = page(1000, SHORT, LONG);
    assertEquals(
        """
        {"schema":1,"retrieval":{"mode":"lexical","reason":"no_embedder","detail":null},\
        "items":[{"id":"a","silo":"memory","kind":"project_fact","tier":"active",\
        "project":"tide","title":null,"content":"The ferry leaves at nine.","origin":null,\
        "tags":[],"created":"2026-11-01T09:30:00Z","score":null,"source_context":null,\
        "truncated":false}],"next":"1"}""",
        JsonShapes.line(
            PageShapes.search(RetrievalMode.LEXICAL_NO_EMBEDDER, ranked, page(1000, SHORT), "1")));
    assertEquals(2, page.size());
  }

  @Test
  void aListingItemCarriesItsCutAndGetAddsTheState() {
    Page cut = page(30, LONG);
    String content = cut.shown().get(0).content();
    assertEquals(
        "{\"schema\":1,\"items\":[{\"id\":\"b\",\"silo\":\"memory\",\"kind\":\"project_fact\","
            + "\"tier\":\"active\",\"project\":\"tide\",\"title\":null,\"content\":\""
            + content
            + "\",\"origin\":null,\"tags\":[],\"created\":\"2026-11-01T09:30:00Z\","
            + "\"updated\":\"2026-11-01T09:30:00Z\",\"truncated\":true}],\"next\":null}",
        JsonShapes.line(PageShapes.list(cut, null, false)));
    assertEquals(
        "{\"schema\":1,\"id\":\"a\",\"silo\":\"memory\",\"kind\":\"project_fact\","
            + "\"tier\":\"active\",\"project\":\"tide\",\"title\":null,"
            + "\"content\":\"The ferry leaves at nine.\",\"origin\":null,\"tags\":[],"
            + "\"created\":\"2026-11-01T09:30:00Z\",\"updated\":\"2026-11-01T09:30:00Z\","
            + "\"truncated\":false,\"status\":\"active\",\"task\":\"survey\",\"session\":null,"
            + "\"supersedes\":null}",
        JsonShapes.line(PageShapes.record(page(1000, SHORT).shown().get(0))));
  }
}
