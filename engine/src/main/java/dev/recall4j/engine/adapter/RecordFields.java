package dev.recall4j.engine.adapter;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Wire;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A framework's metadata and a record, both ways: an entry whose key names one of the adapter's
 * {@link RecordField}s sets that field, so recall filters and ranks by it; every other entry is a
 * {@link MetadataTag}. Read back, the entries are the fields that have a value, then the tags'.
 *
 * <p>Each adapter chooses its fields, since a key its framework already uses for something else
 * must stay a tag (Spring AI's document readers put a file name under {@code source}). Immutable.
 */
public final class RecordFields {
  private final Set<RecordField> fields;

  /**
   * @param fields the metadata keys that are record fields
   */
  public RecordFields(Set<RecordField> fields) {
    this.fields = EnumSet.copyOf(Checks.notNull(fields, "fields"));
  }

  /** Whether an entry of this key sets a record field (when it holds a string, not blank). */
  public boolean isField(String key) {
    return RecordField.ofKey(key).filter(fields::contains).isPresent();
  }

  /**
   * Sets the silo ({@code defaultSilo} unless an entry names one), kind, source, title, scope (the
   * namespace with the project, task and session of the entries) and tags: {@code tags}, then one
   * for each other entry. A blank string is no value for a field, so its entry is a tag too, and
   * comes back.
   *
   * @throws IllegalArgumentException naming {@code metadata.key} for a field entry that is no
   *     string or names no value of the field, or an entry that no tag holds
   */
  public MemoryRecord.Builder write(
      Map<String, ?> entries,
      String namespace,
      Silo defaultSilo,
      List<String> tags,
      MemoryRecord.Builder record) {
    List<String> allTags = new ArrayList<>(tags);
    String project = null;
    String task = null;
    String session = null;
    record.silo(defaultSilo);
    for (Map.Entry<String, ?> entry : entries.entrySet()) {
      String key = entry.getKey();
      Object value = entry.getValue();
      if (!isField(key) || value instanceof String s && s.isBlank()) {
        allTags.add(MetadataTag.tagOf(key, value));
        continue;
      }
      if (!(value instanceof String text)) {
        throw new IllegalArgumentException(
            "metadata." + key + ": must be a string (it is a record field), got " + value);
      }
      switch (RecordField.ofKey(key).orElseThrow()) {
        case SILO -> record.silo(Silo.parse("metadata.silo", text));
        case KIND -> record.kind(Kind.parse("metadata.kind", text));
        case SOURCE -> record.source(Source.parse("metadata.source", text));
        case TITLE -> record.title(text);
        case PROJECT -> project = text;
        case TASK -> task = text;
        case SESSION -> session = text;
      }
    }
    return record.scope(new Scope(namespace, project, task, session)).tags(allTags);
  }

  /**
   * The entries a record holds as they were given: silo, kind and source are left out at their
   * defaults ({@code defaultSilo}, the silo's default kind, {@code agent}), since they always have
   * a value and echoing it would add keys the caller never gave.
   */
  public Map<String, Object> given(MemoryRecord record, Silo defaultSilo) {
    return entries(record, defaultSilo);
  }

  /**
   * The entries a filter tests: every field that has a value, defaults included, so a filter on
   * {@code silo = rag} finds the records stored at the default.
   */
  public Map<String, Object> view(MemoryRecord record) {
    return entries(record, null);
  }

  /** The fields and tag entries; fields at their defaults left out unless no default silo. */
  private Map<String, Object> entries(MemoryRecord record, Silo defaultSilo) {
    Map<String, Object> entries = new LinkedHashMap<>();
    for (RecordField field : fields) {
      String value = value(field, record);
      if (value != null && (defaultSilo == null || !atDefault(field, record, defaultSilo))) {
        entries.put(field.key(), value);
      }
    }
    for (String tag : record.tags()) {
      MetadataTag.decode(tag).ifPresent(entry -> entries.put(entry.key(), entry.value()));
    }
    return entries;
  }

  private static String value(RecordField field, MemoryRecord record) {
    return switch (field) {
      case SILO -> Wire.name(record.silo());
      case KIND -> record.kind().name();
      case SOURCE -> Wire.name(record.source());
      case TITLE -> record.title();
      case PROJECT -> record.scope().project();
      case TASK -> record.scope().task();
      case SESSION -> record.scope().session();
    };
  }

  private static boolean atDefault(RecordField field, MemoryRecord record, Silo defaultSilo) {
    return switch (field) {
      case SILO -> record.silo() == defaultSilo;
      case KIND -> record.kind().equals(Kind.defaultFor(record.silo()));
      case SOURCE -> record.source() == Source.AGENT;
      default -> false;
    };
  }
}
