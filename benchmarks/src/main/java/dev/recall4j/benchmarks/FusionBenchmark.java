package dev.recall4j.benchmarks;

import dev.recall4j.ranking.Dedup;
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
 * tier boost 0.25, recency decay, source trust and the default dedup (token Jaccard 0.8 and vector
 * cosine 0.95 over every pair, the vectors being the corpus' 384-dimensional MiniLM ones), and the
 * fusion named by {@code fusion}, cycling over the candidate lists of 20 questions on the 10K
 * corpus (about 170 distinct candidates per question).
 *
 * <p>{@code tokenSets}: the ranker keeps the token sets of contents it has seen, by content hash.
 * {@code warm} ranks with one ranker, as the engine does, so after the first cycle every content is
 * known; {@code cold} ranks each time with a new ranker, so every content is tokenised again (about
 * 500 characters per candidate): a recall whose candidates the engine has never ranked before.
 *
 * <p>What is measured is one whole {@code RecallEngine.rank}: the engine builds its {@link Ranker}
 * with the same settings (its default fusion is {@code convex:alpha=0.5}; α does not change the
 * cost) and reads the result in full, every ranked record and every dropped duplicate, so dedup
 * compares every pair of the about 172 candidates; nothing here is computed lazily. The fork runs
 * with {@code --add-modules jdk.incubator.vector}, as the engine's tools do, so dedup's head screen
 * uses the Vector API kernel (without the module the ranker falls back to a plain loop).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar FusionBenchmark}.
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
public class FusionBenchmark {
  static final int QUESTIONS = 20;

  @Param({"rrf:k=60", "dbsf", "convex:alpha=0.5"})
  public String fusion;

  @Param({"warm", "cold"})
  public String tokenSets;

  /**
   * Hits per path: the 2 × 100 by default; the engine's own default {@code recall.top_k} is
   * 50.
   */
  @Param({"100"})
  public int perPath;

  /**
   * The duplicate tests: {@code default} (token Jaccard 0.8 or vector cosine 0.95), {@code exact}
   * (content hash only), {@code tokens} (Jaccard only) or {@code vectors} (cosine only). The three
   * others show what each test costs on top of fusion and weighting.
   */
  @Param({"default"})
  public String dedup;

  private Ranker.Builder builder;
  private Ranker ranker;
  private List<Candidates> candidates;
  private final Instant now = BenchCorpus.EPOCH;
  private int next;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    candidates = Candidates.load(QUESTIONS, perPath);
    builder =
        Ranker.builder()
            .fusion(fusion)
            .tierPolicy(TierPolicy.boost(0.25))
            .dedup(
                switch (dedup) {
                  case "default" -> Dedup.defaults();
                  case "exact" -> Dedup.exactOnly();
                  case "tokens" -> new Dedup(Dedup.defaults().tokenJaccard(), 1.0);
                  case "vectors" -> new Dedup(1.0, Dedup.defaults().vectorCosine());
                  default ->
                      throw new IllegalArgumentException(
                          "dedup: expected default, exact, tokens or vectors, got " + dedup);
                });
    ranker = builder.build();
  }

  @Benchmark
  public RankingResult rank() {
    Candidates c = candidates.get(next++ % candidates.size());
    return (tokenSets.equals("warm") ? ranker : builder.build()).rank(c.paths(), c.records(), now);
  }
}
