package dev.recall4j.server;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Wire;
import dev.recall4j.engine.BudgetAdvice;
import dev.recall4j.engine.EngineStatus;
import dev.recall4j.engine.SessionEnd;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON of the answers the engine's own shapes ({@code JsonShapes}, docs/JSON.md) do not cover:
 * a state change (forget, supersede), a session's end and the statistics. Snake_case names, as
 * there.
 */
final class ResultShapes {
  private ResultShapes() {}

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

  /** {@code {schema, session, action, records, ids}} after a session's end. */
  static Map<String, Object> ended(SessionEnd ended) {
    Map<String, Object> shape = new LinkedHashMap<>();
    shape.put("schema", 1);
    shape.put("session", ended.session());
    shape.put("action", ended.action().wireName());
    shape.put("records", ended.ids().size());
    shape.put("ids", ended.ids());
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
}
