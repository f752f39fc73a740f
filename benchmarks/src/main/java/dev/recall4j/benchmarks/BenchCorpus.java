package dev.recall4j.benchmarks;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Source;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

/**
 * A reproducible benchmark corpus of {@code size} records with vectors, and the queries run against
 * it.
 *
 * <p><b>What it holds.</b> The first {@code min(size, realRecords)} records are real texts of the
 * shared datasets ({@link TextPool}: LoCoMo turns as memories, LoCoMo observations as KB
 * observations, SciFact/LISA/CACM/Cranfield abstracts as RAG chunks), in the pool's seeded order,
 * with their real embeddings by the corpus model. Every further record is <em>derived</em> from a
 * real one chosen by a seeded draw: its sentences in a shuffled order with one of them replaced by
 * a sentence of another real text (so vocabulary and lengths stay those of the datasets), and its
 * vector the source's vector plus Gaussian noise, {@code normalise(v + sigma * n)} with {@code n ~
 * N(0, I/d)} and {@code sigma = }{@value #PERTURBATION}, which keeps a cosine of about {@code
 * 1/sqrt(1 + sigma^2) = 0.86} to its source: clusters of near neighbours, as agents' repeated
 * memories make, rather than uniform random points that would flatter HNSW. The datasets hold about
 * 24,000 texts (MiniLM embeds them in 1 to 3 minutes on 2 cores, once; cached), so corpora of 1K
 * and 10K records are entirely real and 100K records are about a quarter real.
 *
 * <p><b>Determinism.</b> Record {@code i} depends only on the pool, the real vectors and {@code i},
 * never on {@code size}: a smaller corpus is a prefix of a larger one, and the same inputs give the
 * same records on any machine. Queries are the first {@value #QUERIES} distinct judged questions of
 * the pool. Immutable and thread-safe.
 */
public final class BenchCorpus {
  /** Seed of every draw; changing it changes every corpus and invalidates the caches. */
  public static final long SEED = 20_250_701L;

  /**
   * Real (embedded) records at most: more than the pool holds (24,209 texts), so every pool text is
   * used.
   */
  public static final int REAL_RECORDS = 25_000;

  /** Number of queries. */
  public static final int QUERIES = 200;

  /** Noise scale of derived vectors. */
  public static final double PERTURBATION = 0.6;

  /** Version of the generator, part of every cache key: bump it when records change. */
  static final int GENERATOR_VERSION = 1;

  /** Creation times of records without one are spread over the year before this instant. */
  static final Instant EPOCH = Instant.parse("2025-06-01T00:00:00Z");

  private final List<MemoryRecord> records;
  private final List<BenchQuery> queries;
  private final int realRecords;
  private final String key;

  private BenchCorpus(
      List<MemoryRecord> records, List<BenchQuery> queries, int realRecords, String key) {
    this.records = records;
    this.queries = queries;
    this.realRecords = realRecords;
    this.key = key;
  }

  /**
   * Builds a corpus.
   *
   * @param pool the real texts and queries
   * @param vectors embeddings of the pool's first texts (as many as are real) and first queries
   * @param size number of records, at least 1
   */
  static BenchCorpus create(TextPool pool, EmbeddedPool vectors, int size) {
    Checks.require(size >= 1, "size", "must be >= 1, got %d", size);
    int real = Math.min(size, vectors.documents().length);
    List<TextPool.Text> texts = pool.texts();
    List<MemoryRecord> records = new ArrayList<>(size);
    for (int i = 0; i < real; i++) {
      TextPool.Text t = texts.get(i);
      records.add(
          record(
              t.id(),
              t,
              t.content(),
              vectors.documents()[i],
              createdAt(t, new Random(mix(i))),
              vectors.model()));
    }
    for (int i = real; i < size; i++) {
      Random random = new Random(mix(i));
      int source = random.nextInt(vectors.documents().length);
      TextPool.Text t = texts.get(source);
      String donor = pickSentence(texts.get(random.nextInt(texts.size())).content(), random);
      String content = derivedText(t.content(), donor, random);
      float[] vector = perturb(vectors.documents()[source], random);
      records.add(
          record("derived/" + i, t, content, vector, createdAt(null, random), vectors.model()));
    }
    return new BenchCorpus(
        Collections.unmodifiableList(records), queries(pool, vectors), real, keyFor(vectors, size));
  }

