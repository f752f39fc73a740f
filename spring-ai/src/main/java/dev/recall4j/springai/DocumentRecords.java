package dev.recall4j.springai;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.adapter.MetadataTag;
import dev.recall4j.engine.adapter.RecordField;
import dev.recall4j.engine.adapter.RecordFields;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.ai.document.Document;

/**
 * Maps a Spring AI {@link Document} to a {@link MemoryRecord} and back.
 *
 * <p>The text becomes the content. Metadata keys named like record fields become those fields, so
 * recall filters and ranks by them: {@code silo}, {@code kind}, {@code title}, {@code project} and
 * {@code session} (strings; {@link RecordFields} has the rules both adapters share) and {@code
 * tags} (a collection of strings, the record's own tags). Every other entry becomes a {@link
 * MetadataTag}. Reading a record back gives the same metadata, except {@code silo} and {@code kind}
 * at the store's defaults, which are not echoed. What is Spring AI's own: {@code source} stays a
 * tag (its document readers put a file name there), the record's own tags are an entry, and a UUID,
 * which its filters cannot compare, is refused and reads back (written through another adapter) as
 * its text.
 */
final class DocumentRecords {
  static final String SILO = "silo";
  static final String KIND = "kind";
  static final String TAGS = "tags";

  /** The metadata keys stored as record fields, besides {@link #TAGS}. */
  static final RecordFields FIELDS =
      new RecordFields(
          EnumSet.of(
              RecordField.SILO,
              RecordField.KIND,
              RecordField.TITLE,
              RecordField.PROJECT,
              RecordField.SESSION));

  private final String namespace;
  private final Silo defaultSilo;

  DocumentRecords(String namespace, Silo defaultSilo) {
    this.namespace = namespace;
    this.defaultSilo = defaultSilo;
  }

  /**
   * The record of one document, without a vector (the engine embeds it).
   *
   * @throws IllegalArgumentException naming the document id and the metadata key or record field at
   *     fault
   */
  MemoryRecord toRecord(Document document, Instant now) {
    try {
      Map<String, Object> entries = new LinkedHashMap<>(document.getMetadata());
      List<String> tags = entries.containsKey(TAGS) ? ownTags(entries.remove(TAGS)) : List.of();
      entries.forEach(DocumentRecords::refuseUuid);
      return FIELDS
          .write(entries, namespace, defaultSilo, tags, MemoryRecord.builder().id(document.getId()))
          .content(document.getText())
          .build(now);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("document " + document.getId() + ": " + e.getMessage(), e);
    }
  }

  /** The metadata a record holds, as it was given (defaults of silo and kind left out). */
  Map<String, Object> metadata(MemoryRecord record) {
    return springAi(FIELDS.given(record, defaultSilo), record);
  }

  /**
   * The metadata a filter sees: every record field that has a value, {@code silo} and {@code kind}
   * always, so a filter on {@code silo == 'rag'} finds records stored at the default.
   */
  static Map<String, Object> view(MemoryRecord record) {
    return springAi(FIELDS.view(record), record);
  }

  /** The entries with a UUID as its text and the record's own tags under {@link #TAGS}. */
  private static Map<String, Object> springAi(Map<String, Object> entries, MemoryRecord record) {
    entries.replaceAll((key, value) -> value instanceof UUID uuid ? uuid.toString() : value);
    List<String> own =
        record.tags().stream().filter(tag -> MetadataTag.decode(tag).isEmpty()).toList();
    if (!own.isEmpty()) {
      entries.put(TAGS, own);
    }
    return entries;
  }

  /** The record's own tags from the {@code tags} entry: strings, none looking like metadata. */
  private static List<String> ownTags(Object value) {
    if (!(value instanceof Collection<?> values)) {
      throw new IllegalArgumentException(
          "metadata.tags: must be a collection of strings (the record's tags), got " + value);
    }
    List<String> tags = new ArrayList<>(values.size());
    for (Object tag : values) {
      if (!(tag instanceof String text) || text.startsWith(MetadataTag.PREFIX)) {
        throw new IllegalArgumentException(
            "metadata.tags: each tag must be a string not starting with "
                + MetadataTag.PREFIX
                + ", got "
                + tag);
      }
      tags.add(text);
    }
    return tags;
  }

  /**
   * The tag of one metadata entry.
   *
   * @throws IllegalArgumentException naming the key when it cannot be stored as one
   */
  static String tag(String key, Object value) {
    refuseUuid(key, value);
    return MetadataTag.tagOf(key, value);
  }

  /** A UUID would not come back as given: Spring AI's filters compare none, so it reads as text. */
  private static void refuseUuid(String key, Object value) {
    if (value instanceof UUID && !FIELDS.isField(key)) {
      throw new IllegalArgumentException(
          "metadata."
              + key
              + ": a "
              + UUID.class.getName()
              + " is not stored; use a string, boolean, int, long, float or double");
    }
  }
}
