package dev.recall4j.datasets.eval;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The vector of every text an evaluation embeds, recorded once with the live model and read back in
 * its place, so that what the gates measure does not depend on the CPU.
 *
 * <p>Why: the default model is int8-quantised, and ONNX Runtime picks its int8 kernels by
 * instruction set (AVX2's saturating {@code vpmaddubsw}, AVX-512 VNNI's {@code vpdpbusd}, NEON), so
 * the same text gets slightly different vectors on different CPUs, and every figure downstream of a
 * vector moves by up to 0.01 (issue 30). The engine itself (HNSW over int8 codes, fusion, decay,
 * dedup, packing) is exact given its inputs; gating it on recorded vectors checks it to the fourth
 * decimal on any CPU. The model is checked apart, against golden vectors with a cosine tolerance
 * ({@code GoldenVectorsTest} in the embeddings module).
 *
 * <p>The file: magic {@code R4RV}, version, model id, dimension, count, then per text (sorted by
 * key) a 16-byte key, a float scale and {@code dimension} signed bytes. The key is the first 16
 * bytes of SHA-256 over a role byte (query or document) and the UTF-8 text: a query and a document
 * of the same text are embedded differently (the query instruction). Components are stored as
 * {@code round(x / scale)} with {@code scale = max|x| / 127} (cosine with the model's own vector
 * above 0.9999); read back, each vector is re-normalised to unit length. About 400 bytes a text.
 *
 * <p>As an {@link Embedder} it answers only the texts it holds and fails loud, naming the text, on
 * any other: a change to the dataset or to how the engine cuts passages needs a new recording
 * ({@code bin/recall4j eval-gates --record-vectors}). Immutable and thread-safe.
 */
public final class ReferenceVectors implements Embedder {
  private static final int MAGIC = 0x5234_5256; // "R4RV"
  private static final int VERSION = 1;
  private static final int KEY_BYTES = 16;
  private static final byte QUERY = 'q';
  private static final byte DOCUMENT = 'd';

  private final Path file;
  private final String model;
  private final int dimension;
  private final String checksum;
  private final Map<String, float[]> vectors;

  private ReferenceVectors(
      Path file, String model, int dimension, String checksum, Map<String, float[]> vectors) {
    this.file = file;
    this.model = model;
    this.dimension = dimension;
    this.checksum = checksum;
    this.vectors = vectors;
  }

  /**
   * Reads a reference file.
   *
   * @param model the model the caller expects; a file of another model is refused
   * @throws IllegalArgumentException naming the file when it is missing, damaged or of another
   *     model
   */
  public static ReferenceVectors read(Path file, String model) throws IOException {
    Checks.notNull(file, "file");
    Checks.notBlank(model, "model");
    Checks.require(
        Files.isRegularFile(file),
        "vectors",
        "no reference vector file %s (record it with bin/recall4j eval-gates --record-vectors)",
        file);
    MessageDigest sha = sha256();
    try (InputStream raw = Files.newInputStream(file);
        DataInputStream in =
            new DataInputStream(
                new BufferedInputStream(new DigestInputStream(raw, sha), 1 << 16))) {
      Checks.require(
          in.readInt() == MAGIC && in.readInt() == VERSION,
          "vectors",
          "%s is not a reference vector file of version %s",
          file,
          VERSION);
      String recorded = in.readUTF();
      Checks.require(
          recorded.equals(model),
          "vectors",
          "%s holds vectors of %s, not of %s",
          file,
          recorded,
          model);
      int dimension = in.readInt();
      int count = in.readInt();
      Checks.require(
          dimension > 0 && count >= 0,
          "vectors",
          "%s: bad header (%s, %s)",
          file,
          dimension,
          count);
      Map<String, float[]> vectors = HashMap.newHashMap(count);
      byte[] key = new byte[KEY_BYTES];
      byte[] codes = new byte[dimension];
      for (int i = 0; i < count; i++) {
        in.readFully(key);
        float scale = in.readFloat();
        in.readFully(codes);
        vectors.put(HexFormat.of().formatHex(key), unit(codes, scale));
      }
      Checks.require(in.read() == -1, "vectors", "%s: data after %s vectors", file, count);
      return new ReferenceVectors(
          file, recorded, dimension, HexFormat.of().formatHex(sha.digest()), Map.copyOf(vectors));
    } catch (EOFException e) {
      throw new IllegalArgumentException("vectors: " + file + " is truncated", e);
    }
  }

