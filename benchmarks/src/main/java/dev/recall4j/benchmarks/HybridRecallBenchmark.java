package dev.recall4j.benchmarks;

import dev.recall4j.core.Embedder;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.store.VectorEncoding;
import dev.recall4j.embeddings.Embedders;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One {@link RecallEngine#recall} end to end with the engine's defaults (int8 HNSW, 100 vector
 * candidates, top 50 per path, the default fusion, decay, trust, tiers, dedup, packing into the
 * default budget with cl100k), over a private copy of the cached index. {@code query=precomputed}:
 * the question's vector is already known (the engine's query cache hit, or an agent that embeds
 * elsewhere), so no model runs; {@code query=embedded}: MiniLM embeds every question (the engine's
 * query cache is off). {@code layout=built}: the index as batched ingest left it (several
 * segments); {@code layout=compacted}: merged into one segment by {@link
 * dev.recall4j.store.LuceneStore#compact}. The status quo is {@link StatusQuoBenchmark#hybrid} and
 * {@code hybridEmbedded}.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar HybridRecallBenchmark -p size=10000}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "--add-modules",
      "jdk.incubator.vector",
      "--enable-native-access=ALL-UNNAMED",
      "-Xmx2g"
    })
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class HybridRecallBenchmark {
  @Param({"1000", "10000", "100000"})
  public int size;

  @Param({"precomputed", "embedded"})
  public String query;

  @Param({"built", "compacted"})
  public String layout;

  private Path workspace;
  private RecallEngine engine;
  private List<BenchQuery> queries;
  private int next;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    queries = Fixtures.queries();
    workspace =
        Fixtures.copy(
            layout.equals("compacted")
                ? Fixtures.compactedLuceneIndex(size, VectorEncoding.INT8, 16, 100)
                : Fixtures.luceneIndex(size, VectorEncoding.INT8, 16, 100));
    boolean embedded = query.equals("embedded");
    engine =
        open(
            workspace,
            embedded ? Embedders.inProcess(Fixtures.MODEL) : Fixtures.precomputedEmbedder(),
            embedded);
    // One pass over the questions before any iteration: the index pages they read (the store
    // advises random reads, so each is a fault of its own on a cold copy) and the code they run are
    // then warm, whatever the iteration length. Without it the quick profile's 1-second warm-up
    // iterations at 100K records measured the page cache filling (3x the focused run's median).
    for (BenchQuery q : queries) {
      engine.recall(RecallRequest.builder(q.text()).build());
    }
  }

  /** An engine with every default over {@code index}; the query cache off when the model embeds. */
  static RecallEngine open(Path index, Embedder embedder, boolean noQueryCache) throws IOException {
    EngineConfig.Builder config = EngineConfig.builder(index).indexDir(index);
    if (noQueryCache) {
      config.queryCacheSize(0);
    }
    return RecallEngine.open(config.build(), embedder, Clock.systemUTC());
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    engine.close();
    Fixtures.delete(workspace);
  }

  @Benchmark
  public RecallResult recall() {
    return engine.recall(
        RecallRequest.builder(queries.get(next++ % queries.size()).text()).build());
  }
}
