package dev.recall4j.server;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.Wire;
import dev.recall4j.engine.BudgetAdvice;
import dev.recall4j.engine.EngineStatus;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every place an engine result becomes JSON for a client (MCP {@code structuredContent} and the
 * {@code /v1/} bodies), with the field names of issues 18 and 19. Kept in one class so it can
 * switch to the engine's own JSON writer (docs/JSON.md) when that lands.
 */
final class ResultShapes {
  private ResultShapes() {}

  /** {@code {context, tokens, budget, retrieval, items:[{id, silo, kind, score, origin}]}}. */
  static Map<String, Object> recall(RecallResult result) {
    Map<String, Object> shape = new LinkedHashMap<>();
    shape.put("context", result.context());
    shape.put("tokens", result.tokensUsed());
    shape.put("budget", result.budgetTokens());
    shape.put("retrieval", result.retrieval().describe());
    shape.put("items", result.items().stream().map(ResultShapes::recalled).toList());
    return shape;
  }

  private static Map<String, Object> recalled(RecalledItem item) {
    MemoryRecord record = item.record();
    Map<String, Object> shape = new LinkedHashMap<>();
    shape.put("id", record.id());
    shape.put("silo", Wire.name(record.silo()));
    shape.put("kind", record.kind().name());
    shape.put("score", item.score().finalScore());
    shape.put("origin", origin(record.origin()));
    return shape;
  }

  /**
   * {@code {id, silo, kind, score, content, title, origin:{path, line}, created, …}}: a record of a
   * search (with its score) or a listing or get (score null, left out). A content cut to fit an
   * answer's token ceiling is given as {@code cutContent} and marked {@code truncated}.
   */
  static Map<String, Object> record(MemoryRecord record, Double score, String cutContent) {
    Map<String, Object> shape = new LinkedHashMap<>();
    shape.put("id", record.id());
    shape.put("silo", Wire.name(record.silo()));
    shape.put("kind", record.kind().name());
    if (score != null) {
      shape.put("score", score);
    }
    shape.put("content", cutContent == null ? record.content() : cutContent);
    if (cutContent != null) {
      shape.put("truncated", true);
    }
    shape.put("title", record.title());
    shape.put("origin", origin(record.origin()));
    shape.put("created", record.created().toString());
    shape.put("tags", record.tags());
    shape.put("tier", Wire.name(record.tier()));
    shape.put("status", Wire.name(record.status()));
    shape.put("project", record.scope().project());
    shape.put("session", record.scope().session());
    if (record.supersedes() != null) {
      shape.put("supersedes", record.supersedes());
    }
    return shape;
  }

  /** A page of records: {@code {items, cursor}}, the cursor null on the last page. */
  static Map<String, Object> page(List<Map<String, Object>> items, String cursor) {
    Map<String, Object> shape = new LinkedHashMap<>();
    shape.put("items", items);
    shape.put("cursor", cursor);
    return shape;
  }

  /** {@code {id, duplicate_of?}}: the id a saved record has, and the record it repeated. */
  static Map<String, Object> saved(String id, String duplicateOf) {
    Map<String, Object> shape = new LinkedHashMap<>();
    shape.put("id", id);
    if (duplicateOf != null) {
      shape.put("duplicate_of", duplicateOf);
    }
    return shape;
  }

  /** {@code {id, status}} after a state change. */
  static Map<String, Object> changed(MemoryRecord record) {
    Map<String, Object> shape = new LinkedHashMap<>();
    shape.put("id", record.id());
    shape.put("status", Wire.name(record.status()));
    if (record.supersedes() != null) {
      shape.put("supersedes", record.supersedes());
    }
    return shape;
  }

  static Map<String, Object> stats(EngineStatus status, Optional<BudgetAdvice> advice) {
    Map<String, Object> shape = new LinkedHashMap<>();
    shape.put("records", status.records());
    shape.put("by_silo", status.bySilo());
    shape.put("by_kind", status.byKind());
    shape.put("by_status", status.byStatus());
    shape.put("by_tier", status.byTier());
    shape.put("without_vector", status.withoutVector());
    shape.put("embedding_model", status.embeddingModel());
    shape.put("budget_advice", advice.map(ResultShapes::advice).orElse(null));
    return shape;
  }

  private static Map<String, Object> advice(BudgetAdvice advice) {
    Map<String, Object> shape = new LinkedHashMap<>();
    shape.put("sessions", advice.sessions());
    shape.put("avg_utilisation", advice.avgUtilisation());
    shape.put("compressed_share", advice.compressedShare());
    shape.put("avg_tokens_per_sec", advice.avgTokensPerSec());
    shape.put("suggestion", Wire.name(advice.suggestion()));
    shape.put("current_share", advice.currentShare());
    shape.put("suggested_share", advice.suggestedShare());
    shape.put("notes", advice.notes());
    return shape;
  }

  private static Map<String, Object> origin(Origin origin) {
    if (origin == null) {
      return null;
    }
    Map<String, Object> shape = new LinkedHashMap<>();
    shape.put("path", origin.path());
    shape.put("line", origin.line());
    return shape;
  }
}
