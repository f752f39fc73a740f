package dev.recall4j.langchain4j;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.output.Response;
import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import java.util.List;

/**
 * A recall4j {@link Embedder} as a LangChain4j {@link EmbeddingModel}, so that the segments an
 * application embeds for a {@link Recall4jEmbeddingStore} get the vectors of the engine's own model
 * (an index holds one model's vectors, and hybrid recall embeds queries with that model). Texts are
 * embedded as documents ({@link Embedder#embedDocuments}); the embedder stays the caller's to
 * close.
 */
public final class Recall4jEmbeddingModel implements EmbeddingModel {
  private final Embedder embedder;

  public Recall4jEmbeddingModel(Embedder embedder) {
    this.embedder = Checks.notNull(embedder, "embedder");
  }

  @Override
  public Response<List<Embedding>> embedAll(List<TextSegment> segments) {
    if (segments == null || segments.isEmpty()) {
      return Response.from(List.of());
    }
    List<float[]> vectors =
        embedder.embedDocuments(segments.stream().map(TextSegment::text).toList());
    return Response.from(vectors.stream().map(Embedding::from).toList());
  }

  @Override
  public int dimension() {
    return embedder.dimension();
  }

  @Override
  public String modelName() {
    return embedder.modelId();
  }
}
