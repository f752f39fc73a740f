package dev.recall4j.springai;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import java.util.ArrayList;
import java.util.List;
import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.Embedding;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.embedding.EmbeddingRequest;
import org.springframework.ai.embedding.EmbeddingResponse;

/**
 * A recall4j {@link Embedder} as a Spring AI {@link EmbeddingModel}, so that what an application
 * embeds itself gets the vectors of the engine's own model (an index holds one model's vectors, and
 * hybrid recall embeds queries with that model): {@code new
 * Recall4jEmbeddingModel(engine.embedder().orElseThrow())}.
 *
 * <p>Texts are embedded as documents ({@link Embedder#embedDocuments}); request options are ignored
 * (the engine's configuration chose the model). The embedder stays the caller's to close.
 * Thread-safe, as embedders are.
 */
public final class Recall4jEmbeddingModel implements EmbeddingModel {
  private final Embedder embedder;

  /**
   * @param embedder the engine's embedder, not null
   */
  public Recall4jEmbeddingModel(Embedder embedder) {
    this.embedder = Checks.notNull(embedder, "embedder");
  }

  @Override
  public EmbeddingResponse call(EmbeddingRequest request) {
    Checks.notNull(request, "request");
    List<float[]> vectors = embedder.embedDocuments(request.getInstructions());
    List<Embedding> embeddings = new ArrayList<>(vectors.size());
    for (int i = 0; i < vectors.size(); i++) {
      embeddings.add(new Embedding(vectors.get(i), i));
    }
    return new EmbeddingResponse(embeddings);
  }

  /**
   * Embeds the document's text.
   *
   * @throws IllegalArgumentException for a document without text (media)
   */
  @Override
  public float[] embed(Document document) {
    Checks.notNull(document, "document");
    Checks.require(document.isText(), "document", "has no text to embed (id %s)", document.getId());
    return embedder.embedDocuments(List.of(document.getText())).get(0);
  }

  /** The engine's dimension, without embedding anything. */
  @Override
  public int dimensions() {
    return embedder.dimension();
  }
}
