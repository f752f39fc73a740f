package dev.recall4j.embeddings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/** Pulls the server's own words out of Ollama error bodies, for messages a user can act on. */
final class OllamaErrors {
  static final ObjectMapper JSON = new ObjectMapper();

  private OllamaErrors() {}

  /**
   * The {@code "error"} field of the first JSON object in the text (Ollama answers errors with
   * {@code {"error": "..."}}, and ollama4j reports them as {@code "<status> - <body>"}), else the
   * text itself, or {@code "no detail"} when there is none.
   */
  static String serverMessage(String text) {
    if (text == null || text.isBlank()) {
      return "no detail";
    }
    int brace = text.indexOf('{');
    if (brace >= 0) {
      try {
        JsonNode error = JSON.readTree(text.substring(brace)).path("error");
        if (error.isTextual()) {
          return error.asText();
        }
      } catch (IOException notJson) {
        // Not an Ollama error body: fall through to the raw text.
      }
    }
    return text.strip();
  }
}
