package dev.recall4j.datasets.eval;

import dev.recall4j.core.Wire;
import dev.recall4j.datasets.load.Dataset;
import dev.recall4j.engine.EngineConfig;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/*
 * The evaluation cache, two layers under one root:
 *
 *   <root>/vectors/<key>.vec   embedded texts' vectors by SHA-256 of the text (TextVectorCache),
 *                              key = sha256(dataset checksum, model)
 *   <root>/index/<key>/        the engine index (lucene/) and the SQLite baseline (baseline.sqlite),
 *                              key = sha256(records version, dataset checksum, model or "none",
 *                              every index-time setting: vector encoding, HNSW m and beam, BM25 k1, b,
 *                              passage words, segments a tier)
 *
 * Vectors are keyed by the text embedded, without records version or index settings, so changing a
 * setting (int8 -> float32, another passage size) or how documents become records rebuilds the
 * index embedding only the texts it has not seen. The code-field boost is a query-time setting and not part
 * of the key. An entry counts only once its marker file exists, written last: an interrupted build
 * is thrown away and redone. Vector files are written to a temporary name and moved into place.
 * RECORDS_VERSION must change whenever EvalCorpus maps documents to records differently, and
 * whenever the store's schema does (3: schema 4, ids by namespace; an entry migrated in place
 * is no longer the index the figures were recorded on).
 */
final class EvalCache {
  private static final Logger LOG = LoggerFactory.getLogger(EvalCache.class);
  static final String RECORDS_VERSION = "eval-records-3";
  private static final int VECTOR_MAGIC = 0x5234_4a56; // "R4JV"
  private static final String INDEX_MARKER = "index.complete";
  private static final String BASELINE_MARKER = "baseline.complete";

  private final Path root;

  EvalCache(Path root) {
    this.root = root.toAbsolutePath().normalize();
  }

  /** The directory of the index entry for these settings. */
  Path indexEntry(Dataset dataset, String modelId, EngineConfig config) {
    return root.resolve("index")
        .resolve(
            key(
                RECORDS_VERSION,
                dataset.checksum(),
                modelId == null ? "none" : modelId,
                Wire.name(config.indexSettings().vectorEncoding()),
                Integer.toString(config.indexSettings().hnswM()),
                Integer.toString(config.indexSettings().hnswBeamWidth()),
                Double.toString(config.indexSettings().bm25K1()),
                Double.toString(config.indexSettings().bm25B()),
                Integer.toString(config.embedder().passageWords()),
                "segments" + config.indexSettings().segmentsPerTier()));
  }

  /** The vector file of a dataset and model. */
  Path vectorFile(Dataset dataset, String modelId) {
    return root.resolve("vectors").resolve(key("texts", dataset.checksum(), modelId) + ".vec");
  }

  static boolean indexComplete(Path entry) {
    return Files.exists(entry.resolve(INDEX_MARKER));
  }

  static void markIndexComplete(Path entry) throws IOException {
    Files.writeString(entry.resolve(INDEX_MARKER), "ok\n");
  }

  static boolean baselineComplete(Path entry) {
    return Files.exists(entry.resolve(BASELINE_MARKER));
  }

  static void markBaselineComplete(Path entry) throws IOException {
    Files.writeString(entry.resolve(BASELINE_MARKER), "ok\n");
  }

  static Path baselineFile(Path entry) {
    return entry.resolve("baseline.sqlite");
  }

  /** Deletes a directory tree if present, then creates it empty. */
  static void recreate(Path dir) throws IOException {
    if (Files.exists(dir)) {
      try (Stream<Path> walk = Files.walk(dir)) {
        for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    Files.createDirectories(dir);
  }

  /**
   * Writes key and vector of every entry: magic, model id, dimension, count, then (key, floats).
   * Written whole to a temporary file and moved into place, so two runs never interleave.
   */
  static void writeVectors(Path file, String modelId, Map<String, float[]> byKey)
      throws IOException {
    Files.createDirectories(file.getParent());
    Path tmp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
    List<String> ids = List.copyOf(byKey.keySet());
    List<float[]> vectors = ids.stream().map(byKey::get).toList();
    int dimension = vectors.isEmpty() ? 0 : vectors.getFirst().length;
    try (DataOutputStream out =
        new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16))) {
      out.writeInt(VECTOR_MAGIC);
      out.writeUTF(modelId);
      out.writeInt(dimension);
      out.writeInt(ids.size());
      for (int i = 0; i < ids.size(); i++) {
        byte[] id = ids.get(i).getBytes(StandardCharsets.UTF_8);
        out.writeInt(id.length);
        out.write(id);
        for (float f : vectors.get(i)) {
          out.writeFloat(f);
        }
      }
    }
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** The vectors of a file by key, or null when it is absent, of another model, or damaged. */
  static Map<String, float[]> readVectors(Path file, String modelId) throws IOException {
    if (!Files.exists(file)) {
      return null;
    }
    try (DataInputStream in =
        new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
      if (in.readInt() != VECTOR_MAGIC || !in.readUTF().equals(modelId)) {
        LOG.warn("ignoring vector cache {}: not a vector file of {}", file, modelId);
        return null;
      }
      int dimension = in.readInt();
      int count = in.readInt();
      Map<String, float[]> vectors = HashMap.newHashMap(count);
      for (int i = 0; i < count; i++) {
        byte[] id = new byte[in.readInt()];
        in.readFully(id);
        float[] vector = new float[dimension];
        for (int j = 0; j < dimension; j++) {
          vector[j] = in.readFloat();
        }
        vectors.put(new String(id, StandardCharsets.UTF_8), vector);
      }
      return vectors;
    } catch (EOFException e) {
      LOG.warn("ignoring truncated vector cache {}", file);
      return null;
    }
  }

  private static String key(String... parts) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      for (String part : parts) {
        digest.update(part.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
      }
      return HexFormat.of().formatHex(digest.digest()).substring(0, 24);
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("every JDK provides SHA-256", e);
    }
  }
}
