package dev.recall4j.engine.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.Checks;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.LinkedFrom;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.RetrievalMode;
import dev.recall4j.core.ScoreBreakdown;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Wire;
import dev.recall4j.engine.RecordPage;
import dev.recall4j.engine.Saved;
import dev.recall4j.engine.SearchResult;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON of recall, search, list and add results, schema {@value #SCHEMA}: what the CLI prints
 * with {@code --format json} and what a server returns, built in one place so both agree. Every
 * field and the versioning rules are in {@code docs/JSON.md}; fields come in a fixed order, and a
 * field without a value is {@code null} rather than absent, so the shape never depends on the data.
 */
public final class JsonShapes {
  /** The schema version every top-level object carries as {@code "schema"}. */
  public static final int SCHEMA = 1;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper PRETTY =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private JsonShapes() {}

  /**
   * A recall: the rendered {@code context}, {@code tokens}, {@code budget}, {@code tokenizer},
   * {@code retrieval}, the injected {@code items} (content as packed), {@code dropped}, {@code
   * timings_ms} and {@code warnings}; each item's score factors under {@code explain} when asked.
   */
  public static ObjectNode recall(RecallResult r, boolean explain) {
    Checks.notNull(r, "result");
    ObjectNode root = root();
    root.put("context", r.context());
    root.put("tokens", r.tokensUsed());
    root.put("budget", r.budgetTokens());
    root.put("tokenizer", r.tokenizer());
    root.set("retrieval", retrieval(r.retrieval()));
    ArrayNode items = root.putArray("items");
    for (RecalledItem item : r.items()) {
      ObjectNode n = record(items.addObject(), item.record(), item.text());
      score(n, item.score(), explain);
      n.put("section", item.section());
      n.put("tokens", item.tokens());
      n.put("truncated", item.truncated());
      n.put("source_context", item.sourceContext());
    }
    ArrayNode dropped = root.putArray("dropped");
    for (DroppedItem d : r.dropped()) {
      dropped
          .addObject()
          .put("id", d.id())
          .put("reason", Wire.name(d.reason()))
          .put("detail", d.detail());
    }
    ObjectNode timings = root.putObject("timings_ms");
    r.timingsMillis().forEach((stage, millis) -> timings.put(stage.toString(), millis));
    r.warnings().forEach(root.putArray("warnings")::add);
    return root;
  }

  /** A search: {@code retrieval} and the ranked {@code items} with their full content. */
  public static ObjectNode search(SearchResult r, boolean explain) {
    Checks.notNull(r, "result");
    ObjectNode root = root();
    root.set("retrieval", retrieval(r.retrieval()));
    ArrayNode items = root.putArray("items");
    for (ScoredRecord s : r.items()) {
      searchItem(items.addObject(), s, s.record().content(), explain);
    }
    return root;
  }

  /**
   * Writes the fields of one search item into {@code n}: the item fields with {@code content}, then
   * {@code score}, {@code explain} when asked, and {@code source_context}. For a server that shows
   * a cut of the content (docs/JSON.md, "In a server").
   */
  public static ObjectNode searchItem(
      ObjectNode n, ScoredRecord s, String content, boolean explain) {
    record(n, s.record(), content);
    score(n, s.score(), explain);
    n.put("source_context", s.sourceContext());
    return n;
  }

  /** A page of a listing: the {@code items} and the {@code next} cursor (null on the last page). */
  public static ObjectNode list(RecordPage page) {
    Checks.notNull(page, "page");
    ObjectNode root = root();
    ArrayNode items = root.putArray("items");
    page.records().forEach(r -> listItem(items.addObject(), r, r.content()));
    root.put("next", page.next());
    return root;
  }

  /**
   * A page of a listing as JSON Lines: one item per line, shaped as in {@link #list}, then, when
   * another page follows, a line {@code {"schema":1,"next":CURSOR}}.
   */
  public static List<String> listLines(RecordPage page) {
    Checks.notNull(page, "page");
    List<String> lines = new ArrayList<>(page.records().size() + 1);
    page.records().forEach(r -> lines.add(line(listItem(JSON.createObjectNode(), r, r.content()))));
    if (page.next() != null) {
      lines.add(line(root().put("next", page.next())));
    }
    return lines;
  }

  /** An add: the {@code id} stored under and {@code duplicate_of} (null when new). */
  public static ObjectNode saved(Saved s) {
    Checks.notNull(s, "saved");
    ObjectNode root = root();
    root.put("id", s.id());
    root.put("duplicate_of", s.duplicateOf());
    return root;
  }

  /** Indented JSON, for a person or a program. */
  public static String pretty(JsonNode node) {
    return write(PRETTY, node);
  }

  /** JSON on one line, for JSON Lines. */
  public static String line(JsonNode node) {
    return write(JSON, node);
  }

  /** A top-level object: {@code schema} alone, for the fields that follow. */
  public static ObjectNode root() {
    return JSON.createObjectNode().put("schema", SCHEMA);
  }

  /**
   * Writes the fields of one listing item into {@code n}: the item fields with {@code content},
   * then {@code updated}. For a server that shows a cut of the content (docs/JSON.md, "In a
   * server").
   */
  public static ObjectNode listItem(ObjectNode n, MemoryRecord r, String content) {
    record(n, r, content);
    n.put("updated", r.updated().toString());
    return n;
  }

  /** The fields every item shares, in their fixed order. */
  private static ObjectNode record(ObjectNode n, MemoryRecord r, String content) {
    n.put("id", r.id());
    n.put("silo", Wire.name(r.silo()));
    n.put("kind", r.kind().name());
    n.put("tier", Wire.name(r.tier()));
    n.put("project", r.scope().project());
    n.put("title", r.title());
    n.put("content", content);
    Origin o = r.origin();
    if (o == null) {
      n.putNull("origin");
    } else {
      n.putObject("origin")
          .put("path", o.path())
          .put("chunk", o.chunk() < 0 ? null : o.chunk())
          .put("line", o.line() == 0 ? null : o.line());
    }
    r.tags().forEach(n.putArray("tags")::add);
    n.put("created", r.created().toString());
    return n;
  }

  private static void score(ObjectNode n, ScoreBreakdown s, boolean explain) {
    number(n, "score", s.finalScore());
    if (!explain) {
      return;
    }
    ObjectNode why = n.putObject("explain");
    why.put("lexical_rank", s.lexicalRank() == 0 ? null : s.lexicalRank());
    number(why, "lexical_score", s.lexicalScore());
    why.put("vector_rank", s.vectorRank() == 0 ? null : s.vectorRank());
    number(why, "vector_similarity", s.vectorSimilarity());
    number(why, "fused", s.fusedScore());
    number(why, "decay", s.decay());
    number(why, "trust", s.trust());
    why.put("tier_priority", s.tierPriority());
    LinkedFrom from = s.linkedFrom();
    if (from == null) {
      why.putNull("linked_from");
    } else {
      why.putObject("linked_from").put("id", from.id()).put("via", Wire.name(from.route()));
    }
  }

  /** {@code mode} hybrid, lexical or pinned_only; {@code reason} why not hybrid; error detail. */
  public static ObjectNode retrieval(RetrievalMode m) {
    ObjectNode n = JSON.createObjectNode();
    n.put(
        "mode",
        switch (m.kind()) {
          case HYBRID -> "hybrid";
          case PINNED_ONLY -> "pinned_only";
          default -> "lexical";
        });
    n.put(
        "reason",
        switch (m.kind()) {
          case HYBRID -> null;
          case LEXICAL_NO_EMBEDDER -> "no_embedder";
          case LEXICAL_EMBEDDER_TIMEOUT -> "embedder_timeout";
          case LEXICAL_EMBEDDER_ERROR -> "embedder_error";
          case PINNED_ONLY -> "empty_query";
        });
    n.put("detail", m.detail());
    return n;
  }

  /** A finite number, else null: NaN (a path that did not find the record), pinned's infinity. */
  private static void number(ObjectNode n, String key, double value) {
    if (Double.isFinite(value)) {
      n.put(key, value);
    } else {
      n.putNull(key);
    }
  }

  private static String write(ObjectMapper mapper, JsonNode node) {
    try {
      return mapper.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
