package dev.recall4j.benchmarks;

import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.VectorEncoding;
import dev.recall4j.store.LuceneStore;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
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
 * Filtered HNSW search, top 10 of a real question's MiniLM vector, per stored encoding, with the
 * engine's defaults (M 16, beam width 100, 100 candidates). Its recall@10 against exact search is
 * measured by {@link RecallCurve} on the same index and queries and reported beside this latency;
 * the status quo (a cosine scan of every BLOB) is {@link StatusQuoBenchmark#cosineScan}.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar VectorSearchBenchmark -p size=10000 -p
 * encoding=int8}.
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
public class VectorSearchBenchmark {
  @Param({"1000", "10000", "100000"})
  public int size;

  @Param({"float32", "int8", "int4"})
  public String encoding;

  private LuceneStore store;
  private List<BenchQuery> queries;
  private int next;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    queries = Fixtures.queries();
    VectorEncoding e = VectorEncoding.valueOf(encoding.toUpperCase(Locale.ROOT));
    store =
        LuceneStore.openReadOnly(
            Fixtures.storeOptions(Fixtures.luceneIndex(size, e, 16, 100), e, 16, 100, 100));
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    store.close();
  }

  @Benchmark
  public List<Hit> recall4j() throws IOException {
    return store.searchVector(
        queries.get(next++ % queries.size()).vector(),
        Fixtures.RECALLABLE,
        LexicalSearchBenchmark.TOP_K);
  }
}
