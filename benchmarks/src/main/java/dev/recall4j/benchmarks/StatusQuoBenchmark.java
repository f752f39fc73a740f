package dev.recall4j.benchmarks;

import dev.recall4j.core.Embedder;
import dev.recall4j.datasets.baseline.SqliteBaseline;
import dev.recall4j.datasets.trec.ScoredId;
import dev.recall4j.embeddings.Embedders;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.ranking.Candidate;
import dev.recall4j.ranking.FusedCandidate;
import dev.recall4j.ranking.Fusion;
import dev.recall4j.ranking.PathResult;
import java.nio.file.Path;
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
 * The status quo on the same records and questions: how an agent that keeps its memory in SQLite
 * recalls today ({@link SqliteBaseline}: FTS5 {@code bm25()} and a brute-force cosine scan over
 * float32 BLOBs; FTS5 alone is {@link LexicalSearchBenchmark#sqliteFts5}). {@code hybrid} runs both
 * paths for the engine's default per-path top-k and fuses them with the engine's default fusion
 * (both read from {@link EngineConfig}'s defaults, so the comparison follows them) — it does no
 * weighting, dedup or packing, so recall4j's end-to-end figure is compared against less work than
 * it does. {@code hybridEmbedded} first embeds the question with the same MiniLM model, as {@link
 * HybridRecallBenchmark} does with {@code query=embedded}.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar StatusQuoBenchmark -p size=10000}.
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
public class StatusQuoBenchmark {
  /** The engine's defaults; the workspace is never touched. */
  private static final EngineConfig DEFAULTS = EngineConfig.builder(Path.of(".")).build();

  /** The engine's default fusion, as the engine's {@code recall} applies it. */
  static final Fusion FUSION = DEFAULTS.recall().fusion();

  /** Candidates per path: the engine's default {@code recall.top_k}. */
  static final int TOP_K = DEFAULTS.recall().topK();

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
  public List<ScoredId> cosineScan() throws SQLException {
    return sqlite.searchVector(
        nextQuery().vector(), Fixtures.NAMESPACE, LexicalSearchBenchmark.TOP_K);
  }

  @Benchmark
  public List<FusedCandidate> hybrid() throws SQLException {
    BenchQuery q = nextQuery();
    return hybrid(q.text(), q.vector());
  }

  @Benchmark
  public List<FusedCandidate> hybridEmbedded() throws SQLException {
    String text = nextQuery().text();
    return hybrid(text, model.embedQuery(text));
  }

  private List<FusedCandidate> hybrid(String text, float[] vector) throws SQLException {
    return fuse(
        sqlite.searchText(text, Fixtures.NAMESPACE, TOP_K),
        sqlite.searchVector(vector, Fixtures.NAMESPACE, TOP_K));
  }

  /**
   * Both lists fused with {@link #FUSION}; cosines become {@code (1 + cos) / 2}, the score the
   * engine's vector path reports, so that a fusion normalising by a theoretical minimum sees the
   * same scale.
   */
  static List<FusedCandidate> fuse(List<ScoredId> text, List<ScoredId> cosine) {
    List<Candidate> lexical = text.stream().map(h -> new Candidate(h.id(), h.score())).toList();
    List<Candidate> vector =
        cosine.stream().map(h -> new Candidate(h.id(), (1 + h.score()) / 2)).toList();
    return FUSION.fuse(
        List.of(
            new PathResult(PathResult.LEXICAL, lexical),
            new PathResult(PathResult.VECTOR, vector)));
  }
}
