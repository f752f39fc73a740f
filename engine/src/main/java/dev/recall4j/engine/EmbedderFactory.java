package dev.recall4j.engine;

import dev.recall4j.core.Embedder;
import dev.recall4j.core.InvalidFieldException;
import dev.recall4j.embeddings.Embedders;
import dev.recall4j.embeddings.OllamaModels;
import dev.recall4j.embeddings.OllamaOptions;
import java.util.OptionalInt;

/** The embedder a configuration names, and what its model tells about the context window. */
final class EmbedderFactory {
  /** The prefix of {@link OllamaOptions}' field names, which the file names {@code embedder.*}. */
  private static final String OLLAMA = "ollama.";

  private EmbedderFactory() {}

  /** The embedder of {@code embedder.provider}, or null for {@code none}. */
  static Embedder create(EmbedderSettings settings) {
    return switch (settings.provider()) {
      case NONE -> null;
      // Loads while the engine opens its index: about a second each, in parallel on 2 cores.
      case ONNX -> Embedders.inProcessInBackground(settings.model());
      case OLLAMA -> Embedders.ollama(ollamaOptions(settings));
    };
  }

  /**
   * The model's context window: {@code budget.context_length} when set; else, for an Ollama
   * embedder, what the server reports for that model ({@code /api/show}), since agents that embed
   * with Ollama usually chat with it too; else unknown.
   */
  static OptionalInt contextLength(EngineConfig config) {
    if (config.budget().contextLength() > 0) {
      return OptionalInt.of(config.budget().contextLength());
    }
    return config.embedder().provider() == EmbedderProvider.OLLAMA
        ? OllamaModels.contextLength(ollamaOptions(config.embedder()))
        : OptionalInt.empty();
  }

  /** The Ollama settings, a bad one named by its {@code recall4j.yaml} key ({@code embedder.*}). */
  private static OllamaOptions ollamaOptions(EmbedderSettings settings) {
    try {
      return OllamaOptions.builder(settings.model())
          .host(settings.host())
          .timeout(settings.timeout())
          .batchSize(settings.batchSize())
          .build();
    } catch (InvalidFieldException e) {
      String field = e.field();
      if (!field.startsWith(OLLAMA)) {
        throw e;
      }
      throw new InvalidFieldException(
          "embedder." + field.substring(OLLAMA.length()), e.problem(), e);
    }
  }
}
