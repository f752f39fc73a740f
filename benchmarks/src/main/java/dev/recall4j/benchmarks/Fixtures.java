package dev.recall4j.benchmarks;

import dev.recall4j.core.CacheDirectory;
import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.core.store.VectorEncoding;
import dev.recall4j.datasets.baseline.SqliteBaseline;
import dev.recall4j.datasets.load.Document;
import dev.recall4j.embeddings.Embedders;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.StoredFacts;
import dev.recall4j.store.LuceneStore;
import dev.recall4j.store.StoreOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.lucene.util.Version;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every benchmark JVM shares: the text pool, its cached embeddings, corpora by size and the
 * on-disk indexes built from them, cached under {@link #cacheDir()} so that a fork opens a 100K
 * index in a second instead of building it.
 *
 * <p>Locations: the shared datasets folder is the system property {@code recall4j.bench.datasets},
 * else the environment variable {@code RECALL4J_DATASETS}, else {@code ../shared/datasets}; the
 * cache is {@code recall4j.bench.cache}, else {@code ${XDG_CACHE_HOME:-~/.cache}/recall4j/bench}. A
 * cached index or SQLite file counts only once its {@code .complete} marker exists, so an
 * interrupted build is redone. Benchmarks that only search open a cached index read-only and those
 * whose engine writes open a {@link #copy}, so the cached index stays as it was built. Thread-safe
 * (synchronised); meant for benchmark setup, not timing.
 */
final class Fixtures {
  private static final Logger LOG = LoggerFactory.getLogger(Fixtures.class);

  /**
   * The embedding model of every benchmark corpus: all-MiniLM-L6-v2, not the engine's default
   * (bge-small). Search speed depends on the dimension (384 for both), not on the model, and MiniLM
   * embeds the pool several times faster, which keeps a cold quick profile inside its time limit.
   */
  static final String MODEL = "all-minilm-l6-v2-q";

  /** Every benchmark record and query lives in the default namespace: one agent's memory. */
  static final String NAMESPACE = Scope.DEFAULT_NAMESPACE;

  /** What recall searches in that namespace: active records of the active tier. */
  static final StoreFilter RECALLABLE = StoreFilter.recallable(Scope.of(NAMESPACE));

  /** Records per write batch when building caches (one commit or transaction each). */
  private static final int BUILD_BATCH = 2_000;

  /** The facts an engine with the default settings stores with each record it writes. */
  private static final StoredFacts FACTS =
      StoredFacts.of(EngineConfig.builder(Path.of("benchmark")).build());

  private static TextPool pool;
  private static EmbeddedPool vectors;
  private static final Map<Integer, BenchCorpus> CORPORA = new HashMap<>();

  private Fixtures() {}

  static Path datasetsDir() {
    String configured =
        System.getProperty("recall4j.bench.datasets", System.getenv("RECALL4J_DATASETS"));
    return Path.of(configured != null && !configured.isBlank() ? configured : "../shared/datasets")
        .toAbsolutePath()
        .normalize();
  }

  static Path cacheDir() {
    String configured = System.getProperty("recall4j.bench.cache");
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured).toAbsolutePath().normalize();
    }
    return CacheDirectory.root().resolve("bench").toAbsolutePath().normalize();
  }

  /** The pool's embeddings, loading (or computing, once) them on first use. */
  static synchronized EmbeddedPool vectors() {
    if (vectors == null) {
      try {
        pool = TextPool.load(datasetsDir(), BenchCorpus.SEED);
        vectors =
            EmbeddingCache.load(
                cacheDir(),
                pool,
                MODEL,
                BenchCorpus.REAL_RECORDS,
                BenchCorpus.QUERIES,
                () -> Embedders.inProcess(MODEL));
      } catch (IOException e) {
        throw new UncheckedIOException("loading the benchmark corpus from " + datasetsDir(), e);
      }
    }
    return vectors;
  }

  static synchronized List<BenchQuery> queries() {
    return BenchCorpus.queries(pool(), vectors());
  }

  /**
   * The questions and their vectors in a file of their own ({@link QueryFile}), written once from
   * the pool, for JVMs that must not hold the pool.
   */
  static synchronized Path queryFile() {
    Path file = cacheDir().resolve("queries").resolve(vectors().key() + ".bin");
    if (!Files.exists(file)) {
      try {
        Files.createDirectories(file.getParent());
        QueryFile.write(file, queries());
      } catch (IOException e) {
        throw new UncheckedIOException("writing " + file, e);
      }
    }
    return file;
  }

  static synchronized TextPool pool() {
    vectors();
    return pool;
  }

  /** The corpus of this size (kept for the life of the JVM). */
  static synchronized BenchCorpus corpus(int size) {
    return CORPORA.computeIfAbsent(size, n -> BenchCorpus.create(pool(), vectors(), n));
  }

  /**
   * Drops the pool, its vectors and every corpus from memory (the memory probe measures without
   * them).
   */
  static synchronized void releaseAll() {
    pool = null;
    vectors = null;
    CORPORA.clear();
  }

  /** Drops a corpus from memory (the runner walks sizes one by one). */
  static synchronized void release(int size) {
    CORPORA.remove(size);
  }

  /**
   * The cached Lucene index of the corpus of this size with these HNSW settings, built on first use
   * with {@link LuceneStore} in batches of {@value #BUILD_BATCH} records. Keyed by the store's
   * schema too: an index cached at an older schema was migrated on every copy, its records
   * rewritten, so that "as built" meant "migrated" (issue 35's 1K and 10K figures until then). And
   * by the layout of the {@link StoredFacts} its records carry, those an engine with the default
   * settings writes, and by the store's merge policy, which decides the segments it is left with.
   */
  static synchronized Path luceneIndex(int size, VectorEncoding encoding, int m, int beamWidth) {
    String name =
        String.format(
            Locale.ROOT,
            "%s-%s-m%d-b%d-lucene%s-schema%s-facts-%s-%s",
            BenchCorpus.keyFor(vectors(), size),
            encoding.name().toLowerCase(Locale.ROOT),
            m,
            beamWidth,
            Version.LATEST,
            LuceneStore.schemaVersion(),
            FACTS.layout().replace('/', '-'),
            LuceneStore.mergeLayout());
    Path dir = cacheDir().resolve("index").resolve(name);
    return cached(
        dir,
        () -> {
          BenchCorpus corpus = corpus(size);
          try (LuceneStore store =
              LuceneStore.open(storeOptions(dir, encoding, m, beamWidth, 100))) {
            List<MemoryRecord> records = corpus.records();
            for (int from = 0; from < records.size(); from += BUILD_BATCH) {
              store.upsertAll(records.subList(from, Math.min(records.size(), from + BUILD_BATCH)));
            }
          }
        });
  }

  /**
   * The cached index of {@link #luceneIndex} merged into one segment ({@link LuceneStore#compact}),
   * as maintenance leaves it; the as-built index keeps the segments batched ingest left.
   */
  static synchronized Path compactedLuceneIndex(
      int size, VectorEncoding encoding, int m, int beamWidth) {
    Path built = luceneIndex(size, encoding, m, beamWidth);
    Path dir = built.resolveSibling(built.getFileName() + "-compacted");
    return cached(
        dir,
        () -> {
          linkOrCopy(built, dir);
          try (LuceneStore store =
              LuceneStore.open(storeOptions(dir, encoding, m, beamWidth, 100))) {
            store.compact();
          }
        });
  }

  /**
   * Store options for a cached index, with {@code vectorCandidates} (a search-time setting) chosen.
   */
  static StoreOptions storeOptions(
      Path dir, VectorEncoding encoding, int m, int beamWidth, int vectorCandidates) {
    return StoreOptions.builder(dir)
        .embedding(MODEL, vectors().documents()[0].length)
        .vectorEncoding(encoding)
        .hnswM(m)
        .hnswBeamWidth(beamWidth)
        .vectorCandidates(vectorCandidates)
        .contentFacts(FACTS)
        .build();
  }

  /** The cached status-quo SQLite file (FTS5 + float32 BLOBs) of the corpus of this size. */
  static synchronized Path sqlite(int size) {
    Path file = cacheDir().resolve("sqlite").resolve(BenchCorpus.keyFor(vectors(), size) + ".db");
    return cached(
        file,
        () -> {
          BenchCorpus corpus = corpus(size);
          try (SqliteBaseline db = SqliteBaseline.open(file)) {
            List<MemoryRecord> records = corpus.records();
            for (int from = 0; from < records.size(); from += BUILD_BATCH) {
              List<MemoryRecord> batch =
                  records.subList(from, Math.min(records.size(), from + BUILD_BATCH));
              db.add(documents(batch), batch.stream().map(MemoryRecord::vector).toList());
            }
          }
        });
  }

  /** The records as the status quo stores them: one namespace, title and content, created time. */
  static List<Document> documents(List<MemoryRecord> records) {
    List<Document> out = new ArrayList<>(records.size());
    for (MemoryRecord r : records) {
      out.add(new Document(r.id(), r.title(), r.content(), r.scope().namespace(), r.created()));
    }
    return out;
  }

  /** An embedder that answers the benchmark queries from their cached vectors (no model runs). */
  static Embedder precomputedEmbedder() {
    return precomputedEmbedder(queries());
  }

  static Embedder precomputedEmbedder(List<BenchQuery> queries) {
    return new LookupEmbedder(MODEL, queries);
  }

  /** A private copy of a cached index, for benchmarks whose engine writes (access statistics). */
  static Path copy(Path index) {
    try {
      Path target =
          Files.createTempDirectory(Files.createDirectories(cacheDir().resolve("tmp")), "index-");
      linkOrCopy(index, target);
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException("copying " + index, e);
    }
  }

  /**
   * Fills {@code target} with the files of the index {@code source}, as hard links where the file
   * system allows (instant, no extra disk: Lucene never changes a file once written, it only adds
   * and deletes files, so a writer on the copy cannot alter the source), else as copies.
   */
  private static void linkOrCopy(Path source, Path target) throws IOException {
    Files.createDirectories(target);
    try (Stream<Path> files = Files.list(source)) {
      for (Path f : files.toList()) {
        if (f.getFileName().toString().equals("write.lock")) {
          continue;
        }
        Path to = target.resolve(f.getFileName());
        try {
          Files.createLink(to, f);
        } catch (IOException | UnsupportedOperationException e) {
          Files.copy(f, to);
        }
      }
    }
  }

  /** Deletes a directory tree; missing is fine. */
  static void delete(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try {
      Files.walkFileTree(
          dir,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                throws IOException {
              Files.delete(file);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
              Files.delete(d);
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new UncheckedIOException("deleting " + dir, e);
    }
  }

  /** Bytes of a file, or of every file under a directory. */
  static long sizeOf(Path path) {
    try (Stream<Path> files = Files.walk(path)) {
      return files
          .filter(Files::isRegularFile)
          .mapToLong(
              f -> {
                try {
                  return Files.size(f);
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              })
          .sum();
    } catch (IOException e) {
      throw new UncheckedIOException("measuring " + path, e);
    }
  }

  private interface Build {
    void run() throws IOException, SQLException;
  }

  private static Path cached(Path target, Build build) {
    Path marker = target.resolveSibling(target.getFileName() + ".complete");
    if (Files.exists(marker)) {
      return target;
    }
    try {
      Files.createDirectories(target.getParent());
      delete(target);
      Files.deleteIfExists(target.resolveSibling(target.getFileName() + "-wal"));
      Files.deleteIfExists(target.resolveSibling(target.getFileName() + "-shm"));
      LOG.info("building {} (once; cached)", target);
      long start = System.nanoTime();
      build.run();
      Files.writeString(marker, "built in " + (System.nanoTime() - start) / 1_000_000 + " ms\n");
      LOG.info(
          "built {} in {} s", target.getFileName(), (System.nanoTime() - start) / 1_000_000_000);
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException("building " + target, e);
    } catch (SQLException e) {
      throw new IllegalStateException("building " + target, e);
    }
  }
}
