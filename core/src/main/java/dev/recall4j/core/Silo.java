package dev.recall4j.core;

/** Which of the three knowledge silos a record belongs to. All silos share one index. */
public enum Silo {
  /** Agent memories: profile, project facts, tool use, workflows, preferences, corrections. */
  MEMORY,
  /** Chunks of ingested documents for retrieval-augmented generation. */
  RAG,
  /** Knowledge-base observations about the project. */
  KB;

  /** Parses the wire name ({@code memory}, {@code rag}, {@code kb}), naming the field on error. */
  public static Silo parse(String field, String value) {
    return Wire.parse(Silo.class, field, value);
  }
}
