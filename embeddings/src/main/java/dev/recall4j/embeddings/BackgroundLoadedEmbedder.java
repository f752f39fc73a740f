package dev.recall4j.embeddings;

import dev.recall4j.core.Embedder;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * An embedder whose model loads on a daemon thread from the moment it is created, so that a caller
 * opens its index while the model loads (a one-shot {@code recall} spends about a second on each).
 * The model id and dimension are known without the model; the first embedding waits for it, and a
 * load failure is thrown from there.
 */
final class BackgroundLoadedEmbedder implements Embedder {
  private final String modelId;
  private final int dimension;
  private final CompletableFuture<Embedder> model;

  BackgroundLoadedEmbedder(String modelId, int dimension, Supplier<Embedder> loader) {
    this.modelId = modelId;
    this.dimension = dimension;
    this.model = new CompletableFuture<>();
    Thread.ofPlatform()
        .daemon()
        .name("recall4j-model-load")
        .start(
            () -> {
              try {
                model.complete(loader.get());
              } catch (RuntimeException | Error e) {
                model.completeExceptionally(e);
              }
            });
  }

  private Embedder model() {
    try {
      return model.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw e;
    }
  }

  @Override
  public String modelId() {
    return modelId;
  }

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public float[] embedQuery(String query) {
    return model().embedQuery(query);
  }

  @Override
  public List<float[]> embedDocuments(List<String> texts) {
    return model().embedDocuments(texts);
  }

  /**
   * Waits for a load under way, then closes the model. Waiting matters: a process that exits while
   * this thread is inside ONNX Runtime's native code (creating its session) crashes in the
   * runtime's exit handlers, as a one-shot command that never needed the model did.
   */
  @Override
  public void close() {
    Embedder loaded = model.handle((embedder, failure) -> embedder).join();
    if (loaded != null) {
      loaded.close();
    }
  }

  @Override
  public String toString() {
    return modelId;
  }
}
