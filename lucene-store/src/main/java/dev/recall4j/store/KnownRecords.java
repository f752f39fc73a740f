package dev.recall4j.store;

import dev.recall4j.core.MemoryRecord;
import java.util.Map;

/**
 * Records a caller already read, which a search returns instead of decoding them again. Ids are
 * unique within a namespace only, so a record counts as a hit's only in the namespace searched.
 *
 * @param byId the caller's records by id
 * @param namespace the namespace of the search's filter (a search never leaves it)
 */
record KnownRecords(Map<String, MemoryRecord> byId, String namespace) {
  static final KnownRecords NONE = new KnownRecords(Map.of(), "");

  boolean isEmpty() {
    return byId.isEmpty();
  }

  /** The caller's record with this id in the searched namespace, or null. */
  MemoryRecord get(String id) {
    MemoryRecord held = id == null ? null : byId.get(id);
    return held != null && held.scope().namespace().equals(namespace) ? held : null;
  }
}
