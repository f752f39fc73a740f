package dev.recall4j.server;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.Map;

/**
 * What one tool call returns, for either transport: a text rendering for a model to read, and the
 * structured result for a program (MCP {@code structuredContent}, the JSON API's body), as the
 * plain values (maps, lists, strings, numbers) both send.
 */
record Answer(String text, Map<String, Object> structured) {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<Map<String, Object>> STRUCTURE = new TypeReference<>() {};

  Answer {
    structured = Collections.unmodifiableMap(structured);
  }

  /**
   * An answer whose structured result is a finished JSON shape ({@code JsonShapes}, {@link
   * PageShapes}).
   */
  static Answer of(String text, ObjectNode shape) {
    return new Answer(text, JSON.convertValue(shape, STRUCTURE));
  }
}
