package dev.recall4j.embeddings;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import io.github.ollama4j.Ollama;
import io.github.ollama4j.models.embed.OllamaEmbedRequest;
import io.github.ollama4j.models.embed.OllamaEmbedResult;
import java.net.ConnectException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/*
 * Embeddings from an Ollama server through ollama4j's embed(), which posts to /api/embed.
 *
 * Hard timeout. ollama4j 1.1.6 builds a new java.net.http.HttpClient for every call with neither
 * a connect nor a request timeout, so a server that accepts the connection and never answers
 * would block the caller for ever. Each request therefore runs on a worker thread and the caller
 * waits at most options.timeout(); on expiry the worker is interrupted, which makes HttpClient.send
 * abort the exchange, and the caller gets an EmbeddingException.
 *
 * Dimension. Ollama does not say a model's dimension without embedding something, so the first
 * answer fixes it (dimension() embeds a probe text if asked first). A later answer of another
 * length means the model behind the name changed; it is refused, never stored.
 */
final class OllamaEmbedder implements Embedder {
  private static final Logger LOG = LoggerFactory.getLogger(OllamaEmbedder.class);
  private static final String PROBE = "dimension probe";

  private final OllamaOptions options;
  private final Ollama client;
  private final ExecutorService requests;
  private final AtomicInteger dimension = new AtomicInteger();

  OllamaEmbedder(OllamaOptions options) {
    this.options = Checks.notNull(options, "ollama");
    this.client = new Ollama(options.baseUrl());
    this.requests = Executors.newCachedThreadPool(DaemonThreads.named("recall4j-ollama"));
  }

  /** {@code "ollama:" + model}, so that an index never mixes it up with an in-process model. */
  @Override
  public String modelId() {
    return "ollama:" + options.model();
  }

  /**
   * The model's dimension; the first call embeds a probe text when nothing was embedded yet.
   *
   * @throws EmbeddingException when the server cannot be asked
   */
  @Override
  public int dimension() {
    int known = dimension.get();
    if (known == 0) {
      post(List.of(options.documentPrefix() + PROBE));
      known = dimension.get();
    }
    return known;
  }

  @Override
  public float[] embedQuery(String query) {
    Checks.require(query != null && !query.isBlank(), "query", "must not be null or blank");
    return post(List.of(options.queryPrefix() + query)).get(0);
  }

  /** Sends {@code batchSize} texts per request, one request after the other. */
  @Override
  public List<float[]> embedDocuments(List<String> texts) {
    Checks.notNull(texts, "texts");
    List<String> inputs = new ArrayList<>(texts.size());
    for (int i = 0; i < texts.size(); i++) {
      String text = texts.get(i);
      Checks.require(
          text != null && !text.isBlank(), "texts[" + i + "]", "must not be null or blank");
      inputs.add(options.documentPrefix() + text);
    }
    List<float[]> vectors = new ArrayList<>(inputs.size());
    for (int from = 0; from < inputs.size(); from += options.batchSize()) {
      vectors.addAll(
          post(inputs.subList(from, Math.min(inputs.size(), from + options.batchSize()))));
    }
    return vectors;
  }

  /** Aborts requests in progress (their callers get an EmbeddingException); later calls fail. */
  @Override
  public void close() {
    requests.shutdownNow();
  }

  @Override
  public String toString() {
    return "Ollama at " + options.baseUrl() + " (model " + options.model() + ")";
  }

  /** One /api/embed request, bounded by the timeout; returns unit vectors in input order. */
  private List<float[]> post(List<String> inputs) {
    long start = System.nanoTime();
    OllamaEmbedRequest request = new OllamaEmbedRequest(options.model(), List.copyOf(inputs));
    Future<OllamaEmbedResult> call;
    try {
      call = requests.submit(() -> client.embed(request));
    } catch (RejectedExecutionException e) {
      throw new IllegalStateException("embedder: " + this + " is closed", e);
    }
    OllamaEmbedResult result;
    try {
      result = call.get(options.timeout().toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      call.cancel(true);
      throw new EmbeddingException(
          this
              + " did not answer within "
              + options.timeout().toMillis()
              + " ms: check that the"
              + " server runs and is not overloaded (ollama ps), or raise ollama.timeout",
          e);
    } catch (InterruptedException e) {
      call.cancel(true);
      Thread.currentThread().interrupt();
      throw new EmbeddingException(this + ": interrupted while waiting for embeddings", e);
    } catch (ExecutionException e) {
      throw translate(e.getCause());
    }
    List<float[]> vectors = toVectors(result, inputs.size());
    LOG.debug(
        "{} embedded {} texts in {} ms",
        this,
        inputs.size(),
        (System.nanoTime() - start) / 1_000_000);
    return vectors;
  }

  private List<float[]> toVectors(OllamaEmbedResult result, int expected) {
    List<List<Double>> embeddings = result == null ? null : result.getEmbeddings();
    int got = embeddings == null ? 0 : embeddings.size();
    if (got != expected) {
      throw new EmbeddingException(
          this
              + " returned "
              + got
              + " embeddings for "
              + expected
              + " texts: is "
              + options.model()
              + " an embedding model? (ollama show "
              + options.model()
              + ")");
    }
    List<float[]> vectors = new ArrayList<>(got);
    for (List<Double> embedding : embeddings) {
      float[] raw = new float[embedding == null ? 0 : embedding.size()];
      for (int i = 0; i < raw.length; i++) {
        Double x = embedding.get(i);
        raw[i] = x == null ? Float.NaN : x.floatValue();
      }
      if (raw.length == 0) {
        throw new EmbeddingException(this + " returned an empty embedding");
      }
      dimension.compareAndSet(0, raw.length);
      vectors.add(Vectors.unit(raw, dimension.get(), toString()));
    }
    return vectors;
  }

  private EmbeddingException translate(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof ConnectException) {
        return new EmbeddingException(
            "cannot connect to Ollama at "
                + options.baseUrl()
                + " (model "
                + options.model()
                + "): start it with 'ollama serve' or set ollama.host",
            failure);
      }
    }
    String said = OllamaErrors.serverMessage(failure.getMessage());
    if (said.contains("not found")) {
      return new EmbeddingException(
          this
              + " does not have the model: run 'ollama pull "
              + options.model()
              + "' (server said: "
              + said
              + ")",
          failure);
    }
    return new EmbeddingException(this + " failed to embed: " + said, failure);
  }
}
