package dev.recall4j.embeddings;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Embeds recall queries under a deadline, so that a slow model never makes an agent wait: when the
 * vector is not back in time, recall answers from the lexical path (issue 6, item 5).
 *
 * <p>The computation runs on the given executor and is never cancelled: a vector that arrives after
 * the deadline still lands in the cache of a {@link Embedders#cached cached} embedder, so the same
 * query asked again (the usual case for an agent) gets the vector in microseconds. While a query is
 * being embedded, callers asking for the same text wait on that computation instead of starting
 * another one, so a slow model does not pile up duplicate work.
 *
 * <p>Thread-safe.
 */
public final class QueryEmbedding {
  private static final Logger LOG = LoggerFactory.getLogger(QueryEmbedding.class);

  private final Embedder embedder;
  private final Executor executor;
  private final Map<String, CompletableFuture<float[]>> inFlight = new ConcurrentHashMap<>();

  /**
   * @param embedder the query embedder, normally {@link Embedders#cached cached}
   * @param executor runs the embedding calls; with a bounded pool, a saturated pool rejects work
   *     and {@link #embed} answers as if the deadline had passed
   */
  public QueryEmbedding(Embedder embedder, Executor executor) {
    this.embedder = Checks.notNull(embedder, "embedder");
    this.executor = Checks.notNull(executor, "executor");
  }

  /**
   * The query vector, if the embedder returns it within the deadline.
   *
   * @param query the query text, not blank
   * @param deadline how long to wait, >= 0; a hit in the cache of a {@link Embedders#cached cached}
   *     embedder is returned at once, without a thread switch, whatever the deadline
   * @return the unit vector, or empty when it is not back in time (or this thread was interrupted,
   *     whose interrupt status is then kept)
   * @throws EmbeddingException when the embedder failed within the deadline; the message says why,
   *     and a caller on the recall path answers lexically
   * @throws IllegalArgumentException naming {@code query} or {@code deadline} when one is bad
   */
  public Optional<float[]> embed(String query, Duration deadline) {
    // Checked before begin, so a bad deadline starts no model run.
    requireDeadline(deadline);
    return begin(query).await(deadline);
  }

  /**
   * Starts embedding the query and returns at once, so the caller can do other work (a recall
   * searches its lexical path) while the model runs on the executor; {@link Pending#await} then
   * waits only for what is left.
   *
   * @param query the query text, not blank
   * @throws IllegalArgumentException naming {@code query} when it is blank
   */
  public Pending begin(String query) {
    Checks.require(query != null && !query.isBlank(), "query", "must not be null or blank");
    if (embedder instanceof CachingEmbedder cache) {
      float[] hit = cache.peek(query);
      if (hit != null) {
        return new Pending(CompletableFuture.completedFuture(hit));
      }
    }
    CompletableFuture<float[]> vector = inFlight.get(query);
    return new Pending(vector != null ? vector : start(query));
  }

  /** A query embedding under way, started by {@link #begin}. */
  public final class Pending {
    private final CompletableFuture<float[]> vector;

    private Pending(CompletableFuture<float[]> vector) {
      this.vector = vector;
    }

    /**
     * The query vector if it is already there (a query in the cache, or one embedded since {@link
     * #begin}), without waiting; empty otherwise, and when the embedding failed or was skipped
     * ({@link #await} then says why).
     */
    public Optional<float[]> ifReady() {
      return vector.isDone() && !vector.isCompletedExceptionally()
          ? Optional.of(vector.join().clone())
          : Optional.empty();
    }

    /**
     * The query vector, if the embedder returns it within the deadline (counted from now).
     *
     * @param deadline how long to wait, >= 0; a vector already there is returned whatever it is
     * @return the unit vector (a copy), or empty when it is not back in time (or this thread was
     *     interrupted, whose interrupt status is then kept)
     * @throws EmbeddingException when the embedder failed within the deadline
     * @throws IllegalArgumentException naming {@code deadline} when it is null or negative
     */
    public Optional<float[]> await(Duration deadline) {
      requireDeadline(deadline);
      try {
        return Optional.of(vector.get(deadline.toNanos(), TimeUnit.NANOSECONDS).clone());
      } catch (CancellationException e) {
        return Optional.empty();
      } catch (TimeoutException e) {
        LOG.debug(
            "query vector of {} not back within {} ms", embedder.modelId(), deadline.toMillis());
        return Optional.empty();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return Optional.empty();
      } catch (ExecutionException e) {
        throw asEmbeddingException(e.getCause());
      }
    }
  }

  private static void requireDeadline(Duration deadline) {
    Checks.notNull(deadline, "deadline");
    Checks.require(!deadline.isNegative(), "deadline", "must be >= 0, got %s", deadline);
  }

  /** Number of queries being embedded right now, finished ones excluded. */
  public int pending() {
    return inFlight.size();
  }

  /**
   * The computation of this query, started now unless another thread just started it; cancelled
   * when the executor rejects it.
   */
  private CompletableFuture<float[]> start(String query) {
    CompletableFuture<float[]> fresh = new CompletableFuture<>();
    CompletableFuture<float[]> running = inFlight.putIfAbsent(query, fresh);
    if (running != null) {
      return running;
    }
    try {
      executor.execute(
          () -> {
            float[] vector = null;
            Throwable failure = null;
            try {
              vector = embedder.embedQuery(query);
            } catch (Throwable t) {
              failure = t;
            }
            // Forget the computation before waking the waiters, so that they see it done; a later
            // ask goes to the (cached) embedder again.
            inFlight.remove(query, fresh);
            if (failure == null) {
              fresh.complete(vector);
            } else {
              fresh.completeExceptionally(failure);
            }
          });
    } catch (RejectedExecutionException e) {
      inFlight.remove(query, fresh);
      LOG.warn("query embedding skipped: the executor rejected the task ({})", e.getMessage());
      fresh.cancel(false);
    }
    return fresh;
  }

  private EmbeddingException asEmbeddingException(Throwable failure) {
    if (failure instanceof EmbeddingException embedding) {
      return embedding;
    }
    return new EmbeddingException(
        "query embedding with " + embedder.modelId() + " failed: " + failure, failure);
  }
}
