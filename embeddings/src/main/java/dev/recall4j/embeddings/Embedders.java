package dev.recall4j.embeddings;

import dev.recall4j.core.Embedder;
import java.util.List;

/**
 * Factories of {@link Embedder}s: the in-process ONNX models, Ollama, and the query cache.
 *
 * <p>Every embedder returned here is thread-safe, returns finite unit vectors of {@link
 * Embedder#dimension()} components, rejects a null or blank text with an {@link
 * IllegalArgumentException} naming it, and reports model or server failures as {@link
 * EmbeddingException}. Close an embedder to release its threads and native memory.
 */
public final class Embedders {
  /**
   * The in-process model used when none is configured: bge-small-en-v1.5. It ranks better than
   * all-MiniLM-L6-v2 on every shared dataset, dense alone and fused with BM25 (docs/RESULTS.md,
   * "Quality per model"), and a query costs a few milliseconds either way; MiniLM indexes several
   * times as many documents per second, which is why it stays one setting away for bulk ingest on
   * small boards.
   */
  public static final String DEFAULT_MODEL = "bge-small-en-v15-q";

  private Embedders() {}

  /**
   * The names {@link #inProcess} accepts: all-minilm-l6-v2-q, bge-small-en-v15-q ({@link
   * #DEFAULT_MODEL}).
   */
  public static List<String> inProcessModels() {
    return InProcessModel.names();
  }

  /**
   * Loads an ONNX model that ships in a langchain4j Maven artifact; no network, about 1 s. Each
   * call loads a separate copy of the model (ONNX files of 23 MB for MiniLM, 34 MB for bge): create
   * one per application and share it; it is thread-safe.
   *
   * <p>Conventions applied: bge-small-en-v15-q prefixes queries with {@code "Represent this
   * sentence for searching relevant passages: "}; all-minilm-l6-v2-q takes text as it is. A text is
   * cut after 512 word pieces (bge) or 128 (MiniLM), as langchain4j's encoder cut it: chunk long
   * documents.
   *
   * <p>{@code embedQuery} computes on the calling thread; {@code embedDocuments} one text per core
   * at a time, the calling thread one of them, each text its own single-threaded run, never padded
   * into a batch (the models' dynamic quantisation would make a vector depend on its batch).
   *
   * @param modelName one of {@link #inProcessModels()}
   * @throws IllegalArgumentException naming {@code embedder.model} and the accepted names when the
   *     name is unknown
   * @throws IllegalStateException naming the Maven artifact to add when the model is not on the
   *     class path (the artifacts are optional dependencies of this module)
   */
  public static Embedder inProcess(String modelName) {
    InProcessModel model = InProcessModel.named(modelName);
    ClassLoader loader = Embedders.class.getClassLoader();
    checkOnClassPath(model, loader);
    return OnnxEmbedder.load(model, loader);
  }

  private static void checkOnClassPath(InProcessModel model, ClassLoader loader) {
    if (loader.getResource(model.onnxResource) == null
        || loader.getResource("ai/djl/huggingface/tokenizers/HuggingFaceTokenizer.class") == null
        || loader.getResource("ai/onnxruntime/OrtSession.class") == null) {
      // Checked here, before OnnxEmbedder is loaded: its verification needs the ONNX classes.
      throw new IllegalStateException(model.missingArtifactMessage());
    }
  }

  /**
   * {@link #inProcess(String)} with the model loading on a daemon thread from now on: the model id
   * and dimension are answered at once, the first embedding waits for the model. The class-path
   * checks run here, so a missing artifact still fails at once; a model that fails to load fails
   * the first embedding.
   */
  public static Embedder inProcessInBackground(String modelName) {
    InProcessModel model = InProcessModel.named(modelName);
    ClassLoader loader = Embedders.class.getClassLoader();
    checkOnClassPath(model, loader);
    return new BackgroundLoadedEmbedder(
        model.modelName, InProcessModel.DIMENSION, () -> OnnxEmbedder.load(model, loader));
  }

  /**
   * An embedder backed by an Ollama server. Nothing is sent until the first call; {@link
   * Embedder#dimension()} embeds a probe text when asked before anything else. Every request is
   * bounded by {@link OllamaOptions#timeout()}: a dead, slow or unreachable server gives an {@link
   * EmbeddingException} naming host and model, never a hang. {@link Embedder#modelId()} is {@code
   * "ollama:" + model}.
   */
  public static Embedder ollama(OllamaOptions options) {
    return new OllamaEmbedder(options);
  }

  /**
   * Wraps an embedder with a bounded LRU cache of query vectors, keyed by model id and exact query
   * text. Documents are not cached. Closing the wrapper closes the embedder.
   *
   * @param maxEntries vectors kept, >= 1; 1,024 vectors of 384 floats take about 1.6 MB
   * @throws IllegalArgumentException naming {@code cache.maxEntries} or {@code embedder}
   */
  public static Embedder cached(Embedder embedder, int maxEntries) {
    return new CachingEmbedder(embedder, maxEntries);
  }
}