  /** The records, in corpus order (real ones first). */
  public List<MemoryRecord> records() {
    return records;
  }

  /** The queries, in a fixed order. */
  public List<BenchQuery> queries() {
    return queries;
  }

  public int size() {
    return records.size();
  }

  /** How many records are real texts with real embeddings (the rest are derived). */
  public int realRecords() {
    return realRecords;
  }

  /** A short stable hash of everything that makes this corpus: names its cached indexes. */
  public String key() {
    return key;
  }

  /** The {@link #key()} of the corpus of this size over these vectors, without building it. */
  static String keyFor(EmbeddedPool vectors, int size) {
    return sha256(vectors.key() + "|g" + GENERATOR_VERSION + "|n" + size).substring(0, 16);
  }

  /** The queries of a corpus over these vectors, without building it. */
  static List<BenchQuery> queries(TextPool pool, EmbeddedPool vectors) {
    List<BenchQuery> queries = new ArrayList<>();
    for (int i = 0; i < vectors.queries().length; i++) {
      queries.add(new BenchQuery(pool.queries().get(i), vectors.queries()[i]));
    }
    return List.copyOf(queries);
  }

  private static MemoryRecord record(
      String id, TextPool.Text t, String content, float[] vector, Instant created, String model) {
    Source source =
        switch (t.silo()) {
          case MEMORY -> Source.USER;
          case KB -> Source.AGENT;
          case RAG -> Source.IMPORT;
        };
    return MemoryRecord.builder()
        .id(id)
        .silo(t.silo())
        .kind(Kind.defaultFor(t.silo()))
        .source(source)
        .title(t.title())
        .content(content)
        .vector(vector)
        .embeddingModel(model)
        .created(created)
        .build();
  }

  private static Instant createdAt(TextPool.Text t, Random random) {
    if (t != null && t.timestamp() != null) {
      return t.timestamp();
    }
    return EPOCH.minus(Duration.ofMinutes(random.nextInt(365 * 24 * 60)));
  }

  /**
   * The source's sentences shuffled, one replaced by the donor sentence (appended to a one-sentence
   * text).
   */
  static String derivedText(String source, String donor, Random random) {
    List<String> sentences = new ArrayList<>(Arrays.asList(source.split("(?<=[.!?])\\s+")));
    Collections.shuffle(sentences, random);
    if (sentences.size() > 1) {
      sentences.set(random.nextInt(sentences.size()), donor);
    } else {
      sentences.add(donor);
    }
    return String.join(" ", sentences);
  }

  private static String pickSentence(String text, Random random) {
    String[] sentences = text.split("(?<=[.!?])\\s+");
    return sentences[random.nextInt(sentences.length)];
  }

  /** {@code normalise(v + sigma * n)}, n ~ N(0, I/d). */
  static float[] perturb(float[] v, Random random) {
    double scale = PERTURBATION / Math.sqrt(v.length);
    float[] out = new float[v.length];
    double norm = 0;
    for (int i = 0; i < v.length; i++) {
      out[i] = (float) (v[i] + scale * random.nextGaussian());
      norm += (double) out[i] * out[i];
    }
    float inverse = (float) (1 / Math.sqrt(norm));
    for (int i = 0; i < out.length; i++) {
      out[i] *= inverse;
    }
    return out;
  }

  /** A per-record seed: the corpus seed and the record index, spread by a 64-bit odd multiplier. */
  private static long mix(int index) {
    return SEED ^ (index * 0x9E3779B97F4A7C15L);
  }

  static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }
}
