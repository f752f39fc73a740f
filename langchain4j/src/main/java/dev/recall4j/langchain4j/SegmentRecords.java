package dev.recall4j.langchain4j;

import dev.langchain4j.data.document.Document;
import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.adapter.MetadataTag;
import dev.recall4j.engine.adapter.RecordField;
import dev.recall4j.engine.adapter.RecordFields;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps a LangChain4j embedding and its {@link TextSegment} to a {@link MemoryRecord} and back.
 *
 * <p>The text becomes the content. Metadata keys named like record fields ({@link #FIELDS}: every
 * {@link RecordField}) become those fields, so recall filters and ranks by them; every other entry
 * becomes a {@link MetadataTag} ({@link RecordFields} has the rules both adapters share). Reading a
 * record back gives the same segment: the field keys are returned when set, except {@code silo},
 * {@code kind} and {@code source} at the store's defaults. What is LangChain4j's own: an embedding
 * added without a segment is stored with its id as the content and the {@link #VECTOR_ONLY} tag,
 * and reads back without one; a document loader's file path or URL becomes the record's origin (see
 * {@link #origin}); LangChain4j metadata holds no booleans, so a boolean entry (written through
 * another adapter) reads back as its text.
 */
final class SegmentRecords {
  /** The metadata keys stored as record fields: all of them. */
  static final RecordFields FIELDS = new RecordFields(EnumSet.allOf(RecordField.class));

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
      MemoryRecord.Builder record = MemoryRecord.builder().id(id).vector(embedding.vector());
      if (segment == null) {
        return record.silo(defaultSilo).scope(scope).content(id).tag(VECTOR_ONLY).build(now);
      }
      Map<String, Object> entries = new LinkedHashMap<>(segment.metadata().toMap());
      List<String> tags = new ArrayList<>();
      origin(entries, record, tags);
      return FIELDS
          .write(entries, scope.namespace(), defaultSilo, tags, record)
          .content(segment.text())
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
    return TextSegment.from(record.content(), metadata(FIELDS.given(record, defaultSilo), record));
  }

  /**
   * What a LangChain4j {@code Filter} tests: the segment's metadata with every field key that has a
   * value, defaults included, so a filter on {@code silo = rag} finds records stored at the
   * default.
   */
  Metadata filterView(MemoryRecord record) {
    return metadata(FIELDS.view(record), record);
  }

  /** The metadata of these entries and the document loader keys the record's origin holds. */
  private static Metadata metadata(Map<String, Object> entries, MemoryRecord record) {
    if (record.origin() != null && record.tags().contains(FILE_ORIGIN)) {
      String path = record.origin().path();
      int slash = path.lastIndexOf('/');
      entries.put(Document.ABSOLUTE_DIRECTORY_PATH, path.substring(0, slash));
      entries.put(Document.FILE_NAME, path.substring(slash + 1));
    } else if (record.origin() != null && record.tags().contains(URL_ORIGIN)) {
      entries.put(Document.URL, record.origin().path());
    }
    return metadata(entries);
  }

  /** LangChain4j metadata of these entries; a boolean, which it cannot hold, as its text. */
  static Metadata metadata(Map<String, Object> entries) {
    entries.replaceAll((key, value) -> value instanceof Boolean b ? b.toString() : value);
    return Metadata.from(entries);
  }
}
