package dev.recall4j.benchmarks;

import dev.recall4j.core.Embedder;
import dev.recall4j.embeddings.Embedders;
import dev.recall4j.embeddings.QueryEmbedding;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
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
 * The in-process models on their own (issue 6): one query embedding (p50 and p99 from the sample
 * distribution; no cache), a repeated query as a recall asks for it (through {@link QueryEmbedding}
 * and the query cache, every query already cached; issue 35), and a batch of {@value #BATCH} real
 * corpus texts through {@code embedDocuments} (documents/s = batch / time).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar EmbeddingBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "--add-modules",
      "jdk.incubator.vector",
      "--enable-native-access=ALL-UNNAMED",
      "-Xmx2g"
    })
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class EmbeddingBenchmark {
  static final int BATCH = 32;
  private static final Duration DEADLINE = Duration.ofMillis(200);

  @Param({"all-minilm-l6-v2-q", "bge-small-en-v15-q"})
  public String model;

  private Embedder embedder;
  private Embedder cached;
  private QueryEmbedding repeated;
  private List<BenchQuery> queries;
  private List<String> documents;
  private int next;

  @Setup(Level.Trial)
  public void setUp() {
    embedder = Embedders.inProcess(model);
    queries = Fixtures.queries();
    cached = Embedders.cached(embedder, queries.size());
    queries.forEach(q -> cached.embedQuery(q.text()));
    // A cache hit is answered on the calling thread; a miss (none here) would run on this one too.
    repeated = new QueryEmbedding(cached, Runnable::run);
    documents =
        Fixtures.pool().texts().subList(0, BATCH).stream()
            .map(TextPool.Text::embeddingText)
            .toList();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    cached.close(); // and the model
  }

  @Benchmark
  public float[] query() {
    return embedder.embedQuery(queries.get(next++ % queries.size()).text());
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public Optional<float[]> repeatedQuery() {
    return repeated.embed(queries.get(next++ % queries.size()).text(), DEADLINE);
  }

  @Benchmark
  public List<float[]> documents() {
    return embedder.embedDocuments(documents);
  }
}
