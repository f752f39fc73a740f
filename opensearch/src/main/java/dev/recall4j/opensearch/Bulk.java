package dev.recall4j.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Reads the answer of a {@code _bulk} request, which succeeds or fails item by item. */
final class Bulk {
  /** Items named in a failure's message at most: the first few tell what went wrong. */
  private static final int NAMED = 5;

  private Bulk() {}

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
