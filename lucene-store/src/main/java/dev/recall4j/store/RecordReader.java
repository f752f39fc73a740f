package dev.recall4j.store;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.DamagedRecordException;
import dev.recall4j.core.store.Hit;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.BytesRef;

/**
 * Turns Lucene's top documents into records and hits, in the store's order (score descending, then
 * id ascending), and refuses to return a record whose stored bytes are damaged, naming its id.
 */
final class RecordReader {
  static final Sort BY_SCORE_THEN_ID =
      new Sort(SortField.FIELD_SCORE, new SortField(Schema.ID, SortField.Type.STRING));
  static final Sort BY_ID = new Sort(new SortField(Schema.ID, SortField.Type.STRING));

  private final Path index;
  private final DecodedRecords decoded = new DecodedRecords(DecodedRecords.MAX_BYTES);

  RecordReader(Path index) {
    this.index = index;
  }

  /** Forgets the records decoded before: their documents changed in place ({@code putFacts}). */
  void forgetDecoded() {
    decoded.clear();
  }

  /**
   * The best {@code topK} hits, score descending then id ascending. Lucene's plain top-k search
   * skips documents that cannot compete (block-max WAND); sorting by score then id disables that
   * and cost 5-10x at 100K records. So the plain search runs first, asking one hit more than
   * needed: only when that extra hit ties the last one kept, a tie straddles the cut and the sorted
   * search decides it by id; otherwise ties inside the top are ordered by id after loading. A hit
   * whose id is a key of {@code known} carries that record, not decoded again.
   */
  List<Hit> search(IndexSearcher searcher, Query query, int topK, KnownRecords known)
      throws IOException {
    ScoreDoc[] top = searcher.search(query, topK + 1).scoreDocs;
    if (top.length > topK && top[topK].score == top[topK - 1].score) {
      top = searcher.search(query, topK, BY_SCORE_THEN_ID, true).scoreDocs;
    } else if (top.length > topK) {
      top = Arrays.copyOf(top, topK);
    }
    return hits(searcher, top, topK, known);
  }

  /**
   * The best {@code topK} of {@code docs} (record documents, any order) as hits, score descending
   * then id ascending. Loads the records down to the last one that ties the {@code topK}-th, but
   * those of {@code known}.
   */
  List<Hit> hits(IndexSearcher searcher, ScoreDoc[] docs, int topK, KnownRecords known)
      throws IOException {
    ScoreDoc[] top = docs.clone();
    Arrays.sort(top, Comparator.comparingDouble((ScoreDoc d) -> -d.score));
    int loaded = Math.min(topK, top.length);
    while (loaded > 0 && loaded < top.length && top[loaded].score == top[loaded - 1].score) {
      loaded++;
    }
    top = Arrays.copyOf(top, loaded);
    List<MemoryRecord> records = load(searcher, top, known);
    // Ties are rare: only a run of equal scores is ordered by id, the rest stays as sorted above.
    List<Hit> result = new ArrayList<>(Math.min(topK, top.length));
    int[] run = new int[top.length];
    for (int from = 0; from < top.length && result.size() < topK; ) {
      int to = from + 1;
      while (to < top.length && top[to].score == top[from].score) {
        to++;
      }
      for (int i = from; i < to; i++) {
        run[i - from] = i;
      }
      if (to - from > 1) {
        sortById(run, to - from, records);
      }
      for (int i = 0; i < to - from && result.size() < topK; i++) {
        result.add(new Hit(records.get(run[i]), result.size() + 1, top[run[i]].score));
      }
      from = to;
    }
    return result;
  }

  /** Sorts the first {@code length} indexes of {@code run} by their records' ids (a short run). */
  private static void sortById(int[] run, int length, List<MemoryRecord> records) {
    for (int i = 1; i < length; i++) {
      int index = run[i];
      String id = records.get(index).id();
      int j = i - 1;
      while (j >= 0 && records.get(run[j]).id().compareTo(id) > 0) {
        run[j + 1] = run[j];
        j--;
      }
      run[j + 1] = index;
    }
  }

