package dev.recall4j.benchmarks;

import dev.recall4j.ranking.Ranker;
import dev.recall4j.ranking.RankingResult;
import dev.recall4j.ranking.TierPolicy;
import java.io.IOException;
import java.time.Instant;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Fusing, weighting and deduplicating 2 × 100 real candidates (issue 4): {@link Ranker#rank} with
 * the engine's settings (tier boost 0.25, recency decay, source trust, default dedup) and the
 * fusion named by {@code fusion}, cycling over the candidate lists of 20 questions on the 10K
 * corpus.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar FusionBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED", "-Xmx2g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class FusionBenchmark {
  static final int QUESTIONS = 20;

  @Param({"rrf:k=60", "dbsf"})
  public String fusion;

  private Ranker ranker;
  private List<Candidates> candidates;
  private final Instant now = BenchCorpus.EPOCH;
  private int next;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    candidates = Candidates.load(QUESTIONS, 100);
    ranker = Ranker.builder().fusion(fusion).tierPolicy(TierPolicy.boost(0.25)).build();
  }

  @Benchmark
  public RankingResult rank() {
    Candidates c = candidates.get(next++ % candidates.size());
    return ranker.rank(c.paths(), c.records(), now);
  }
}
