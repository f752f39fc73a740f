package dev.recall4j.springai;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Wire;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.ai.document.Document;

/**
 * Maps a Spring AI {@link Document} to a {@link MemoryRecord} and back.
 *
 * <p>The text becomes the content. Metadata keys named like record fields ({@link #FIELD_KEYS})
 * become those fields, so recall filters and ranks by them: {@code silo}, {@code kind}, {@code
 * title}, {@code project} and {@code session} (strings) and {@code tags} (a collection of strings,
 * the record's own tags). Every other entry becomes a {@link MetadataTag}. Reading a record back
 * gives the same metadata, except {@code silo} and {@code kind} at the store's defaults, which are
 * not echoed (they always have a value, and echoing it would add keys the caller never gave).
 */
final class DocumentRecords {
  static final String SILO = "silo";
  static final String KIND = "kind";
  static final String TAGS = "tags";

  /** The metadata keys stored as record fields. */
  static final Set<String> FIELD_KEYS = Set.of(SILO, KIND, "title", "project", "session", TAGS);

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
      MemoryRecord.Builder record = MemoryRecord.builder().id(document.getId()).silo(defaultSilo);
      List<String> tags = new ArrayList<>();
      String project = null;
      String session = null;
      for (Map.Entry<String, Object> entry : document.getMetadata().entrySet()) {
        String key = entry.getKey();
        Object value = entry.getValue();
        if (key.equals(TAGS)) {
          tags.addAll(ownTags(value));
        } else if (!FIELD_KEYS.contains(key) || value instanceof String s && s.isBlank()) {
          // A blank title or scope name is no value for the record; the tag keeps it.
          tags.add(tag(key, value));
        } else if (!(value instanceof String text)) {
          throw new IllegalArgumentException(
              "metadata." + key + ": must be a string (it is a record field), got " + value);
        } else {
          switch (key) {
            case SILO -> record.silo(Silo.parse("metadata.silo", text));
            case KIND -> record.kind(Kind.parse("metadata.kind", text));
            case "title" -> record.title(text);
            case "project" -> project = text;
            case "session" -> session = text;
            default -> throw new IllegalStateException("unmapped field key " + key);
          }
        }
      }
      return record
          .scope(new Scope(namespace, project, null, session))
          .content(document.getText())
          .tags(tags)
          .build(now);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("document " + document.getId() + ": " + e.getMessage(), e);
    }
  }

  /** The metadata a record holds, as it was given (defaults of silo and kind left out). */
  Map<String, Object> metadata(MemoryRecord record) {
    return entries(record, record.silo() != defaultSilo, !isDefaultKind(record));
  }

  /**
   * The metadata a filter sees: every record field that has a value, {@code silo} and {@code kind}
   * always, so a filter on {@code silo == 'rag'} finds records stored at the default.
   */
  static Map<String, Object> view(MemoryRecord record) {
    return entries(record, true, true);
  }

  private static boolean isDefaultKind(MemoryRecord record) {
    return record.kind().equals(Kind.defaultFor(record.silo()));
  }

  private static Map<String, Object> entries(MemoryRecord record, boolean silo, boolean kind) {
    Map<String, Object> entries = new LinkedHashMap<>();
    if (silo) {
      entries.put(SILO, Wire.name(record.silo()));
    }
    if (kind) {
      entries.put(KIND, record.kind().name());
    }
    putIfSet(entries, "title", record.title());
    putIfSet(entries, "project", record.scope().project());
    putIfSet(entries, "session", record.scope().session());
    List<String> own = new ArrayList<>();
    for (String tag : record.tags()) {
      MetadataTag.decode(tag)
          .ifPresentOrElse(entry -> entries.put(entry.key(), entry.value()), () -> own.add(tag));
    }
    if (!own.isEmpty()) {
      entries.put(TAGS, List.copyOf(own));
    }
    return entries;
  }

  private static void putIfSet(Map<String, Object> entries, String key, String value) {
    if (value != null) {
      entries.put(key, value);
    }
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

  /** The tag of one metadata entry; refused, naming the key, when it cannot be stored as one. */
  static String tag(String key, Object value) {
    String tag = new MetadataTag(key, value).encode();
    if (tag.length() > MetadataTag.MAX_CHARS) {
      throw new IllegalArgumentException(
          "metadata."
              + key
              + ": key and value take "
              + tag.length()
              + " characters as the tag "
              + tag.substring(0, 24)
              + "…; at most "
              + MetadataTag.MAX_CHARS
              + " fit (a record tag); put long text in the document text, or in a title");
    }
    return tag;
  }
}
