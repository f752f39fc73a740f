package dev.recall4j.benchmarks;

import dev.recall4j.core.Embedder;
import dev.recall4j.datasets.ScoredId;
import dev.recall4j.datasets.SqliteBaseline;
import dev.recall4j.embeddings.Embedders;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * The status quo on the same records and questions: how an agent that keeps its memory in SQLite
 * recalls today ({@link SqliteBaseline}: FTS5 {@code bm25()} and a brute-force cosine scan over
 * float32 BLOBs). {@code hybrid} runs both paths for the top 50 (the engine's per-path top-k) and
 * fuses them with RRF (k = 60) — it does no weighting or packing, so recall4j's end-to-end figure
 * is compared against less work than it does. {@code hybridEmbedded} first embeds the question
 * with the same MiniLM model, as {@link HybridRecallBenchmark} does with {@code query=embedded}.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar StatusQuoBenchmark -p size=10000}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED", "-Xmx2g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class StatusQuoBenchmark {
  static final int RRF_K = 60;

  @Param({"1000", "10000", "100000"})
  public int size;

  private SqliteBaseline sqlite;
  private Embedder model;
  private List<BenchQuery> queries;
  private int next;

  @Setup(Level.Trial)
  public void setUp() throws SQLException {
    queries = Fixtures.queries();
    sqlite = SqliteBaseline.open(Fixtures.sqlite(size));
    model = Embedders.inProcess(Fixtures.MODEL);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws SQLException {
    sqlite.close();
    model.close();
  }

  private BenchQuery nextQuery() {
    return queries.get(next++ % queries.size());
  }

  @Benchmark
  public List<ScoredId> fts5() throws SQLException {
    return sqlite.searchText(nextQuery().text(), Fixtures.NAMESPACE, LexicalSearchBenchmark.TOP_K);
  }

  @Benchmark
  public List<ScoredId> cosineScan() throws SQLException {
    return sqlite.searchVector(nextQuery().vector(), Fixtures.NAMESPACE, LexicalSearchBenchmark.TOP_K);
  }

  @Benchmark
  public List<ScoredId> hybrid() throws SQLException {
    BenchQuery q = nextQuery();
    return hybrid(q.text(), q.vector());
  }

  @Benchmark
  public List<ScoredId> hybridEmbedded() throws SQLException {
    String text = nextQuery().text();
    return hybrid(text, model.embedQuery(text));
  }

  private List<ScoredId> hybrid(String text, float[] vector) throws SQLException {
    int k = HybridRecallBenchmark.TOP_K;
    return rrf(sqlite.searchText(text, Fixtures.NAMESPACE, k), sqlite.searchVector(vector, Fixtures.NAMESPACE, k));
  }

  /** Reciprocal rank fusion, sum of 1 / (k + rank) over the lists; score desc, then id. */
  static List<ScoredId> rrf(List<ScoredId> a, List<ScoredId> b) {
    Map<String, Double> fused = new HashMap<>();
    for (List<ScoredId> list : List.of(a, b)) {
      for (int i = 0; i < list.size(); i++) {
        fused.merge(list.get(i).id(), 1.0 / (RRF_K + i + 1), Double::sum);
      }
    }
    List<ScoredId> out = new ArrayList<>(fused.size());
    fused.forEach((id, score) -> out.add(new ScoredId(id, score)));
    out.sort(ScoredId.RANKING);
    return out;
  }
}