  /** The record document of each hit, once, with its best score (hits are in score order). */
  static ScoreDoc[] bestPerRecord(IndexSearcher searcher, ScoreDoc[] docs) throws IOException {
    Map<Integer, ScoreDoc> records = new LinkedHashMap<>();
    for (ScoreDoc hit : docs) {
      LeafReaderContext leaf = leafOf(searcher, hit.doc);
      int record =
          leaf.docBase + Queries.PARENTS.getBitSet(leaf).nextSetBit(hit.doc - leaf.docBase);
      records.putIfAbsent(record, new ScoreDoc(record, hit.score));
    }
    return records.values().toArray(ScoreDoc[]::new);
  }

  List<MemoryRecord> list(IndexSearcher searcher, Query query, int limit) throws IOException {
    return list(searcher, query, limit, BY_ID);
  }

  List<MemoryRecord> list(IndexSearcher searcher, Query query, int limit, Sort order)
      throws IOException {
    return load(searcher, searcher.search(query, limit, order).scoreDocs, KnownRecords.NONE);
  }

  /**
   * The records of {@code docs}, in the given order. Read in doc-id order, because doc values are
   * forward-only iterators per segment. A document decoded before gets that record; else one whose
   * id is a key of {@code known} gets that record: its id (a sorted doc value) is read instead of
   * its blob, which is checksummed and decoded whole, vectors included.
   *
   * @throws DamagedRecordException naming the id of the first record whose stored bytes are damaged
   */
  List<MemoryRecord> load(IndexSearcher searcher, ScoreDoc[] docs, KnownRecords known)
      throws IOException {
    // doc ids are non-negative ints: (doc, position) packed in a long sorts by doc without boxing
    long[] byDoc = new long[docs.length];
    for (int i = 0; i < docs.length; i++) {
      byDoc[i] = (long) docs[i].doc << 32 | i;
    }
    Arrays.sort(byDoc);
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    MemoryRecord[] records = new MemoryRecord[docs.length];
    LeafReaderContext leaf = null;
    Leaf values = null;
    for (long packed : byDoc) {
      int doc = (int) (packed >>> 32);
      int i = (int) packed;
      if (leaf == null || doc >= leaf.docBase + leaf.reader().maxDoc()) {
        leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
        values = new Leaf(leaf.reader());
      }
      records[i] = read(values, doc - leaf.docBase, known);
    }
    return Arrays.asList(records);
  }

  /** One segment's doc values of records, advanced forward only. */
  static final class Leaf {
    private final LeafReader reader;
    private final BinaryDocValues blobs;
    private final NumericDocValues recallCounts;
    private final NumericDocValues lastAccesses;
    private final BinaryDocValues facts;
    private final IndexReader.CacheKey segment;
    private SortedDocValues ids; // opened on first use: only a load with known records reads ids

    Leaf(LeafReader reader) throws IOException {
      this.reader = reader;
      this.blobs = reader.getBinaryDocValues(Schema.RECORD);
      this.recallCounts = reader.getNumericDocValues(Schema.RECALL_COUNT);
      this.lastAccesses = reader.getNumericDocValues(Schema.LAST_ACCESSED_NS);
      this.facts = reader.getBinaryDocValues(Schema.CONTENT_FACTS);
      this.segment = DecodedRecords.segmentOf(reader);
    }

    /** The id of a document (called with increasing {@code leafDoc}), or null when it has none. */
    String id(int leafDoc) throws IOException {
      if (ids == null) {
        ids = reader.getSortedDocValues(Schema.ID);
      }
      return ids != null && ids.advanceExact(leafDoc)
          ? ids.lookupOrd(ids.ordValue()).utf8ToString()
          : null;
    }
  }

