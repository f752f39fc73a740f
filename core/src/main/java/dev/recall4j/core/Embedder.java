package dev.recall4j.core;

import java.util.List;

/**
 * Turns text into vectors for the semantic path.
 *
 * <p>Contract: every vector has {@link #dimension()} finite components and unit L2 length (the
 * index scores by dot product). Queries and documents are embedded by separate methods because many
 * models want different prefixes or instructions for each. Implementations must be safe for
 * concurrent use. Calls may block (an in-process model computes, a remote one waits on the
 * network); callers that must not wait wrap them in a deadline.
 */
public interface Embedder extends AutoCloseable {

  /** A stable identifier of the model, recorded in the index; a different id means re-embedding. */
  String modelId();

  /** The number of components of every vector this embedder returns. */
  int dimension();

  /** Embeds a search query. */
  float[] embedQuery(String query);

  /** Embeds stored texts, in order; one vector per text. */
  List<float[]> embedDocuments(List<String> texts);

  /** Releases native resources; the default does nothing. */
  @Override
  default void close() {}
}
