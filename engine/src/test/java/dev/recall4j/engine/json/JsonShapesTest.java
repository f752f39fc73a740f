package dev.recall4j.engine.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall4j.core.DropReason;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.Kind;
import dev.recall4j.core.LinkedFrom;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.RetrievalMode;
import dev.recall4j.core.Scope;
import dev.recall4j.core.ScoreBreakdown;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Stage;
import dev.recall4j.core.Tier;
import dev.recall4j.engine.RecordPage;
import dev.recall4j.engine.Saved;
import dev.recall4j.engine.SearchResult;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Golden tests of schema 1: the exact text, field order included, of each shape ({@code
 * docs/JSON.md} shows the same examples). A change here is a change of the schema: see the
 * versioning rules there.
 */
class JsonShapesTest {
  static final Instant CREATED = Instant.parse("2026-11-01T09:30:00Z");

  static final MemoryRecord PROFILE =
      MemoryRecord.builder()
          .id("profile")
          .silo(Silo.MEMORY)
          .kind(Kind.WORKSPACE_PROFILE)
          .tier(Tier.PINNED)
          .scope(Scope.of("alice"))
          .content("Workspace tidewatch.")
          .build(CREATED);

  static final MemoryRecord CHUNK =
      MemoryRecord.builder()
          .id("guide.md#2")
          .silo(Silo.RAG)
          .scope(Scope.of("alice", "tide"))
          .title("Stations")
          .content("A station file lists constituents such as K1 and M2.")
          .origin(new Origin("docs/guide.md", 2, 14))
          .tags(List.of("docs", "stations"))
          .build(CREATED);

  static final ScoreBreakdown CHUNK_SCORE =
      new ScoreBreakdown(1, 2.5, 3, 0.75, 0.03125, 0.5, 0.8, 4, 0.0125);

  @Test
  void recall() {
    Map<Stage, Double> timings = new LinkedHashMap<>();
    timings.put(Stage.LEXICAL, 1.5);
    timings.put(Stage.TOTAL, 2.0);
    RecallResult result =
        new RecallResult(
            "[memory context]\n...",
            List.of(
                new RecalledItem(
                    PROFILE,
                    "workspace profile",
                    ScoreBreakdown.pinned(1.0),
                    6,
                    false,
                    PROFILE.content()),
                new RecalledItem(
                    CHUNK,
                    "documents",
                    CHUNK_SCORE,
                    12,
                    true,
                    "A station file ...",
                    "project documentation")),
            List.of(new DroppedItem("other", DropReason.BUDGET, "no room")),
            300,
            18,
            "heuristic",
            RetrievalMode.LEXICAL_EMBEDDER_TIMEOUT,
            timings,
            List.of());
    assertEquals(
        """
        {"schema":1,"context":"[memory context]\\n...","tokens":18,"budget":300,\
        "tokenizer":"heuristic",\
        "retrieval":{"mode":"lexical","reason":"embedder_timeout","detail":null},\
        "items":[\
        {"id":"profile","silo":"memory","kind":"workspace_profile","tier":"pinned",\
        "project":null,"title":null,"content":"Workspace tidewatch.","origin":null,"tags":[],\
        "created":"2026-11-01T09:30:00Z","score":null,"section":"workspace profile",\
        "tokens":6,"truncated":false,"source_context":null},\
        {"id":"guide.md#2","silo":"rag","kind":"rag_chunk","tier":"active",\
        "project":"tide","title":"Stations","content":"A station file ...",\
        "origin":{"path":"docs/guide.md","chunk":2,"line":14},"tags":["docs","stations"],\
        "created":"2026-11-01T09:30:00Z","score":0.0125,"section":"documents",\
        "tokens":12,"truncated":true,"source_context":"project documentation"}],\
        "dropped":[{"id":"other","reason":"budget","detail":"no room"}],\
        "timings_ms":{"lexical":1.5,"total":2.0},"warnings":[]}""",
        JsonShapes.line(JsonShapes.recall(result, false)));
  }

  @Test
  void searchWithExplain() {
    SearchResult result =
        new SearchResult(
            List.of(
                new ScoredRecord(
                    CHUNK,
                    CHUNK_SCORE.linked(0.01, new LinkedFrom("guide.md#1", LinkedFrom.Route.LINK)),
                    "project documentation")),
            RetrievalMode.HYBRID);
    assertEquals(
        """
        {"schema":1,"retrieval":{"mode":"hybrid","reason":null,"detail":null},"items":[\
        {"id":"guide.md#2","silo":"rag","kind":"rag_chunk","tier":"active",\
        "project":"tide","title":"Stations",\
        "content":"A station file lists constituents such as K1 and M2.",\
        "origin":{"path":"docs/guide.md","chunk":2,"line":14},"tags":["docs","stations"],\
        "created":"2026-11-01T09:30:00Z","score":0.01,\
        "explain":{"lexical_rank":1,"lexical_score":2.5,"vector_rank":3,\
        "vector_similarity":0.75,"fused":0.03125,"decay":0.5,"trust":0.8,"tier_priority":4,\
        "linked_from":{"id":"guide.md#1","via":"link"}},\
        "source_context":"project documentation"}]}""",
        JsonShapes.line(JsonShapes.search(result, true)));
  }

  @Test
  void listAndItsJsonLines() {
    RecordPage page = new RecordPage(List.of(PROFILE), "cHJvZmlsZQ");
    String item =
        """
        {"id":"profile","silo":"memory","kind":"workspace_profile","tier":"pinned",\
        "project":null,"title":null,"content":"Workspace tidewatch.","origin":null,"tags":[],\
        "created":"2026-11-01T09:30:00Z","updated":"2026-11-01T09:30:00Z"}""";
    assertEquals(
        "{\"schema\":1,\"items\":[" + item + "],\"next\":\"cHJvZmlsZQ\"}",
        JsonShapes.line(JsonShapes.list(page)));
    assertEquals(
        List.of(item, "{\"schema\":1,\"next\":\"cHJvZmlsZQ\"}"), JsonShapes.listLines(page));
    assertEquals(List.of(item), JsonShapes.listLines(new RecordPage(List.of(PROFILE), null)));
  }

  @Test
  void saved() {
    assertEquals(
        "{\"schema\":1,\"id\":\"profile\",\"duplicate_of\":null}",
        JsonShapes.line(JsonShapes.saved(new Saved(PROFILE, null))));
    assertEquals(
        "{\"schema\":1,\"id\":\"profile\",\"duplicate_of\":\"profile\"}",
        JsonShapes.line(JsonShapes.saved(new Saved(PROFILE, "profile"))));
  }

  @Test
  void anEmbedderErrorCarriesItsMessage() {
    SearchResult result =
        new SearchResult(List.of(), RetrievalMode.embedderError("cannot connect to Ollama"));
    assertEquals(
        "{\"schema\":1,\"retrieval\":{\"mode\":\"lexical\",\"reason\":\"embedder_error\","
            + "\"detail\":\"cannot connect to Ollama\"},\"items\":[]}",
        JsonShapes.line(JsonShapes.search(result, false)));
  }
}
