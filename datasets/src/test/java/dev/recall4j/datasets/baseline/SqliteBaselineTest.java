package dev.recall4j.datasets.baseline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.datasets.load.Document;
import dev.recall4j.datasets.trec.ScoredId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SqliteBaselineTest {
  private static final List<Document> DOCS =
      List.of(
          new Document("a1", "Running shoes", "She runs every morning.", "A", null),
          new Document("a2", "", "Cooking pasta and sauce.", "A", null),
          new Document("a3", "", "The word and appears here, AND again.", "A", null),
          new Document("b1", "", "He runs a marathon in running shoes.", "B", null));
  private static final List<float[]> VECTORS =
      Arrays.asList(new float[] {1, 0, 0}, new float[] {0, 1, 0}, null, new float[] {1, 0, 0});

  private Path dir;
  private SqliteBaseline baseline;

  @BeforeEach
  @BeforeProperty
  void open() throws Exception {
    dir = Files.createTempDirectory("sqlite-baseline");
    baseline = SqliteBaseline.open(dir.resolve("memory.db"));
    baseline.add(DOCS, VECTORS);
  }

  @AfterEach
  @AfterProperty
  void close() throws Exception {
    baseline.close();
    try (var files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  @Test
  void textSearchStemsRanksAndStaysInItsNamespace() throws SQLException {
    List<ScoredId> hits = baseline.searchText("running", "A", 10);

    // Porter: "running" matches "Running" and "runs"; b1 is in namespace B.
    assertEquals(List.of("a1"), hits.stream().map(ScoredId::id).toList());
    assertTrue(hits.get(0).score() > 0, "score is -bm25(), larger is better: " + hits);
    assertEquals(
        List.of("b1"), baseline.searchText("running", "B", 10).stream().map(ScoredId::id).toList());
  }

  @Test
  void textSearchMatchesAnyWordBestFirst() throws SQLException {
    List<ScoredId> hits = baseline.searchText("pasta running", "A", 10);

    assertEquals(Set.of("a1", "a2"), hits.stream().map(ScoredId::id).collect(Collectors.toSet()));
    assertEquals(hits.stream().sorted(ScoredId.RANKING).toList(), hits);
    assertEquals(hits.subList(0, 1), baseline.searchText("pasta running", "A", 1));
  }

  @Test
  void operatorsAndPunctuationAreSearchedAsWords() throws SQLException {
    for (String query :
        List.of("(((", "AND", "\"", "NEAR(", "body:", "*", "-", "a OR", "", "^x", "'''")) {
      baseline.searchText(query, "A", 5);
    }
    // AND is a word here: twice in a3, once in a2; a lone "(((" has no word and finds nothing.
    assertEquals(
        List.of("a3", "a2"),
        baseline.searchText("AND", "A", 5).stream().map(ScoredId::id).toList());
    assertEquals(List.of(), baseline.searchText("(((", "A", 5));
    assertEquals(
        List.of("a2"), baseline.searchText("\"pasta", "A", 5).stream().map(ScoredId::id).toList());
  }

  @Property(tries = 200)
  void anyTextIsAValidQuery(@ForAll String query) throws SQLException {
    List<ScoredId> hits = baseline.searchText(query, "A", 3);
    assertTrue(hits.size() <= 3);
  }

  @Test
  void vectorSearchIsExactCosineBestFirstWithinTheNamespace() throws SQLException {
    List<ScoredId> hits = baseline.searchVector(new float[] {3, 4, 0}, "A", 10);

    // cos((3,4,0), (1,0,0)) = 3/5; cos((3,4,0), (0,1,0)) = 4/5; a3 has no vector; b1 is in B.
    assertEquals(List.of(new ScoredId("a2", 0.8), new ScoredId("a1", 0.6)), round(hits));
    assertEquals(
        List.of(new ScoredId("a2", 0.8)),
        round(baseline.searchVector(new float[] {3, 4, 0}, "A", 1)));
    assertEquals(List.of(), baseline.searchVector(new float[] {1, 0, 0}, "C", 5));
  }

  @Test
  void equalCosinesAreOrderedById() throws SQLException {
    baseline.add(
        List.of(new Document("a0", "", "twin", "A", null)), List.of(new float[] {2, 0, 0}));

    List<ScoredId> hits = baseline.searchVector(new float[] {1, 0, 0}, "A", 2);

    assertEquals(List.of("a0", "a1"), hits.stream().map(ScoredId::id).toList());
  }

  @Test
  void vectorsAreStoredAsLittleEndianFloat32() throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("memory.db"));
        ResultSet r = c.createStatement().executeQuery("SELECT vector FROM docs WHERE id = 'a2'")) {
      // 0.0f = 00 00 00 00, 1.0f = 0x3F800000, low byte first.
      assertArrayEquals(
          new byte[] {0, 0, 0, 0, 0, 0, (byte) 0x80, 0x3f, 0, 0, 0, 0}, r.getBytes(1));
    }
  }

  @Test
  void vectorsReadBackByIdOnlyWhereStored() throws SQLException {
    Map<String, float[]> vectors = baseline.vectors(List.of("a2", "a3", "b1", "nope"));
    assertEquals(Set.of("a2", "b1"), vectors.keySet(), "a3 has no vector, nope is not stored");
    assertArrayEquals(new float[] {0, 1, 0}, vectors.get("a2"));
    assertArrayEquals(new float[] {1, 0, 0}, vectors.get("b1"));
  }

  @Test
  void aFailedAddStoresNothing() throws SQLException {
    var stored =
        List.of(
            new Document("c1", "", "new", "C", null), new Document("a1", "", "again", "A", null));
    var e = assertThrows(IllegalArgumentException.class, () -> baseline.add(stored, null));
    assertEquals("documents: id \"a1\" is already stored", e.getMessage());

    var twice =
        List.of(
            new Document("c1", "", "new", "C", null), new Document("c1", "", "again", "C", null));
    e = assertThrows(IllegalArgumentException.class, () -> baseline.add(twice, null));
    assertEquals("documents: id \"c1\" is given twice", e.getMessage());

    assertEquals(4, baseline.size());
    assertEquals(List.of(), baseline.searchText("new", "C", 5));
  }

  @Test
  void badVectorsAreRefusedNamingTheEntry() {
    var one = List.of(new Document("c1", "", "x", "C", null));
    assertEquals(
        "vectors[0]: dimension must be 3, got 2",
        assertThrows(
                IllegalArgumentException.class,
                () -> baseline.add(one, List.of(new float[] {1, 2})))
            .getMessage());
    assertEquals(
        "vectors[0]: component 1 must be finite, got NaN",
        assertThrows(
                IllegalArgumentException.class,
                () -> baseline.add(one, List.of(new float[] {1, Float.NaN, 0})))
            .getMessage());
    assertEquals(
        "vectors[0]: must not be all zeros (cosine needs a direction)",
        assertThrows(IllegalArgumentException.class, () -> baseline.add(one, List.of(new float[3])))
            .getMessage());
    assertEquals(
        "vectors: must have one entry per document (1), got 2",
        assertThrows(
                IllegalArgumentException.class,
                () -> baseline.add(one, List.of(new float[] {1, 0, 0}, new float[] {1, 0, 0})))
            .getMessage());
    assertEquals(
        "query: dimension must be 3, got 2",
        assertThrows(
                IllegalArgumentException.class,
                () -> baseline.searchVector(new float[] {1, 0}, "A", 1))
            .getMessage());
    assertEquals(
        "k: must be >= 1, got 0",
        assertThrows(IllegalArgumentException.class, () -> baseline.searchText("x", "A", 0))
            .getMessage());
  }

  @Test
  void aReopenedFileKeepsDocumentsAndVectors() throws SQLException {
    baseline.close();
    baseline = SqliteBaseline.open(dir.resolve("memory.db"));

    assertEquals(4, baseline.size());
    assertEquals(
        List.of("a2"), baseline.searchText("pasta", "A", 5).stream().map(ScoredId::id).toList());
    assertEquals("a1", baseline.searchVector(new float[] {1, 0, 0}, "A", 1).get(0).id());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            baseline.add(
                List.of(new Document("c1", "", "x", "C", null)), List.of(new float[] {1, 2})));
  }

  private static List<ScoredId> round(List<ScoredId> hits) {
    return hits.stream().map(h -> new ScoredId(h.id(), Math.round(h.score() * 1e6) / 1e6)).toList();
  }
}
