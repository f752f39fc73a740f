package dev.recall4j.store;

import dev.recall4j.core.MemoryRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermRangeQuery;
import org.apache.lucene.util.BytesRef;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings an index of schema 2 or 3 (ids unique across the index) to schema 4 (ids unique within a
 * namespace): every record is written again from its stored blob, which holds every field, with its
 * key and its passages' parent key. Nothing is committed here: the caller commits the new schema
 * with it, so a migration cut short leaves the old index as it was, migrated again on the next
 * open.
 */
final class KeyMigration {
  private static final Logger LOG = LoggerFactory.getLogger(KeyMigration.class);
  private static final int BATCH = 1_000;

  private KeyMigration() {}

  /** Rewrites every record of the writer's index under its key; returns how many. */
  static long run(IndexWriter writer, Path path, IndexMetadata metadata) throws IOException {
    RecordReader reader = new RecordReader(path);
    long migrated = 0;
    try (DirectoryReader view = DirectoryReader.open(writer)) {
      IndexSearcher searcher = new IndexSearcher(view);
      LOG.info(
          "index {}: schema {} → {}, record ids scoped by namespace: rewriting {} records",
          path,
          metadata.schema(),
          IndexMetadata.SCHEMA_VERSION,
          searcher.count(Queries.RECORDS));
      String after = null;
      while (true) {
        List<MemoryRecord> batch =
            reader.list(
                searcher,
                after == null
                    ? Queries.RECORDS
                    : TermRangeQuery.newStringRange(Schema.ID, after, null, false, false),
                BATCH);
        if (batch.isEmpty()) {
          break;
        }
        rewrite(writer, batch, metadata);
        migrated += batch.size();
        after = batch.get(batch.size() - 1).id();
      }
    }
    LOG.info(
        "index {}: {} records migrated to schema {}", path, migrated, IndexMetadata.SCHEMA_VERSION);
    return migrated;
  }

  /** Replaces the old documents of a batch (found by id, ids being unique in the old schema). */
  private static void rewrite(IndexWriter writer, List<MemoryRecord> batch, IndexMetadata metadata)
      throws IOException {
    List<BytesRef> ids = new ArrayList<>(batch.size());
    List<Document> docs = new ArrayList<>();
    for (MemoryRecord record : batch) {
      ids.add(new BytesRef(record.id()));
      docs.addAll(Schema.toBlock(record, metadata.dimension(), metadata.model()));
    }
    BooleanQuery old =
        new BooleanQuery.Builder()
            .add(new TermInSetQuery(Schema.ID, ids), BooleanClause.Occur.SHOULD)
            .add(new TermInSetQuery(Schema.PARENT, ids), BooleanClause.Occur.SHOULD)
            .build();
    writer.updateDocuments(old, docs);
  }
}
