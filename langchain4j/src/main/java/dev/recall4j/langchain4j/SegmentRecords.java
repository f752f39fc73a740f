package dev.recall4j.langchain4j;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Wire;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps a LangChain4j embedding and its {@link TextSegment} to a {@link MemoryRecord} and back.
 *
 * <p>The text becomes the content. Metadata keys named like record fields ({@link #FIELD_KEYS})
 * become those fields, so recall filters and ranks by them; every other entry becomes a {@link
 * MetadataTag}. Reading a record back gives the same segment: the field keys are returned when set,
 * except {@code silo}, {@code kind} and {@code source} at the store's defaults (they always have a
 * value, and echoing it would add keys the caller never gave). An embedding added without a segment
 * is stored with its id as the content and the {@link #VECTOR_ONLY} tag, and reads back without
 * one.
 */
final class SegmentRecords {
  /** The metadata keys stored as record fields; their values must be strings. */
  static final List<String> FIELD_KEYS =
      List.of("silo", "kind", "source", "title", "project", "task", "session");

  /** Marks a record added without a segment. */
  static final String VECTOR_ONLY = "langchain4j:vector-only";

  private final Scope scope;
  private final Silo defaultSilo;

  SegmentRecords(Scope scope, Silo defaultSilo) {
    this.scope = scope;
    this.defaultSilo = defaultSilo;
  }

  /**
   * The record of one embedding.
   *
   * @throws IllegalArgumentException naming the id and the metadata key or record field at fault
   */
  MemoryRecord toRecord(String id, Embedding embedding, TextSegment segment, Instant now) {
    try {
      MemoryRecord.Builder record =
          MemoryRecord.builder().id(id).silo(defaultSilo).vector(embedding.vector());
      if (segment == null) {
        return record.scope(scope).content(id).tag(VECTOR_ONLY).build(now);
      }
      Map<String, Object> entries = segment.metadata().toMap();
      String project = null;
      String task = null;
      String session = null;
      List<String> tags = new ArrayList<>();
      for (Map.Entry<String, Object> entry : entries.entrySet()) {
        String key = entry.getKey();
        Object value = entry.getValue();
        if (!FIELD_KEYS.contains(key) || isBlankString(value)) {
          // A blank title or scope name is no value for the record; the tag keeps it.
          tags.add(tag(key, value));
          continue;
        }
        if (!(value instanceof String text)) {
          throw new IllegalArgumentException(
              "metadata." + key + ": must be a string (it is a record field), got " + value);
        }
        switch (key) {
          case "silo" -> record.silo(Silo.parse("metadata.silo", text));
          case "kind" -> record.kind(Kind.parse("metadata.kind", text));
          case "source" -> record.source(Source.parse("metadata.source", text));
          case "title" -> record.title(text);
          case "project" -> project = text;
          case "task" -> task = text;
          case "session" -> session = text;
          default -> throw new IllegalStateException("unmapped field key " + key);
        }
      }
      return record
          .scope(new Scope(scope.namespace(), project, task, session))
          .content(segment.text())
          .tags(tags)
          .build(now);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("embedding " + id + ": " + e.getMessage(), e);
    }
  }

  /** The segment a record holds, or null for an embedding added without one. */
  TextSegment toSegment(MemoryRecord record) {
    if (record.tags().contains(VECTOR_ONLY)) {
      return null;
    }
    return TextSegment.from(record.content(), Metadata.from(entries(record, false)));
  }

  /**
   * What a LangChain4j {@code Filter} tests: the segment's metadata with every field key that has a
   * value, defaults included, so a filter on {@code silo = rag} finds records stored at the
   * default.
   */
  Metadata filterView(MemoryRecord record) {
    return Metadata.from(entries(record, true));
  }

  private Map<String, Object> entries(MemoryRecord record, boolean withDefaults) {
    Map<String, Object> entries = new LinkedHashMap<>();
    if (withDefaults || record.silo() != defaultSilo) {
      entries.put("silo", Wire.name(record.silo()));
    }
    if (withDefaults || !record.kind().equals(Kind.defaultFor(record.silo()))) {
      entries.put("kind", record.kind().name());
    }
    if (withDefaults || record.source() != Source.AGENT) {
      entries.put("source", Wire.name(record.source()));
    }
    putIfSet(entries, "title", record.title());
    putIfSet(entries, "project", record.scope().project());
    putIfSet(entries, "task", record.scope().task());
    putIfSet(entries, "session", record.scope().session());
    for (String tag : record.tags()) {
      MetadataTag.decode(tag).ifPresent(m -> entries.put(m.key(), m.value()));
    }
    return entries;
  }

  private static boolean isBlankString(Object value) {
    return value instanceof String text && text.isBlank();
  }

  private static void putIfSet(Map<String, Object> entries, String key, String value) {
    if (value != null) {
      entries.put(key, value);
    }
  }

  /** The tag of one metadata entry; refused, naming the key, when it is too long to store. */
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
              + " fit (a record tag); put long text in the segment, or in a title");
    }
    return tag;
  }
}