  /**
   * The record of one document of a segment (called with increasing {@code leafDoc}): the one
   * decoded before when its access counts have not changed since ({@link DecodedRecords}), else
   * decoded now.
   *
   * @throws DamagedRecordException naming the record's id when its bytes are damaged
   */
  MemoryRecord read(Leaf leaf, int leafDoc) throws IOException {
    return read(leaf, leafDoc, KnownRecords.NONE);
  }

  /**
   * {@link #read(Leaf, int)}, taking the record of {@code known} with the document's id when it was
   * not decoded before: looked up after the decoded ones, since reading the id costs more.
   */
  private MemoryRecord read(Leaf leaf, int leafDoc, KnownRecords known) throws IOException {
    long recallCount = value(leaf.recallCounts, leafDoc, 0);
    Instant lastAccessed = Schema.fromEpochNanos(value(leaf.lastAccesses, leafDoc, Schema.NEVER));
    MemoryRecord held = decoded.get(leaf.segment, leafDoc, recallCount, lastAccessed);
    if (held == null && !known.isEmpty()) {
      held = known.get(leaf.id(leafDoc));
    }
    if (held != null) {
      return held;
    }
    MemoryRecord record = decode(leaf, leafDoc, recallCount, lastAccessed);
    decoded.put(leaf.reader, leaf.segment, leafDoc, record);
    return record;
  }

  private MemoryRecord decode(Leaf leaf, int leafDoc, long recallCount, Instant lastAccessed)
      throws IOException {
    if (leaf.blobs == null || !leaf.blobs.advanceExact(leafDoc)) {
      throw new DamagedRecordException(
          "record "
              + idOf(leaf.reader, leafDoc)
              + " in "
              + index
              + " has no stored record"
              + whatToDo());
    }
    try {
      BytesRef facts =
          leaf.facts != null && leaf.facts.advanceExact(leafDoc) ? leaf.facts.binaryValue() : null;
      return RecordCodec.decode(leaf.blobs.binaryValue(), recallCount, lastAccessed, facts);
    } catch (DamagedRecordException e) {
      throw new DamagedRecordException(
          "record "
              + idOf(leaf.reader, leafDoc)
              + " in "
              + index
              + " is damaged ("
              + e.getMessage()
              + ")"
              + whatToDo(),
          e);
    }
  }

  private String whatToDo() {
    return "; run `recall4j verify --index "
        + index
        + "`, then `recall4j repair` or restore from an export";
  }

  /** The segment holding document {@code doc} of the searcher's reader. */
  static LeafReaderContext leafOf(IndexSearcher searcher, int doc) {
    List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
    return leaves.get(ReaderUtil.subIndex(doc, leaves));
  }

  /**
   * The stored record bytes of document {@code doc}, undecoded and unchecked, or null when it has
   * none; valid until the next read of that segment's blobs.
   */
  static BytesRef blob(IndexSearcher searcher, int doc) throws IOException {
    LeafReaderContext leaf = leafOf(searcher, doc);
    BinaryDocValues blobs = leaf.reader().getBinaryDocValues(Schema.RECORD);
    return blobs != null && blobs.advanceExact(doc - leaf.docBase) ? blobs.binaryValue() : null;
  }

  /** The id of a document, or where it is when the id itself cannot be read. */
  static String idOf(LeafReader reader, int leafDoc) {
    try {
      SortedDocValues ids = reader.getSortedDocValues(Schema.ID);
      if (ids != null && ids.advanceExact(leafDoc)) {
        return ids.lookupOrd(ids.ordValue()).utf8ToString();
      }
    } catch (IOException | RuntimeException e) {
      // the id is damaged too: say where the document is instead
    }
    return "(document " + leafDoc + " of segment " + reader + ", id unreadable)";
  }

  private static long value(NumericDocValues values, int leafDoc, long missing) throws IOException {
    return values != null && values.advanceExact(leafDoc) ? values.longValue() : missing;
  }
}
