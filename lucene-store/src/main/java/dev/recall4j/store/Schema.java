package dev.recall4j.store;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Wire;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.VectorUtil;

/**
 * Field names and the mapping of a record to a Lucene document; the table is atop {@link
 * LuceneStore}.
 */
final class Schema {
  static final String ID = "id";

  /** The record's {@link dev.recall4j.core.store.RecordKey} as one term ({@link Keys#encode}). */
  static final String KEY = "key";

  static final String SILO = "silo";
  static final String KIND = "kind";
  static final String TIER = "tier";
  static final String STATUS = "status";
  static final String NAMESPACE = "namespace";
  static final String PROJECT = "project";
  static final String TASK = "task";
  static final String SESSION = "session";
  static final String TAG = "tag";
  static final String TEXT = "text";
  static final String TAGS = "tags";
  static final String CODE = "code";
  static final String CREATED_MS = "created_ms";
  static final String UPDATED_MS = "updated_ms";
  static final String LAST_ACCESSED_NS = "last_accessed_ns";
  static final String RECALL_COUNT = "recall_count";
  static final String VECTOR = "vector";
  static final String RECORD = "record";

  /** A record's {@link dev.recall4j.core.ContentFacts} ({@link FactsCodec}), when it has any. */
  static final String CONTENT_FACTS = "content_facts";

  /** Marks the stub document that defines {@link #CONTENT_FACTS} in an index without it. */
  static final String FACTS_STUB = "facts_stub";

  /** The id a record supersedes: finds a record's newer versions in one lookup. */
  static final String SUPERSEDES = "supersedes";

  /** On a passage document: the key of the record whose further passage it embeds. */
  static final String PARENT = "parent";

  /**
   * The term a missing project, task or session is indexed as. Scope names are 1-128 characters, so
   * the empty string can never collide with a real value.
   */
  static final String NONE = "";

  /** Doc value of {@link #LAST_ACCESSED_NS} for "never accessed"; no valid instant maps to it. */
  static final long NEVER = Long.MIN_VALUE;

  static final VectorSimilarityFunction SIMILARITY = VectorSimilarityFunction.DOT_PRODUCT;

  private Schema() {}

  /** English for the BM25 text fields, the code-aware chain for {@link #CODE}. */
  static Analyzer analyzer() {
    Analyzer english = new EnglishAnalyzer();
    return new PerFieldAnalyzerWrapper(english, Map.of(CODE, new CodeAnalyzer()));
  }

  /** The searchable text of a record: title, content and summary, one per line. */
  static String text(MemoryRecord r) {
    StringBuilder text = new StringBuilder();
    if (r.title() != null) {
      text.append(r.title()).append('\n');
    }
    text.append(r.content());
    if (r.summary() != null) {
      text.append('\n').append(r.summary());
    }
    return text.toString();
  }

  /**
   * The documents of a record, as one block in this order: one passage document per further passage
   * vector (only {@link #PARENT} and {@link #VECTOR}), then the record's own document with its
   * first vector (see {@link #toDocument}). Lucene keeps a block contiguous through merges, so a
   * passage document's record is the next record document of its segment.
   */
  static List<Document> toBlock(MemoryRecord r, int dimension, String model) {
    Document record = toDocument(r, dimension, model);
    List<float[]> passages = r.passageVectors();
    if (passages.isEmpty()) {
      return List.of(record);
    }
    List<Document> block = new ArrayList<>(passages.size() + 1);
    for (int i = 0; i < passages.size(); i++) {
      Document passage = new Document();
      passage.add(new StringField(PARENT, Keys.encode(r), Field.Store.NO));
      passage.add(
          new KnnFloatVectorField(
              VECTOR,
              unitVector(passages.get(i), dimension, model, "passageVectors[" + i + "]"),
              SIMILARITY));
      block.add(passage);
    }
    block.add(record);
    return block;
  }

