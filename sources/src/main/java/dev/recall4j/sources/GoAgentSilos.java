package dev.recall4j.sources;

/**
 * The mapping of the Go agent's three memory silos (seed 000) onto record fields: the queries its
 * {@code memory:} section's stores become, and the ones {@code docs/SOURCES.md} shows for a {@code
 * sources:} entry. The tables are as the seed describes them: experiences with a description, a
 * summary, tags and a stored embedding ({@code agents/memories/memories.db}); RAG chunks with the
 * document they came from and their number ({@code agents/rag/*.db}); knowledge base observations
 * ({@code agents/knowledge.db}).
 */
public final class GoAgentSilos {
  private GoAgentSilos() {}

  /**
   * {@code memories(id, type, description, summary, tags, created_at, embedding, embedding_model)}.
   */
  public static final String MEMORIES_QUERY =
      "SELECT id, type AS kind, description AS title, summary AS content, tags,"
          + " created_at AS created, embedding AS vector, embedding_model FROM memories";

  /**
   * {@code chunks(id, source, chunk_index, content, embedding)}, embedded with the store's model.
   */
  public static String ragQuery(String embeddingModel) {
    String model = embeddingModel == null ? "" : embeddingModel.replace("'", "''");
    return "SELECT id, content, source AS title, source AS path, chunk_index AS chunk, 'rag' AS silo,"
        + " embedding AS vector, '"
        + model
        + "' AS embedding_model FROM chunks";
  }

  /** {@code observations(id, project_id, kind, content, created_at)}. */
  public static final String KNOWLEDGE_QUERY =
      "SELECT id, content, 'kb' AS silo, kind, created_at AS created FROM observations";

  /** The table each query reads, checked before an agent's store becomes a source. */
  static final String RAG_TABLE = "chunks";

  static final String KNOWLEDGE_TABLE = "observations";
}
