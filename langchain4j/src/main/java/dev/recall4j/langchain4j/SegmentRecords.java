package dev.recall4j.langchain4j;

import dev.langchain4j.data.document.Document;
import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
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
 * one. A document loader's file path or URL becomes the record's origin (see {@link #origin}).
 */
final class SegmentRecords {
  /** The metadata keys stored as record fields; their values must be strings. */
  static final List<String> FIELD_KEYS =
      List.of("silo", "kind", "source", "title", "project", "task", "session");

  /** The document loader keys that may be held by the origin instead of tags. */
  static final List<String> ORIGIN_KEYS =
      List.of(Document.ABSOLUTE_DIRECTORY_PATH, Document.FILE_NAME, Document.URL);

  /** Marks a record added without a segment. */
  static final String VECTOR_ONLY = "langchain4j:vector-only";

  /** Marks a record whose origin holds a document loader's file path. */
  static final String FILE_ORIGIN = "langchain4j:origin=file";

  /** Marks a record whose origin holds a document loader's URL. */
  static final String URL_ORIGIN = "langchain4j:origin=url";

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
      Map<String, Object> entries = new LinkedHashMap<>(segment.metadata().toMap());
      List<String> tags = new ArrayList<>();
      origin(entries, record, tags);
      String project = null;
      String task = null;
      String session = null;
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

  /**
   * Moves a document loader's source into the record's origin, since paths and URLs are often too
   * long for a tag: {@code absolute_directory_path} and {@code file_name} (joined by {@code /}, and
   * split at the last {@code /} on the way back), else {@code url}. A tag marks which, so they come
   * back under their own keys.
   */
  private static void origin(
      Map<String, Object> entries, MemoryRecord.Builder record, List<String> tags) {
    if (entries.get(Document.ABSOLUTE_DIRECTORY_PATH) instanceof String dir
        && entries.get(Document.FILE_NAME) instanceof String file
        && !dir.isBlank()
        && !file.isBlank()
        && file.indexOf('/') < 0) {
      record.origin(Origin.file(dir + "/" + file));
      tags.add(FILE_ORIGIN);
      entries.remove(Document.ABSOLUTE_DIRECTORY_PATH);
      entries.remove(Document.FILE_NAME);
    } else if (entries.get(Document.URL) instanceof String url && !url.isBlank()) {
      record.origin(Origin.file(url));
      tags.add(URL_ORIGIN);
      entries.remove(Document.URL);
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
    if (record.origin() != null && record.tags().contains(FILE_ORIGIN)) {
      String path = record.origin().path();
      int slash = path.lastIndexOf('/');
      entries.put(Document.ABSOLUTE_DIRECTORY_PATH, path.substring(0, slash));
      entries.put(Document.FILE_NAME, path.substring(slash + 1));
    } else if (record.origin() != null && record.tags().contains(URL_ORIGIN)) {
      entries.put(Document.URL, record.origin().path());
    }
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
