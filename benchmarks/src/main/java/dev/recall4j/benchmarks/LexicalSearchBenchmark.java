package dev.recall4j.benchmarks;

import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.VectorEncoding;
import dev.recall4j.datasets.baseline.SqliteBaseline;
import dev.recall4j.datasets.trec.ScoredId;
import dev.recall4j.store.LuceneStore;
import java.io.IOException;
import java.sql.SQLException;
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
 * Lexical search, top 10 of a real question: recall4j's BM25 ({@link LuceneStore#searchLexical},
 * scope filter included) against the status quo, SQLite FTS5 {@code bm25()} over the same records.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar LexicalSearchBenchmark -p size=10000}
 * (or {@code bin/bench}, which also prepares the cached corpora).
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
public class LexicalSearchBenchmark {
  static final int TOP_K = 10;

  @Param({"1000", "10000", "100000"})
  public int size;

  private LuceneStore store;
  private List<BenchQuery> queries;
  private int next;

  /**
   * The status quo's SQLite file, opened (and built, once) only when {@link #sqliteFts5} runs: the
   * scale profile measures recall4j alone at 1M records, where no SQLite file is built.
   */
  @State(Scope.Benchmark)
  public static class Fts5 {
    private SqliteBaseline sqlite;

    @Setup(Level.Trial)
    public void setUp(LexicalSearchBenchmark benchmark) throws SQLException {
      sqlite = SqliteBaseline.open(Fixtures.sqlite(benchmark.size));
    }

    @TearDown(Level.Trial)
    public void tearDown() throws SQLException {
      sqlite.close();
    }
  }

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    queries = Fixtures.queries();
    store =
        LuceneStore.openReadOnly(
            Fixtures.storeOptions(
                Fixtures.luceneIndex(size, VectorEncoding.INT8, 16, 100),
                VectorEncoding.INT8,
                16,
                100,
                100));
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    store.close();
  }

  private String nextQuery() {
    return queries.get(next++ % queries.size()).text();
  }

  @Benchmark
  public List<Hit> recall4j() throws IOException {
    return store.searchLexical(nextQuery(), Fixtures.RECALLABLE, TOP_K);
  }

  @Benchmark
  public List<ScoredId> sqliteFts5(Fts5 fts5) throws SQLException {
    return fts5.sqlite.searchText(nextQuery(), Fixtures.NAMESPACE, TOP_K);
  }
}
