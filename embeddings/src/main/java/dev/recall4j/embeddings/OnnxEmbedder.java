package dev.recall4j.embeddings;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/*
 * An in-process ONNX model: the model jar's graph and tokenizer, run here (langchain4j's
 * OnnxBertBiEncoder did it until issue 35; BertEncoder keeps its vectors bit for bit).
 *
 * Threads. One session with one intra-op thread: a run is computed on its caller's thread, and
 * documents run one per core at a time. Measured on 2 cores (docs/RESULTS.md, "The query embedding
 * and ingest with the model"): documents are fastest so; a second intra-op thread speeds a query
 * up only while it spins between operators (0.67x on an idle machine), and spinning makes a query
 * 2x slower as soon as the other core is busy, as it is while a recall searches its lexical path
 * or anything else runs; a sleeping second thread wakes too late to help on an idle machine and
 * costs 10-45 % more CPU a query.
 *
 * Long texts are cut, not windowed: at 512 word pieces for bge, 128 for MiniLM (the cut in its
 * tokenizer's JSON), [CLS] and [SEP] included. Chunk before embedding (the engine's passages).
 */
final class OnnxEmbedder implements Embedder {
  private static final Logger LOG = LoggerFactory.getLogger(OnnxEmbedder.class);

  private final InProcessModel model;
  private final OrtSession session;
  private final WordPieces tokenizer;
  private final BertEncoder encoder;
  private final ExecutorService helpers;
  private volatile boolean closed;

  private OnnxEmbedder(InProcessModel model, OrtSession session, WordPieces tokenizer) {
    this.model = model;
    this.session = session;
    this.tokenizer = tokenizer;
    this.encoder = new BertEncoder(OrtEnvironment.getEnvironment(), session, model.clsPooling);
    this.helpers =
        Executors.newFixedThreadPool(
            Math.max(1, cores() - 1), DaemonThreads.named("recall4j-embed-" + model.modelName));
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
        InputStream tokenizerJson = loader.getResourceAsStream(model.tokenizerResource);
        OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
      if (onnx == null || tokenizerJson == null) {
        throw new IllegalStateException(model.missingArtifactMessage());
      }
      options.setIntraOpNumThreads(1);
      options.setInterOpNumThreads(1);
      Optional<Path> graph = ModelFiles.onnxGraph(model, loader);
      OrtSession session =
          graph.isPresent()
              ? environment.createSession(graph.get().toString(), options)
              : environment.createSession(onnx.readAllBytes(), options);
      WordPieces tokenizer;
      try {
        tokenizer = WordPieces.load(tokenizerJson, model.maxTokens);
      } catch (IOException | RuntimeException e) {
        session.close();
        throw e;
      }
      LOG.info(
          "loaded in-process embedding model {} in {} ms",
          model.modelName,
          (System.nanoTime() - start) / 1_000_000);
      return new OnnxEmbedder(model, session, tokenizer);
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
    return embed(model.queryInstruction + query);
  }

  /**
   * Embeds on the calling thread and one helper per further core, each taking the next text when
   * done with one; blocks until all are done.
   */
  @Override
  public List<float[]> embedDocuments(List<String> texts) {
    Checks.notNull(texts, "texts");
    for (int i = 0; i < texts.size(); i++) {
      String text = texts.get(i);
      Checks.require(
          text != null && !text.isBlank(), "texts[" + i + "]", "must not be null or blank");
    }
    ensureOpen();
    float[][] vectors = new float[texts.size()][];
    AtomicInteger next = new AtomicInteger();
    Runnable work =
        () -> {
          try {
            for (int i = next.getAndIncrement(); i < vectors.length; i = next.getAndIncrement()) {
              vectors[i] = embed(texts.get(i));
            }
          } catch (RuntimeException e) {
            next.set(vectors.length); // the others stop after their current text
            throw e;
          }
        };
    List<Future<?>> helping = new ArrayList<>();
    for (int h = Math.min(cores() - 1, texts.size() - 1); h > 0; h--) {
      helping.add(helpers.submit(work));
    }
    work.run();
    for (Future<?> helper : helping) {
      join(helper);
    }
    return List.of(vectors);
  }

  private float[] embed(String text) {
    try {
      return Vectors.unit(
          encoder.embed(tokenizer.ids(text), InProcessModel.DIMENSION),
          InProcessModel.DIMENSION,
          toString());
    } catch (OrtException | RuntimeException e) {
      throw failure(e);
    }
  }

  /** Waits for a helper; its failure is rethrown as it was thrown on the helper's thread. */
  private static void join(Future<?> helper) {
    try {
      helper.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new EmbeddingException("interrupted while embedding documents", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException failure) {
        throw failure;
      }
      throw new EmbeddingException("embedding documents failed: " + e.getCause(), e.getCause());
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    helpers.shutdown();
    tokenizer.close();
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

  private EmbeddingException failure(Exception e) {
    if (e instanceof EmbeddingException embedding) {
      return embedding;
    }
    return new EmbeddingException(toString() + " failed: " + e.getMessage(), e);
  }

  private static int cores() {
    return Math.max(1, Runtime.getRuntime().availableProcessors());
  }
}
