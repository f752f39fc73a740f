package dev.recall4j.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * The version of what a store's searches see, from the cluster's shard statistics: for every copy
 * of every shard of both indices, how many times its searchable view was refreshed ({@code
 * refresh.external_total}) and the highest operation it holds ({@code seq_no.max_seq_no}), hashed.
 *
 * <p>A write becomes visible to searches only by a refresh, which changes the first number after
 * the new view is in place; an access-statistics update is read in real time, and changes the
 * second. Every copy counts, since a search may be answered by any copy, and each refreshes on its
 * own. So two reads of the same version see the same answers; the version may also change without
 * any visible change (a refresh with nothing new, a replica that starts or moves), which costs a
 * cache a recomputation, never a stale answer.
 */
final class StoreVersion {
  private static final long FNV_OFFSET = 0xcbf29ce484222325L;
  private static final long FNV_PRIME = 0x100000001b3L;

  private StoreVersion() {}

  static long read(Cluster cluster, String... indices) throws IOException {
    JsonNode stats =
        cluster.call(
            "GET",
            "/" + String.join(",", indices) + "/_stats/refresh",
            Map.of(
                "level",
                "shards",
                "filter_path",
                "indices.*.shards.*.routing,indices.*.shards.*.refresh.external_total,"
                    + "indices.*.shards.*.seq_no.max_seq_no"),
            null);
    // Sorted, so that the same state always hashes alike whatever order the answer lists it in.
    Map<String, String> copies = new TreeMap<>();
    stats
        .path("indices")
        .properties()
        .forEach(
            index ->
                index
                    .getValue()
                    .path("shards")
                    .properties()
                    .forEach(
                        shard -> {
                          for (JsonNode copy : shard.getValue()) {
                            copies.put(
                                index.getKey()
                                    + "/"
                                    + shard.getKey()
                                    + "/"
                                    + copy.path("routing").path("node").asText()
                                    + "/"
                                    + copy.path("routing").path("primary").asBoolean(),
                                copy.path("refresh").path("external_total").asLong()
                                    + ":"
                                    + copy.path("seq_no").path("max_seq_no").asLong());
                          }
                        }));
    long hash = FNV_OFFSET;
    for (byte b : copies.toString().getBytes(StandardCharsets.UTF_8)) {
      hash = (hash ^ (b & 0xff)) * FNV_PRIME;
    }
    return hash;
  }
}
