package dev.recall4j.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.RecordKey;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a records' index of mapping schema 1 or 2 (documents named by record id, ids unique across
 * the index) to schema 3 (named {@code namespace/id}): each record is written again under its new
 * name with its statistics, and its old document and statistics deleted, a batch per bulk request;
 * then the schema is recorded. A migration cut short is taken up by the next writer that opens the
 * index (a record already under its new name is skipped).
 */
final class KeyMigration {
  private static final Logger LOG = LoggerFactory.getLogger(KeyMigration.class);
  private static final int BATCH = 1_000;

  private KeyMigration() {}

  static void run(
      OpenSearchStore store, Cluster cluster, OpenSearchOptions options, IndexSetup.Embedding old)
      throws IOException {
    LOG.info(
        "index {}: mapping schema {} → {}, record ids scoped by namespace: rewriting every record",
        options.index(),
        old.schema(),
        Mapping.SCHEMA);
    AccessStats access = new AccessStats(cluster, options.accessIndex());
    Found found = new Found(options.index(), access);
    long migrated = 0;
    String after = null;
    while (true) {
      ObjectNode body = Searches.byId(Cluster.JSON.createArrayNode(), after, BATCH);
      body.put("_source", true);
      List<JsonNode> hits =
          Found.hitsOf(cluster.call("POST", "/" + options.index() + "/_search", Map.of(), body));
      if (hits.isEmpty()) {
        break;
      }
      List<MemoryRecord> records = found.records(hits);
      List<List<JsonNode>> groups = new ArrayList<>();
      for (int i = 0; i < hits.size(); i++) {
        JsonNode hit = hits.get(i);
        MemoryRecord record = records.get(i);
        RecordKey key = RecordKey.of(record);
        String oldId = hit.path("_id").asText();
        if (oldId.equals(DocIds.scoped(key))) {
          continue;
        }
        List<JsonNode> lines =
            new ArrayList<>(
                store.indexLines(
                    key, Documents.toSource(record, old.dimension(), old.model()), record));
        lines.add(store.recordAction("delete", oldId, hit.path("_routing").asText()));
        lines.add(access.delete(oldId));
        groups.add(lines);
      }
      if (!groups.isEmpty()) {
        store.bulk(groups);
        migrated += groups.size();
      }
      after = hits.get(hits.size() - 1).path("sort").get(0).asText();
    }
    cluster.call(
        "PUT",
        "/" + options.index() + "/_mapping",
        Map.of(),
        Mapping.meta(Mapping.SCHEMA, old.model(), old.dimension()));
    LOG.info(
        "index {}: {} records migrated to schema {}", options.index(), migrated, Mapping.SCHEMA);
  }
}