  /**
   * An embedder that answers through {@code model} and remembers every text and vector it gave, to
   * be written with {@link Recorder#write(Path)}. It does not own the model: closing it (as an
   * engine closes its embedder) leaves the model open for the next run; the caller closes it.
   */
  public static Recorder recorder(Embedder model) {
    return new Recorder(Checks.notNull(model, "model"));
  }

  /** SHA-256 of the file as read, lowercase hex: what a gate records beside its figures. */
  public String checksum() {
    return checksum;
  }

  /** How many texts the file holds. */
  public int size() {
    return vectors.size();
  }

  @Override
  public String modelId() {
    return model;
  }

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public float[] embedQuery(String query) {
    return lookup(QUERY, query);
  }

  @Override
  public List<float[]> embedDocuments(List<String> texts) {
    List<float[]> out = new ArrayList<>(texts.size());
    for (String text : texts) {
      out.add(lookup(DOCUMENT, text));
    }
    return out;
  }

  private float[] lookup(byte role, String text) {
    float[] vector = vectors.get(key(role, text));
    if (vector == null) {
      throw new IllegalStateException(
          String.format(
              "reference vectors %s hold no vector for the %s %s: the dataset or the engine's"
                  + " passages changed since they were recorded; record them again with"
                  + " bin/recall4j eval-gates --record-vectors",
              file, role == QUERY ? "query" : "document text", Checks.excerpt(text)));
    }
    return vector.clone();
  }

  /** The stored codes as a unit vector. */
  private static float[] unit(byte[] codes, float scale) {
    float[] v = new float[codes.length];
    double norm = 0;
    for (int i = 0; i < codes.length; i++) {
      v[i] = codes[i] * scale;
      norm += (double) v[i] * v[i];
    }
    float inverse = (float) (1 / Math.sqrt(norm));
    for (int i = 0; i < v.length; i++) {
      v[i] *= inverse;
    }
    return v;
  }

  private static String key(byte role, String text) {
    MessageDigest sha = sha256();
    sha.update(role);
    sha.update(text.getBytes(StandardCharsets.UTF_8));
    return HexFormat.of().formatHex(sha.digest(), 0, KEY_BYTES);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("every JDK provides SHA-256", e);
    }
  }

  /**
   * Passes every call to the live model and keeps what it answered. Thread-safe: the texts of
   * concurrent calls are all kept.
   */
  public static final class Recorder implements Embedder {
    private final Embedder model;
    private final Map<String, float[]> seen = new ConcurrentHashMap<>();

    private Recorder(Embedder model) {
      this.model = model;
    }

    @Override
    public String modelId() {
      return model.modelId();
    }

    @Override
    public int dimension() {
      return model.dimension();
    }

    @Override
    public float[] embedQuery(String query) {
      float[] vector = model.embedQuery(query);
      seen.put(key(QUERY, query), vector.clone());
      return vector;
    }

    @Override
    public List<float[]> embedDocuments(List<String> texts) {
      List<float[]> vectors = model.embedDocuments(texts);
      for (int i = 0; i < texts.size(); i++) {
        seen.put(key(DOCUMENT, texts.get(i)), vectors.get(i).clone());
      }
      return vectors;
    }

    /** How many distinct texts were embedded so far. */
    public int size() {
      return seen.size();
    }

    /**
     * Writes every text seen, sorted by key, to a temporary file moved into place.
     *
     * @return the SHA-256 of the file written, lowercase hex
     */
    public String write(Path file) throws IOException {
      Path dir = file.toAbsolutePath().getParent();
      Files.createDirectories(dir);
      Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
      MessageDigest sha = sha256();
      try (DataOutputStream out =
          new DataOutputStream(
              new BufferedOutputStream(
                  new DigestOutputStream(Files.newOutputStream(tmp), sha), 1 << 16))) {
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeUTF(model.modelId());
        out.writeInt(model.dimension());
        out.writeInt(seen.size());
        byte[] codes = new byte[model.dimension()];
        for (Map.Entry<String, float[]> e : new TreeMap<>(seen).entrySet()) {
          float[] v = e.getValue();
          float max = 0;
          for (float x : v) {
            max = Math.max(max, Math.abs(x));
          }
          float scale = max == 0 ? 1 : max / 127;
          for (int i = 0; i < v.length; i++) {
            codes[i] = (byte) Math.round(v[i] / scale);
          }
          out.write(HexFormat.of().parseHex(e.getKey()));
          out.writeFloat(scale);
          out.write(codes);
        }
      }
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return HexFormat.of().formatHex(sha.digest());
    }

    /** Does nothing: the model belongs to the caller (see {@link #recorder}). */
    @Override
    public void close() {}
  }
}
