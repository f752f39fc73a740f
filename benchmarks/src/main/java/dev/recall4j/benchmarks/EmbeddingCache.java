package dev.recall4j.benchmarks;

import dev.recall4j.core.Embedder;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Real embeddings of the pool, computed once and kept in {@code
 * <cache>/embeddings/<model>-<key>.f32} (a header of three big-endian ints: documents, queries,
 * dimension; then the floats), where the key hashes the model id and every embedded text: changed
 * data never reads stale vectors. The file is written to a temporary name and moved into place, so
 * an interrupted run leaves no half-written cache.
 */
final class EmbeddingCache {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddingCache.class);
  private static final int BATCH = 256;

  private EmbeddingCache() {}

  /**
   * The embeddings of the pool's first {@code documents} texts and first {@code queries} queries,
   * read from the cache or computed with the embedder the supplier opens (and closed after).
   */
  static EmbeddedPool load(
      Path cacheDir,
      TextPool pool,
      String model,
      int documents,
      int queries,
      Supplier<Embedder> embedder)
      throws IOException {
    int docCount = Math.min(documents, pool.texts().size());
    int queryCount = Math.min(queries, pool.queries().size());
    List<String> docTexts =
        pool.texts().subList(0, docCount).stream().map(TextPool.Text::embeddingText).toList();
    List<String> queryTexts = pool.queries().subList(0, queryCount);
    StringBuilder all = new StringBuilder(model);
    docTexts.forEach(t -> all.append('\u0000').append(t));
    all.append('\u0001');
    queryTexts.forEach(t -> all.append('\u0000').append(t));
    String key = BenchCorpus.sha256(all.toString()).substring(0, 16);
    Path file = cacheDir.resolve("embeddings").resolve(model + "-" + key + ".f32");
    if (Files.exists(file)) {
      float[][][] read = read(file, docCount, queryCount);
      return new EmbeddedPool(model, key, read[0], read[1]);
    }
    LOG.info(
        "embedding {} texts and {} queries with {} (once; cached in {})",
        docCount,
        queryCount,
        model,
        file);
    long start = System.nanoTime();
    float[][] docVectors = new float[docCount][];
    float[][] queryVectors = new float[queryCount][];
    try (Embedder e = embedder.get()) {
      for (int from = 0; from < docCount; from += BATCH) {
        List<float[]> batch =
            e.embedDocuments(docTexts.subList(from, Math.min(docCount, from + BATCH)));
        for (int j = 0; j < batch.size(); j++) {
          docVectors[from + j] = batch.get(j);
        }
        LOG.info(
            "embedded {}/{} texts ({} s)",
            Math.min(docCount, from + BATCH),
            docCount,
            (System.nanoTime() - start) / 1_000_000_000);
      }
      for (int i = 0; i < queryCount; i++) {
        queryVectors[i] = e.embedQuery(queryTexts.get(i));
      }
    }
    write(file, docVectors, queryVectors);
    LOG.info("embedded the pool in {} s", (System.nanoTime() - start) / 1_000_000_000);
    return new EmbeddedPool(model, key, docVectors, queryVectors);
  }

  private static void write(Path file, float[][] docs, float[][] queries) throws IOException {
    Files.createDirectories(file.getParent());
    Path tmp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
    int dimension = docs.length > 0 ? docs[0].length : queries[0].length;
    try (DataOutputStream out =
        new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16))) {
      out.writeInt(docs.length);
      out.writeInt(queries.length);
      out.writeInt(dimension);
      for (float[][] block : List.of(docs, queries)) {
        for (float[] v : block) {
          for (float f : v) {
            out.writeFloat(f);
          }
        }
      }
    }
    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  private static float[][][] read(Path file, int docCount, int queryCount) throws IOException {
    // One bulk read instead of a readFloat call per component: every benchmark fork reads ~37 MB.
    ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.BIG_ENDIAN);
    int docs = bytes.getInt();
    int queries = bytes.getInt();
    int dimension = bytes.getInt();
    if (docs != docCount || queries != queryCount) {
      throw new IOException(
          file
              + " holds "
              + docs
              + " texts and "
              + queries
              + " queries, expected "
              + docCount
              + " and "
              + queryCount
              + "; delete it to recompute");
    }
    FloatBuffer floats = bytes.asFloatBuffer();
    List<float[][]> blocks = new ArrayList<>();
    for (int count : new int[] {docs, queries}) {
      float[][] block = new float[count][dimension];
      for (float[] v : block) {
        floats.get(v);
      }
      blocks.add(block);
    }
    return new float[][][] {blocks.get(0), blocks.get(1)};
  }
}
