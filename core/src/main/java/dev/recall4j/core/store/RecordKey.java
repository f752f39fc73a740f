package dev.recall4j.core.store;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import java.util.Comparator;

/**
 * What addresses one record in a store: its namespace and its id. Ids are unique within a namespace
 * only, so two tenants may use the same id (or sync the same relative path) without meeting;
 * nothing addressed by id reaches past its namespace.
 *
 * @param namespace the record's namespace ({@link dev.recall4j.core.Scope#namespace()})
 * @param id the record's id
 */
public record RecordKey(String namespace, String id) implements Comparable<RecordKey> {
  private static final Comparator<RecordKey> ORDER =
      Comparator.comparing(RecordKey::namespace).thenComparing(RecordKey::id);

  public RecordKey {
    Checks.notNull(namespace, "namespace");
    Checks.notNull(id, "id");
  }

  /** The key of a record. */
  public static RecordKey of(MemoryRecord record) {
    return new RecordKey(record.scope().namespace(), record.id());
  }

  /** Namespace first, then id. */
  @Override
  public int compareTo(RecordKey other) {
    return ORDER.compare(this, other);
  }

  /** {@code namespace/id}, for messages. */
  @Override
  public String toString() {
    return namespace + "/" + id;
  }
}
