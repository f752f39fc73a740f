package dev.recall4j.sources;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.engine.RecordJson;
import java.time.Instant;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;

/**
 * A JSONL line over the record stored under its id: the keys the line gives replace the stored
 * values, every other key keeps its stored value, so re-ingesting an export or an agent's log never
 * resets a record's lifecycle (superseded, archived, forgotten) or statistics. A line that changes
 * the text without giving a vector drops the stored one (it would no longer match the text);
 * otherwise the vector is kept, so nothing is embedded again.
 */
final class JsonlMerge {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final java.util.Set<String> TEXT_KEYS =
      java.util.Set.of("content", "title", "summary");

  private JsonlMerge() {}

  /**
   * The record the line makes of {@code stored}.
   *
   * @param line the line's JSON text, already read once into a record (so it is valid)
   * @param modified when the file was last written: the {@code updated} time of a record whose text
   *     the line changes without giving its own
   */
  static MemoryRecord merge(MemoryRecord stored, String line, Instant modified) {
    ObjectNode given;
    try {
      given = (ObjectNode) JSON.readTree(line);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the line was read once already", e);
    }
    ObjectNode merged = RecordJson.toNode(stored, true);
    boolean textChanged = false;
    for (Iterator<Map.Entry<String, JsonNode>> it = given.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      if (TEXT_KEYS.contains(field.getKey())
          && !Objects.equals(merged.get(field.getKey()), field.getValue())) {
        textChanged = true;
      }
      merged.set(field.getKey(), field.getValue());
    }
    if (!given.has("contentHash")) {
      merged.remove("contentHash");
    }
    if (textChanged && !given.has("vector")) {
      merged.remove("vector");
      merged.remove("passageVectors");
      merged.remove("embeddingModel");
    }
    MemoryRecord record = RecordJson.read(merged.toString(), stored.scope().namespace(), modified);
    if (textChanged && !given.has("updated") && modified.isAfter(record.updated())) {
      record = record.toBuilder().updated(modified).build();
    }
    return record;
  }

  /** Whether the merged record says nothing new: equal to the stored one but for the time. */
  static boolean same(MemoryRecord merged, MemoryRecord stored) {
    try {
      return merged.toBuilder().updated(stored.updated()).build().equals(stored);
    } catch (IllegalArgumentException e) {
      return false; // the line moved the creation time past the stored update: a change
    }
  }
}
