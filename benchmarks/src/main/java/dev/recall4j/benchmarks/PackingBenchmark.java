package dev.recall4j.benchmarks;

import dev.recall4j.budget.Packer;
import dev.recall4j.budget.TokenCounters;
import dev.recall4j.core.PackedContext;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.ranking.Ranker;
import dev.recall4j.ranking.TierPolicy;
import java.io.IOException;
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
 * Packing 200 ranked candidates into 2,048 tokens counted with cl100k (issue 5), cycling over the
 * ranked lists of 20 questions on the 10K corpus. {@code cache=warm}: one packer, whose token-count
 * cache has seen the records (an agent recalling on the same memory); {@code cache=cold}: a new
 * packer per pack, so every record is tokenised.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar PackingBenchmark}.
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
public class PackingBenchmark {
  static final int CANDIDATES = 200;
  static final int BUDGET = 2_048;

  @Param({"warm", "cold"})
  public String cache;

  private Packer packer;
  private List<List<ScoredRecord>> ranked;
  private int next;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    Ranker ranker = Ranker.builder().tierPolicy(TierPolicy.boost(0.25)).build();
    ranked =
        Candidates.load(FusionBenchmark.QUESTIONS, CANDIDATES).stream()
            .map(c -> ranker.rank(c.paths(), c.records(), BenchCorpus.EPOCH).ranked())
            .map(r -> r.subList(0, Math.min(CANDIDATES, r.size())))
            .toList();
    packer = newPacker();
  }

  private static Packer newPacker() {
    return Packer.builder(TokenCounters.cl100k()).build();
  }

  @Benchmark
  public PackedContext pack() {
    Packer p = cache.equals("warm") ? packer : newPacker();
    return p.pack(List.of(), ranked.get(next++ % ranked.size()), BUDGET);
  }
}
