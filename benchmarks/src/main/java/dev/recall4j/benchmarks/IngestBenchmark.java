package dev.recall4j.benchmarks;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.datasets.baseline.SqliteBaseline;
import dev.recall4j.engine.RecallEngine;
import java.io.IOException;
import java.nio.file.Files;
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
 * Ingest without embedding: {@code size} records that already carry their vectors go into an empty
 * index through {@link RecallEngine#saveAll} in batches of {@value #BATCH} (one durable commit
 * each, HNSW int8 graph built as Lucene flushes and merges), against the status quo's {@link
 * SqliteBaseline#add} in transactions of the same size. One operation ingests the whole corpus into
 * a fresh directory; records/s = size / time.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar IngestBenchmark -p size=10000}.
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
public class IngestBenchmark {
  /** Records per saveAll call or transaction. */
  static final int BATCH = 1_000;

  @Param({"1000", "10000", "100000"})
  public int size;

  /**
   * "given": the records carry their vectors (HNSW int8 built); "none": lexical only, vectors
   * dropped and no embedder, so the pair shows what vector indexing costs on top of Lucene's text
   * analysis (issue 22, item 4).
   */
  @Param({"given", "none"})
  public String vectors;

  private List<MemoryRecord> records;
  private Path dir;
  private RecallEngine engine;
  private SqliteBaseline sqlite;

  @Setup(Level.Trial)
  public void loadCorpus() {
    records = Fixtures.corpus(size).records();
    if (vectors.equals("none")) {
      records = records.stream().map(r -> r.toBuilder().vector(null).build()).toList();
    }
  }

  @Setup(Level.Iteration)
  public void emptyStores() throws IOException, SQLException {
    dir =
        Files.createTempDirectory(
            Files.createDirectories(Fixtures.cacheDir().resolve("tmp")), "ingest-");
    engine =
        HybridRecallBenchmark.open(
            dir.resolve("index"),
            vectors.equals("none") ? null : Fixtures.precomputedEmbedder(),
            false);
    sqlite = SqliteBaseline.open(dir.resolve("memory.db"));
  }

  @TearDown(Level.Iteration)
  public void deleteStores() throws IOException, SQLException {
    engine.close();
    sqlite.close();
    Fixtures.delete(dir);
  }

  @Benchmark
  public RecallEngine recall4j() {
    for (int from = 0; from < records.size(); from += BATCH) {
      engine.saveAll(records.subList(from, Math.min(records.size(), from + BATCH)));
    }
    return engine;
  }

  @Benchmark
  public SqliteBaseline sqlite() throws SQLException {
    for (int from = 0; from < records.size(); from += BATCH) {
      List<MemoryRecord> batch = records.subList(from, Math.min(records.size(), from + BATCH));
      sqlite.add(Fixtures.documents(batch), batch.stream().map(MemoryRecord::vector).toList());
    }
    return sqlite;
  }
}
