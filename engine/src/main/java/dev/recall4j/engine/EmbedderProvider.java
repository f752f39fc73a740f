package dev.recall4j.engine;

import dev.recall4j.core.Wire;

/** Where query and document vectors come from. */
public enum EmbedderProvider {
  /** No embedder: lexical recall only. */
  NONE,
  /** An ONNX model shipped in a Maven artifact, run in-process; no network. The default. */
  ONNX,
  /** An Ollama server's {@code /api/embed}. */
  OLLAMA;

  public static EmbedderProvider parse(String field, String value) {
    return Wire.parse(EmbedderProvider.class, field, value);
  }
}