  /**
   * Builds the document of a record, validating what the index adds to the record's own checks: the
   * vector's dimension and model, and that times fit the doc-value encodings.
   *
   * @param dimension the index dimension, 0 for a lexical-only index
   * @param model the index's embedding model, or null
   */
  private static Document toDocument(MemoryRecord r, int dimension, String model) {
    Checks.notNull(r, "record");
    float[] unit = r.vector() == null ? null : unitVector(r.vector(), dimension, model, "vector");
    if (unit != null && model != null && r.embeddingModel() != null) {
      Checks.require(
          model.equals(r.embeddingModel()),
          "embeddingModel",
          "the record's vector was made by %s but the index holds vectors of %s",
          Checks.excerpt(r.embeddingModel()),
          model);
    }
    Document doc = new Document();
    doc.add(new StringField(ID, r.id(), Field.Store.NO));
    doc.add(new SortedDocValuesField(ID, new BytesRef(r.id())));
    String key = Keys.encode(r);
    doc.add(new StringField(KEY, key, Field.Store.NO));
    doc.add(new SortedDocValuesField(KEY, new BytesRef(key)));
    keyword(doc, SILO, Wire.name(r.silo()));
    keyword(doc, KIND, r.kind().name());
    keyword(doc, TIER, Wire.name(r.tier()));
    keyword(doc, STATUS, Wire.name(r.status()));
    doc.add(new StringField(NAMESPACE, r.scope().namespace(), Field.Store.NO));
    doc.add(new StringField(PROJECT, orNone(r.scope().project()), Field.Store.NO));
    doc.add(new StringField(TASK, orNone(r.scope().task()), Field.Store.NO));
    doc.add(new StringField(SESSION, orNone(r.scope().session()), Field.Store.NO));
    for (String tag : r.tags()) {
      doc.add(new StringField(TAG, tag, Field.Store.NO));
    }
    if (r.supersedes() != null) {
      doc.add(new StringField(SUPERSEDES, r.supersedes(), Field.Store.NO));
    }
    String text = text(r);
    doc.add(new TextField(TEXT, text, Field.Store.NO));
    doc.add(new TextField(CODE, text, Field.Store.NO));
    if (!r.tags().isEmpty()) {
      doc.add(new TextField(TAGS, String.join("\n", r.tags()), Field.Store.NO));
    }
    time(doc, CREATED_MS, epochMillis(r.created(), "created"));
    time(doc, UPDATED_MS, epochMillis(r.updated(), "updated"));
    doc.add(
        new NumericDocValuesField(
            LAST_ACCESSED_NS,
            r.lastAccessed() == null ? NEVER : epochNanos(r.lastAccessed(), "lastAccessed")));
    doc.add(new NumericDocValuesField(RECALL_COUNT, r.recallCount()));
    if (unit != null) {
      doc.add(new KnnFloatVectorField(VECTOR, unit, SIMILARITY));
    }
    // Binary doc values, not a stored field: stored fields are LZ4-compressed in blocks, and
    // decompressing a block per hit was 90% of a search's time (15 us a hit on SciFact). Doc values
    // are read in place, at the cost of storing the blob uncompressed.
    doc.add(new BinaryDocValuesField(RECORD, RecordCodec.encode(r)));
    if (r.contentFacts() != null) {
      doc.add(
          new BinaryDocValuesField(
              CONTENT_FACTS, FactsCodec.encode(r.contentFacts(), r.contentHash())));
    }
    return doc;
  }

  /**
   * Checks a vector against the index dimension and returns an L2-normalised copy, so that the dot
   * product the index computes is the cosine.
   */
  static float[] unitVector(float[] vector, int dimension, String model, String field) {
    Checks.require(
        vector.length == dimension,
        field,
        "dimension %d does not match the index dimension %d (model %s)",
        vector.length,
        dimension,
        model == null ? "none recorded" : model);
    for (int i = 0; i < vector.length; i++) {
      Checks.require(
          Float.isFinite(vector[i]),
          field,
          "component %d is %s; every component must be finite",
          i,
          vector[i]);
    }
    double squares = 0;
    for (float f : vector) {
      squares += (double) f * f;
    }
    Checks.require(squares > 0, field, "must not be all zeros: it has no direction to compare");
    float[] unit = Arrays.copyOf(vector, vector.length);
    VectorUtil.l2normalize(unit);
    return unit;
  }

  /** Nanoseconds since the epoch: exact for instants between 1677-09-21 and 2262-04-11. */
  static long epochNanos(Instant t, String field) {
    try {
      return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000_000L), t.getNano());
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(
          field + ": must be between 1677-09-21 and 2262-04-11, got " + t, e);
    }
  }

  static Instant fromEpochNanos(long nanos) {
    return nanos == NEVER
        ? null
        : Instant.ofEpochSecond(
            Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
  }

  private static long epochMillis(Instant t, String field) {
    try {
      return t.toEpochMilli();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(field + ": out of range, got " + t, e);
    }
  }

  private static void keyword(Document doc, String field, String value) {
    doc.add(new StringField(field, value, Field.Store.NO));
    doc.add(new SortedDocValuesField(field, new BytesRef(value)));
  }

  private static void time(Document doc, String field, long millis) {
    doc.add(new LongPoint(field, millis));
    doc.add(new NumericDocValuesField(field, millis));
  }

  private static String orNone(String scopeValue) {
    return scopeValue == null ? NONE : scopeValue;
  }
}
