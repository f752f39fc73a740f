package dev.recall4j.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;

/**
 * The cluster refused a request: its HTTP status, OpenSearch's error type ({@code
 * index_not_found_exception}...) and reason, and the request, all in the message.
 */
final class ClusterException extends IOException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String type;

  private ClusterException(String message, int status, String type) {
    super(message);
    this.status = status;
    this.type = type;
  }

  /** From an error answer: {@code {"error": {"type": ..., "reason": ...}, "status": 400}}. */
  static ClusterException of(String method, String endpoint, JsonNode answer) {
    JsonNode error = answer.path("error");
    JsonNode cause = error.path("root_cause").path(0);
    String type = error.path("type").asText(error.asText("unknown"));
    String reason = error.path("reason").asText("");
    String root =
        cause.isMissingNode() || cause.path("reason").asText("").equals(reason)
            ? ""
            : " (" + cause.path("type").asText() + ": " + cause.path("reason").asText() + ")";
    int status = answer.path("status").asInt(0);
    return new ClusterException(
        "OpenSearch refused "
            + method
            + " "
            + endpoint
            + ": "
            + status
            + " "
            + type
            + ": "
            + reason
            + root,
        status,
        type);
  }

  int status() {
    return status;
  }

  /** OpenSearch's error type, such as {@code resource_already_exists_exception}. */
  String type() {
    return type;
  }
}
