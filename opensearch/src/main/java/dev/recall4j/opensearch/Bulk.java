package dev.recall4j.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Writes records' lines in {@code _bulk} requests, and reads the answers, which succeed or fail
 * item by item.
 */
final class Bulk {
  /** Items named in a failure's message at most: the first few tell what went wrong. */
  private static final int NAMED = 5;

  /**
   * The largest body of one request: a batch of records with vectors is tens of megabytes of JSON
   * (each vector twice: as given and normalised), which a node indexes for longer than a request
   * may take; 5-15 MB is the size OpenSearch's guide advises.
   */
  static final int MAX_BYTES = 8 << 20;

  private Bulk() {}

  /**
   * The bodies of the requests that write these groups of lines, each group (one record's lines)
   * whole in one body, each body at most {@link #MAX_BYTES} unless a single group is larger.
   */
  static List<String> bodies(List<List<JsonNode>> groups) throws IOException {
    List<String> bodies = new ArrayList<>();
    StringBuilder body = new StringBuilder();
    for (List<JsonNode> group : groups) {
      String lines = Cluster.lines(group);
      if (body.length() > 0 && body.length() + lines.length() > MAX_BYTES) {
        bodies.add(body.toString());
        body.setLength(0);
      }
      body.append(lines);
    }
    if (body.length() > 0) {
      bodies.add(body.toString());
    }
    return bodies;
  }

  /**
   * Throws when an item failed, unless with one of the accepted statuses (404 for an update of a
   * document that is not there, where that is expected). A delete of a missing document is no
   * failure.
   *
   * @throws IOException naming the failed items' indices, ids and reasons
   */
  static void requireSuccess(JsonNode answer, Integer... accepted) throws IOException {
    if (!answer.path("errors").asBoolean()) {
      return;
    }
    Set<Integer> ok = Set.of(accepted);
    List<String> failures = new ArrayList<>();
    int failed = 0;
    for (JsonNode item : answer.path("items")) {
      JsonNode result = item.elements().next();
      int status = result.path("status").asInt();
      if (result.has("error") && !ok.contains(status)) {
        failed++;
        if (failures.size() < NAMED) {
          JsonNode error = result.path("error");
          failures.add(
              result.path("_index").asText()
                  + "/"
                  + result.path("_id").asText()
                  + ": "
                  + status
                  + " "
                  + error.path("type").asText()
                  + ": "
                  + error.path("reason").asText());
        }
      }
    }
    if (failed > 0) {
      throw new IOException(
          failed + " of the bulk request's items failed, first " + String.join("; ", failures));
    }
  }
}
