package dev.recall4j.benchmarks;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.embeddings.Embedders;
import dev.recall4j.engine.RecallEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * Ingest with embedding: {@code records} real texts without vectors go through {@link
 * RecallEngine#saveAll}, which embeds them with an in-process model (a text per core at a time) and
 * indexes them. The model dominates, so a small fixed count stands for every corpus size; records/s
 * = records / time.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar IngestEmbeddingBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
    value = 1,
    jvmArgsAppend = {
      "--add-modules",
      "jdk.incubator.vector",
      "--enable-native-access=ALL-UNNAMED",
      "-Xmx2g"
    })
@Warmup(iterations = 1)
@Measurement(iterations = 3)
public class IngestEmbeddingBenchmark {
  @Param({"256"})
  public int records;

  @Param({"all-minilm-l6-v2-q", "bge-small-en-v15-q"})
  public String model;

  private List<MemoryRecord> texts;
  private Path dir;
  private RecallEngine engine;

  @Setup(Level.Trial)
  public void loadTexts() {
    texts =
        Fixtures.corpus(records).records().stream()
            .map(r -> r.toBuilder().vector(null).embeddingModel(null).build())
            .toList();
  }

  @Setup(Level.Iteration)
  public void emptyIndex() throws IOException {
    dir =
        Files.createTempDirectory(
            Files.createDirectories(Fixtures.cacheDir().resolve("tmp")), "ingest-embed-");
    engine = HybridRecallBenchmark.open(dir, Embedders.inProcess(model), false);
  }

  @TearDown(Level.Iteration)
  public void deleteIndex() throws IOException {
    engine.close();
    Fixtures.delete(dir);
  }

  @Benchmark
  public RecallEngine recall4j() {
    engine.saveAll(texts);
    return engine;
  }
}
