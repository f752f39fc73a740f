package dev.recall4j.server;

import java.util.Map;

/**
 * What one operation returns, for either transport: a text rendering for a model to read, and the
 * structured result (the engine's {@code JsonShapes} or {@link ResultShapes}) for a program, which
 * is also the JSON API's body.
 */
record Answer(String text, Map<String, Object> structured) {
  Answer {
    structured = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(structured));
  }
}
