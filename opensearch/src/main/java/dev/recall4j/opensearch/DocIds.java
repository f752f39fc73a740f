package dev.recall4j.opensearch;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.RecordKey;

/**
 * A record's document id. Since mapping schema 3 it is {@code namespace/id} (a namespace holds no
 * {@code /}), so ids are unique within a namespace and two tenants may use the same one; an index
 * of an older schema opened read-only names its documents by the record id alone (ids were unique
 * across such an index). The access index names a record's statistics by the same id.
 */
final class DocIds {
  private final boolean scoped;

  /**
   * @param scoped whether the index's documents are named by key (schema 3 and later)
   */
  DocIds(boolean scoped) {
    this.scoped = scoped;
  }

  String of(RecordKey key) {
    return scoped ? scoped(key) : key.id();
  }

  String of(MemoryRecord record) {
    return of(RecordKey.of(record));
  }

  /** The document id of a key under schema 3. */
  static String scoped(RecordKey key) {
    return key.namespace() + "/" + key.id();
  }
}
