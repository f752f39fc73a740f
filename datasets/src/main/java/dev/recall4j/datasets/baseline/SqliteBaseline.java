package dev.recall4j.datasets.baseline;

import dev.recall4j.core.Checks;
import dev.recall4j.datasets.load.Document;
import dev.recall4j.datasets.trec.ScoredId;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * The status quo this project is measured against: agent memory kept in one SQLite file, searched
 * by FTS5 and by brute-force cosine over vectors stored as BLOBs (issue 3 item 3, issue 7 item 3).
 *
 * <p>Schema: {@code docs(rowid, id UNIQUE, namespace, vector BLOB)} indexed on namespace, and an
 * FTS5 table {@code docs_fts(body)} sharing the rowid, tokenized {@code porter unicode61
 * remove_diacritics 2} (Porter stemming, no stop words). {@code body} is {@link
 * Document#fullText()}. Vectors are float32 little-endian, 4 × dimension bytes; all vectors of a
 * file share one dimension. The file is opened in WAL mode with {@code synchronous=NORMAL}, the
 * usual settings of an agent that writes as it goes.
 *
 * <p>Text search ranks by FTS5's built-in {@code bm25()} (k1 = 1.2, b = 0.75, fixed by SQLite) over
 * the user's words joined with OR, each quoted so that no input is a syntax error. Vector search
 * reads every vector of the namespace and computes cosine similarity in Java: no index, which is
 * the point of the baseline. Both return at most {@code k} ids, best first ({@link
 * ScoredId#RANKING}: score descending, then id); the caller fuses them as it fuses the engine's
 * paths.
 *
 * <p>Not thread-safe: one JDBC connection, used by one thread at a time. Close it when done.
 */
public final class SqliteBaseline implements AutoCloseable {
  private static final String TEXT_SEARCH =
      """
      SELECT d.id, bm25(docs_fts) AS s FROM docs_fts JOIN docs d ON d.rowid = docs_fts.rowid
      WHERE docs_fts MATCH ? AND d.namespace = ? ORDER BY s, d.id LIMIT ?\
      """;

  private final Connection connection;
  private int dimension;

  private SqliteBaseline(Connection connection, int dimension) {
    this.connection = connection;
    this.dimension = dimension;
  }

  /**
   * Opens the SQLite file, creating it and its tables when absent; documents already stored stay
   * searchable.
   */
  public static SqliteBaseline open(Path file) throws SQLException {
    Checks.notNull(file, "file");
    Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath());
    try (Statement s = connection.createStatement()) {
      s.execute("PRAGMA journal_mode = WAL");
      s.execute("PRAGMA synchronous = NORMAL");
      s.execute(
          "CREATE TABLE IF NOT EXISTS docs(rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE,"
              + " namespace TEXT NOT NULL, vector BLOB)");
      s.execute("CREATE INDEX IF NOT EXISTS docs_namespace ON docs(namespace)");
      s.execute(
          "CREATE VIRTUAL TABLE IF NOT EXISTS docs_fts USING fts5("
              + "body, tokenize = 'porter unicode61 remove_diacritics 2')");
      int dimension = 0;
      try (ResultSet r =
          s.executeQuery("SELECT length(vector) / 4 FROM docs WHERE vector IS NOT NULL LIMIT 1")) {
        if (r.next()) {
          dimension = r.getInt(1);
        }
      }
      return new SqliteBaseline(connection, dimension);
    } catch (SQLException | RuntimeException e) {
      connection.close();
      throw e;
    }
  }

  /**
   * Adds documents, with an optional vector each, in one transaction: all are stored or none.
   *
   * @param documents the documents; ids must be new to the file
   * @param vectors null when no document has a vector, else one entry per document (an entry may be
   *     null: that document has no vector); finite, not all zero, all of one dimension
   * @throws IllegalArgumentException when the lists differ in length, a vector is bad, or an id is
   *     given twice or already stored (nothing is stored then)
   */
  public void add(List<Document> documents, List<float[]> vectors) throws SQLException {
    Checks.notNull(documents, "documents");
    Checks.require(
        vectors == null || vectors.size() == documents.size(),
        "vectors",
        "must have one entry per document (%s), got %s",
        documents.size(),
        vectors == null ? 0 : vectors.size());
    int newDimension = checkVectors(vectors);
    Set<String> ids = HashSet.newHashSet(documents.size());
    for (int i = 0; i < documents.size(); i++) {
      Document document = Checks.notNull(documents.get(i), "documents[" + i + "]");
      Checks.require(
          ids.add(document.id()),
          "documents",
          "id %s is given twice",
          Checks.excerpt(document.id()));
    }
    long nextRowid;
    try (Statement s = connection.createStatement();
        ResultSet r = s.executeQuery("SELECT coalesce(max(rowid), 0) + 1 FROM docs")) {
      nextRowid = r.getLong(1);
    }
    connection.setAutoCommit(false);
    try (PreparedStatement doc =
            connection.prepareStatement(
                "INSERT INTO docs(rowid, id, namespace, vector) VALUES (?, ?, ?, ?)");
        PreparedStatement fts =
            connection.prepareStatement("INSERT INTO docs_fts(rowid, body) VALUES (?, ?)")) {
      for (int i = 0; i < documents.size(); i++) {
        Document document = documents.get(i);
        long rowid = nextRowid + i;
        doc.setLong(1, rowid);
        doc.setString(2, document.id());
        doc.setString(3, document.namespace());
        float[] vector = vectors == null ? null : vectors.get(i);
        doc.setBytes(4, vector == null ? null : toBlob(vector));
        doc.addBatch();
        fts.setLong(1, rowid);
        fts.setString(2, document.fullText());
        fts.addBatch();
      }
      doc.executeBatch();
      fts.executeBatch();
      connection.commit();
    } catch (SQLException | RuntimeException e) {
      connection.rollback();
      if (e.getMessage() != null && e.getMessage().contains("UNIQUE constraint failed")) {
        throw new IllegalArgumentException(
            "documents: id " + Checks.excerpt(firstStored(documents)) + " is already stored", e);
      }
      throw e;
    } finally {
      // Outside a transaction again; after a rollback there is nothing left to commit.
      connection.setAutoCommit(true);
    }
    if (newDimension > 0) {
      dimension = newDimension;
    }
  }

  /** The first of the documents whose id the file already holds (called after a rollback). */
  private String firstStored(List<Document> documents) throws SQLException {
    try (PreparedStatement s = connection.prepareStatement("SELECT 1 FROM docs WHERE id = ?")) {
      for (Document document : documents) {
        s.setString(1, document.id());
        try (ResultSet r = s.executeQuery()) {
          if (r.next()) {
            return document.id();
          }
        }
      }
    }
    return null;
  }

  /**
   * Full-text search with FTS5 {@code bm25()}.
   *
   * @param query what the user typed; any text (words are quoted; a query without a letter or digit
   *     finds nothing)
   * @param namespace only documents of this namespace are returned
   * @param k the most results wanted, ≥ 1
   * @return at most k hits, best first; score = −bm25(), so larger is better
   */
  public List<ScoredId> searchText(String query, String namespace, int k) throws SQLException {
    Checks.notNull(query, "query");
    Checks.notBlank(namespace, "namespace");
    checkK(k);
    String match = Fts5Query.of(query);
    if (match.isEmpty()) {
      return List.of();
    }
    List<ScoredId> hits = new ArrayList<>();
    try (PreparedStatement s = connection.prepareStatement(TEXT_SEARCH)) {
      s.setString(1, match);
      s.setString(2, namespace);
      s.setInt(3, k);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          // bm25() is negated by SQLite so that ORDER BY ascending puts the best first.
          hits.add(new ScoredId(r.getString(1), -r.getDouble(2)));
        }
      }
    }
    return hits;
  }

  /**
   * Exact cosine search: reads every vector of the namespace and keeps the k most similar.
   *
   * @param query the query vector, of the stored dimension; finite, not all zero
   * @param namespace only documents of this namespace are returned
   * @param k the most results wanted, ≥ 1
   * @return at most k hits, best first; score = cosine similarity in [−1, 1]
   */
  public List<ScoredId> searchVector(float[] query, String namespace, int k) throws SQLException {
    checkVector(query, "query");
    Checks.notBlank(namespace, "namespace");
    checkK(k);
    if (dimension == 0) {
      return List.of();
    }
    Checks.require(
        query.length == dimension,
        "query",
        "dimension must be %s, got %s",
        dimension,
        query.length);
    double queryNorm = Math.sqrt(dot(query, query));
    // The heap holds the k best so far with the worst on top, to be evicted first.
    PriorityQueue<ScoredId> best = new PriorityQueue<>(k + 1, ScoredId.RANKING.reversed());
    float[] vector = new float[dimension];
    try (PreparedStatement s =
        connection.prepareStatement(
            "SELECT id, vector FROM docs WHERE namespace = ? AND vector IS NOT NULL")) {
      s.setString(1, namespace);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          FloatBuffer floats =
              ByteBuffer.wrap(r.getBytes(2)).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
          floats.get(vector);
          double cosine = dot(query, vector) / (queryNorm * Math.sqrt(dot(vector, vector)));
          best.add(new ScoredId(r.getString(1), cosine));
          if (best.size() > k) {
            best.poll();
          }
        }
      }
    }
    List<ScoredId> hits = new ArrayList<>(best);
    hits.sort(ScoredId.RANKING);
    return hits;
  }

  /**
   * The stored vectors of these documents, by id; a document without a vector, or not stored, has
   * no entry.
   */
  public Map<String, float[]> vectors(Collection<String> ids) throws SQLException {
    Checks.notNull(ids, "ids");
    Map<String, float[]> out = HashMap.newHashMap(ids.size());
    try (PreparedStatement s =
        connection.prepareStatement(
            "SELECT vector FROM docs WHERE id = ? AND vector IS NOT NULL")) {
      for (String id : ids) {
        s.setString(1, id);
        try (ResultSet r = s.executeQuery()) {
          if (r.next()) {
            out.put(id, fromBlob(r.getBytes(1)));
          }
        }
      }
    }
    return out;
  }

  /** The number of documents stored. */
  public int size() throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet r = s.executeQuery("SELECT count(*) FROM docs")) {
      return r.getInt(1);
    }
  }

  /** Closes the connection; the file stays. */
  @Override
  public void close() throws SQLException {
    connection.close();
  }

  /** Checks every vector; returns their dimension, or 0 when there is none. */
  private int checkVectors(List<float[]> vectors) {
    if (vectors == null) {
      return 0;
    }
    int seen = dimension;
    for (int i = 0; i < vectors.size(); i++) {
      float[] vector = vectors.get(i);
      if (vector == null) {
        continue;
      }
      String field = "vectors[" + i + "]";
      checkVector(vector, field);
      Checks.require(
          seen == 0 || vector.length == seen,
          field,
          "dimension must be %s, got %s",
          seen,
          vector.length);
      seen = vector.length;
    }
    return seen;
  }

  private static void checkVector(float[] vector, String field) {
    Checks.require(vector != null && vector.length > 0, field, "must be a non-empty vector");
    boolean nonZero = false;
    for (int i = 0; i < vector.length; i++) {
      Checks.require(
          Float.isFinite(vector[i]), field, "component %s must be finite, got %s", i, vector[i]);
      nonZero |= vector[i] != 0;
    }
    Checks.require(nonZero, field, "must not be all zeros (cosine needs a direction)");
  }

  private static void checkK(int k) {
    Checks.require(k >= 1, "k", "must be >= 1, got %s", k);
  }

  private static float[] fromBlob(byte[] blob) {
    float[] vector = new float[blob.length / Float.BYTES];
    ByteBuffer.wrap(blob).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(vector);
    return vector;
  }

  private static byte[] toBlob(float[] vector) {
    ByteBuffer bytes =
        ByteBuffer.allocate(Float.BYTES * vector.length).order(ByteOrder.LITTLE_ENDIAN);
    bytes.asFloatBuffer().put(vector);
    return bytes.array();
  }

  private static double dot(float[] a, float[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += (double) a[i] * b[i];
    }
    return sum;
  }
}
