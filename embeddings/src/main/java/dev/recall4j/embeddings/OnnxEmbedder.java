package dev.recall4j.embeddings;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/*
 * An in-process ONNX model through langchain4j's OnnxBertBiEncoder.
 *
 * Threads. langchain4j's own model classes open their ONNX Runtime session with default options
 * (intra-op threads = cores) and run embedAll on a pool of `cores` threads, so on 2 cores four
 * compute threads fight for two cores. Here the session gets one intra-op thread and documents are
 * spread over one worker per core: on SciFact abstracts that was 25-55 % more documents/s for
 * both models, and a query (one short sequence) is as fast as with two intra-op threads
 * (docs/RESULTS.md ("Embedding models")). Each document is still one ONNX run: langchain4j does not pad several
 * texts into one batch tensor.
 *
 * Long texts. OnnxBertBiEncoder tokenises the whole text, cuts it into windows of 510 word pieces,
 * embeds each window and returns the token-count-weighted average of the window vectors,
 * normalised. Nothing is silently cut, but a long text becomes a blur of its windows, and MiniLM
 * sees windows twice as long as it was trained on (256): chunk before embedding.
 */
final class OnnxEmbedder implements Embedder {
  private static final Logger LOG = LoggerFactory.getLogger(OnnxEmbedder.class);

  private final InProcessModel model;
  private final OrtSession session;
  private final ExecutorService workers;
  private final Encoder encoder;
  private volatile boolean closed;

  private OnnxEmbedder(InProcessModel model, OrtSession session, OnnxBertBiEncoder bert) {
    this.model = model;
    this.session = session;
    this.workers =
        Executors.newFixedThreadPool(
            workerCount(), DaemonThreads.named("recall4j-embed-" + model.modelName));
    this.encoder = new Encoder(workers, bert);
  }

  /**
   * Loads the model's ONNX graph and tokenizer (about 1 s from the class path; about half of that
   * once {@link ModelFiles} has copied the graph and the runtime's libraries to disk). The
   * tokenizer's native library loads on a second thread meanwhile: it probes the platform (and for
   * CUDA) for about 0.4 s and needs nothing from the ONNX session.
   */
  static OnnxEmbedder load(InProcessModel model, ClassLoader loader) {
    long start = System.nanoTime();
    DaemonThreads.named("recall4j-tokenizer-load")
        .newThread(() -> loadTokenizerLibrary(loader))
        .start();
    ModelFiles.useCachedRuntimeLibraries(loader);
    OrtEnvironment environment = OrtEnvironment.getEnvironment();
    try (InputStream onnx = loader.getResourceAsStream(model.onnxResource);
        InputStream tokenizer = loader.getResourceAsStream(model.tokenizerResource);
        OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
      if (onnx == null || tokenizer == null) {
        throw new IllegalStateException(model.missingArtifactMessage());
      }
      options.setIntraOpNumThreads(1);
      options.setInterOpNumThreads(1);
      Optional<Path> graph = ModelFiles.onnxGraph(model, loader);
      OrtSession session =
          graph.isPresent()
              ? environment.createSession(graph.get().toString(), options)
              : environment.createSession(onnx.readAllBytes(), options);
      OnnxBertBiEncoder bert;
      try {
        PoolingMode pooling = model.clsPooling ? PoolingMode.CLS : PoolingMode.MEAN;
        bert = new OnnxBertBiEncoder(environment, session, tokenizer, pooling);
      } catch (RuntimeException e) {
        session.close();
        throw e;
      }
      LOG.info(
          "loaded in-process embedding model {} in {} ms",
          model.modelName,
          (System.nanoTime() - start) / 1_000_000);
      return new OnnxEmbedder(model, session, bert);
    } catch (OrtException e) {
      throw new IllegalStateException("embedder: cannot load ONNX model " + model.modelName, e);
    } catch (IOException e) {
      throw new UncheckedIOException("embedder: cannot read ONNX model " + model.modelName, e);
    }
  }

  /**
   * Initialises DJL's tokenizer bindings, which load their native library in a static initialiser;
   * the tokenizer built afterwards on the loading thread then finds it loaded (or waits for this
   * thread to finish it). A failure is left for that thread to meet and report.
   */
  private static void loadTokenizerLibrary(ClassLoader loader) {
    try {
      Class.forName("ai.djl.huggingface.tokenizers.jni.LibUtils", true, loader);
    } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
      LOG.debug("tokenizer library not loaded ahead: {}", e.toString());
    }
  }

  @Override
  public String modelId() {
    return model.modelName;
  }

  @Override
  public int dimension() {
    return InProcessModel.DIMENSION;
  }

  /** Embeds on the calling thread, with the model's query instruction prepended. */
  @Override
  public float[] embedQuery(String query) {
    Checks.require(query != null && !query.isBlank(), "query", "must not be null or blank");
    ensureOpen();
    try {
      return check(encoder.embed(model.queryInstruction + query).content());
    } catch (RuntimeException e) {
      throw failure(e);
    }
  }

  /** Embeds on one worker thread per core; blocks until all are done. */
  @Override
  public List<float[]> embedDocuments(List<String> texts) {
    Checks.notNull(texts, "texts");
    List<TextSegment> segments = new ArrayList<>(texts.size());
    for (int i = 0; i < texts.size(); i++) {
      String text = texts.get(i);
      Checks.require(
          text != null && !text.isBlank(), "texts[" + i + "]", "must not be null or blank");
      segments.add(TextSegment.from(text));
    }
    if (segments.isEmpty()) {
      return List.of();
    }
    ensureOpen();
    List<Embedding> embeddings;
    try {
      embeddings = encoder.embedAll(segments).content();
    } catch (RuntimeException e) {
      throw failure(e);
    }
    List<float[]> vectors = new ArrayList<>(embeddings.size());
    for (Embedding embedding : embeddings) {
      vectors.add(check(embedding));
    }
    return vectors;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    workers.shutdown();
    try {
      session.close();
    } catch (OrtException e) {
      LOG.warn("closing ONNX session of {} failed", model.modelName, e);
    }
  }

  @Override
  public String toString() {
    return "in-process " + model.modelName;
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("embedder: " + model.modelName + " is closed");
    }
  }

  private float[] check(Embedding embedding) {
    return Vectors.unit(embedding.vector(), InProcessModel.DIMENSION, toString());
  }

  private EmbeddingException failure(RuntimeException e) {
    if (e instanceof EmbeddingException embedding) {
      return embedding;
    }
    return new EmbeddingException(toString() + " failed: " + e.getMessage(), e);
  }

  private static int workerCount() {
    return Math.max(1, Runtime.getRuntime().availableProcessors());
  }

  /** langchain4j's in-process model around our own session; its embedAll uses our workers. */
  private static final class Encoder extends AbstractInProcessEmbeddingModel {
    private final OnnxBertBiEncoder bert;

    Encoder(ExecutorService workers, OnnxBertBiEncoder bert) {
      super(workers);
      this.bert = bert;
    }

    @Override
    protected OnnxBertBiEncoder model() {
      return bert;
    }

    @Override
    protected Integer knownDimension() {
      return InProcessModel.DIMENSION;
    }
  }
}
