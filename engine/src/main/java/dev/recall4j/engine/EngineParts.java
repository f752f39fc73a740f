package dev.recall4j.engine;

import dev.recall4j.budget.BudgetSizing;
import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.embeddings.Embedders;
import dev.recall4j.embeddings.QueryEmbedding;
import java.io.Closeable;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The parts of one engine, wired once when it opens and closed together: the index, the embedder
 * (behind its query cache), the background executor, and one object per job that {@link
 * RecallEngine} delegates to. Opening for writing or read-only differs only here: a read-only
 * engine has no embedding queue and no access log, and its store and statistics take no lock.
 */
final class EngineParts implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(RecallEngine.class);

  final EngineConfig config;
  final RecordStore store;
  final Embedder embedder;
  final WriteLock lock = new WriteLock();
  final Statistics statistics;
  final RecallPipeline pipeline;
  final RecordLookup lookup;
  final RecordWrites writes;
  final StoredFacts facts;

  /** Null for a read-only engine, which does not count recalls. */
  final AccessLog accessLog;

  final Exporter exporter;
  final RecordListing listing;
  private final ExecutorService background;

  /** Null unless {@code embedder.background} is on and there is an embedder. */
  private final EmbeddingQueue embeddingQueue;

  /**
   * Opens the configured index with this embedder (null: lexical only; the parts close it) and
   * clock.
   *
   * @param lockWait how long to wait for another writer; null opens the index read-only
   */
  static EngineParts open(EngineConfig config, Embedder embedder, Clock clock, Duration lockWait)
      throws IOException {
    Checks.notNull(config, "config");
    Checks.notNull(clock, "clock");
    Embedder cached =
        embedder == null || config.embedder().cacheSize() == 0
            ? embedder
            : Embedders.cached(embedder, config.embedder().cacheSize());
    try {
      return new EngineParts(config, cached, clock, lockWait);
    } catch (IOException | RuntimeException e) {
      if (cached != null) {
        cached.close();
      }
      throw e;
    }
  }

  private EngineParts(EngineConfig config, Embedder embedder, Clock clock, Duration lockWait)
      throws IOException {
    // Tokens of a recall that names no budget: context length x share, 512 when unknown.
    int defaultBudget =
        BudgetSizing.budgetFor(EmbedderFactory.contextLength(config), config.budget().share());
    this.config = config;
    this.embedder = embedder;
    boolean readOnly = lockWait == null;
    this.store = IndexStores.open(config, embedder, readOnly ? null : lockWait);
    this.facts = StoredFacts.of(config);
    try {
      if (!readOnly && facts.someMissing(store)) {
        LOG.info(
            "index {} holds records stored without their token counts for {} (written by an"
                + " earlier version, or with another counter or renderer): recall counts them the"
                + " first time it meets them; `recall4j compact` stores them",
            config.indexDir(),
            facts.layout());
      }
      this.statistics =
          readOnly ? Statistics.openReadOnly(config, clock) : Statistics.open(config, clock);
    } catch (IOException | RuntimeException e) {
      store.close();
      throw e;
    }
    this.background =
        Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("recall4j-bg-", 0).factory());
    EmbedderSettings embedding = config.embedder();
    this.embeddingQueue =
        embedder == null || !embedding.background() || readOnly
            ? null
            : new EmbeddingQueue(
                embedder,
                store,
                lock::run,
                background,
                embedding.batchSize(),
                embedding.passageWords());
    if (embeddingQueue != null) {
      embeddingQueue.wake(); // records a crash left without a vector
    }
    QueryEmbedding queryEmbedding =
        embedder == null ? null : new QueryEmbedding(embedder, background);
    this.pipeline =
        new RecallPipeline(
            new Retriever(store, queryEmbedding, config.recall()),
            config.recall().ranker(clock),
            new LinkExpansion(store, config.recall().links(), config.recall().tierPolicy()),
            SourceContexts.of(config.recall().sourceContexts()),
            config.budget().packer(),
            config.budget()::packer,
            defaultBudget);
    this.lookup = new RecordLookup(store);
    this.writes = new RecordWrites(store, lock, clock, lookup, embedder, embeddingQueue, embedding);
    this.accessLog =
        readOnly
            ? null
            : new AccessLog(
                store, lock, clock, background, statistics.logStore(), config.stats().logMaxRows());
    this.exporter = new Exporter(store);
    this.listing = new RecordListing(store);
  }

  /** Waits for background work (access statistics) and closes the index and the embedder. */
  @Override
  public void close() throws IOException {
    if (embeddingQueue != null) {
      embeddingQueue.stop();
    }
    if (accessLog != null) {
      accessLog.flush();
    }
    background.shutdown();
    try {
      if (!background.awaitTermination(30, TimeUnit.SECONDS)) {
        LOG.warn("background work did not finish in 30 s; access statistics may be incomplete");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try (RecordStore index = store;
        Embedder model = embedder) {
      statistics.close();
      LOG.debug("closing engine over {}", config.indexDir());
    }
  }
}
