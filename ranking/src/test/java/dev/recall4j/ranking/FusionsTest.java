package dev.recall4j.ranking;

import static dev.recall4j.ranking.Fixtures.c;
import static dev.recall4j.ranking.Fixtures.path;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FusionsTest {
  @Test
  void parsesEverySpecShape() {
    assertEquals(Fusions.rrf(60), Fusions.parse("rrf"));
    assertEquals(Fusions.rrf(10), Fusions.parse("rrf:k=10"));
    assertEquals(
        Fusions.rrf(60, Map.of("lexical", 1.0, "vector", 0.5), 100),
        Fusions.parse(" rrf : k=60, lexical=1.0 ,vector=0.5,window=100"));
    assertEquals(Fusions.convex(0.3), Fusions.parse("convex:alpha=0.3"));
    assertEquals(Fusions.convex(0.5), Fusions.parse("convex"));
    assertEquals(Fusions.convex(0.5), Fusions.parse("convex:weights=fixed"));
    assertEquals(
        "convex:alpha=0.4,weights=confidence",
        Fusions.parse("convex:weights=confidence,alpha=0.4").name());
    assertEquals(
        Fusions.confidentConvex(0.4), Fusions.parse("convex:weights=confidence,alpha=0.4"));
    assertEquals(Fusions.dbsf(), Fusions.parse("DBSF"));
  }

  @Test
  void nameIsTheCanonicalSpecAndParsesBack() {
    List<Fusion> fusions =
        List.of(
            Fusions.rrf(60),
            Fusions.rrf(7, Map.of("vector", 0.25, "lexical", 2.0), 50),
            Fusions.convex(0.3),
            Fusions.parse("convex:alpha=0.5,norm=theoretical,weights=confidence"),
            Fusions.dbsf());
    assertEquals("rrf:k=7,lexical=2.0,vector=0.25,window=50", fusions.get(1).name());
    for (Fusion f : fusions) {
      assertEquals(f, Fusions.parse(f.name()));
    }
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "rrf:k=0                | k: must be > 0, got 0",
        "rrf:k=-5               | k: must be > 0, got -5",
        "rrf:k=ten              | k: must be an integer, got \"ten\"",
        "rrf:window=0           | window: must be > 0, got 0",
        "rrf:vector=-1          | pathWeights: weight of path vector must be finite and >= 0, got -1.0",
        "rrf:vector=NaN         | pathWeights: weight of path vector must be finite and >= 0, got NaN",
        "rrf:Vector=1           | pathWeights: must be lower snake case",
        "rrf:k=1,k=2            | k: is set twice",
        "rrf:k                  | fusion: expected key=value, got \"k\"",
        "convex:alpha=1.5       | alpha: must be a finite number in [0.0, 1.0], got 1.5",
        "convex:alpha=-0.1      | alpha: must be a finite number in [0.0, 1.0], got -0.1",
        "convex:alpha=NaN       | alpha: must be a finite number in [0.0, 1.0], got NaN",
        "convex:beta=1          | beta: is not a setting of convex (settings: alpha, norm, weights)",
        "convex:weights=zscore  | weights: must be fixed or confidence, got \"zscore\"",
        "convex:norm=zscore     | norm: must be minmax or theoretical, got \"zscore\"",
        "dbsf:k=3               | k: is not a setting of dbsf (settings: none)",
        "borda                  | fusion: unknown method \"borda\"",
        "'   '                  | fusion: must not be empty or blank",
      })
  void badSpecsNameTheSetting(String spec, String message) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Fusions.parse(spec));
    assertTrue(
        e.getMessage().startsWith(message),
        () -> "expected \"" + message + "\", got \"" + e.getMessage() + "\"");
  }

  @Test
  void badFactoryArgumentsNameTheSetting() {
    assertEquals(
        "k: must be > 0, got 0",
        assertThrows(IllegalArgumentException.class, () -> Fusions.rrf(0)).getMessage());
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> Fusions.convex(-0.01))
            .getMessage()
            .startsWith("alpha:"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> Fusions.rrf(60, Map.of(), 0))
            .getMessage()
            .startsWith("window:"));
  }

  @Test
  void candidateRejectsNonFiniteScores() {
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> c("a", Double.NaN))
            .getMessage()
            .startsWith("score: must be finite, got NaN"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> c("a", Double.POSITIVE_INFINITY))
            .getMessage()
            .startsWith("score:"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> c(" ", 1))
            .getMessage()
            .startsWith("id:"));
  }

  @Test
  void pathRejectsUnsortedAndRepeatedHits() {
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> path("lexical", c("a", 1), c("b", 2)))
            .getMessage()
            .startsWith("ranked: path lexical must list hits best first"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> path("lexical", c("a", 2), c("a", 1)))
            .getMessage()
            .startsWith("ranked: duplicate id a"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> path("BM25"))
            .getMessage()
            .startsWith("path:"));
  }

  @Test
  void fusionRejectsRepeatedPathsAndConvexForeignPaths() {
    List<PathResult> twice = List.of(path("lexical", c("a", 1)), path("lexical", c("b", 1)));
    for (Fusion f : List.of(Fusions.rrf(60), Fusions.convex(0.5), Fusions.dbsf())) {
      assertTrue(
          assertThrows(IllegalArgumentException.class, () -> f.fuse(twice))
              .getMessage()
              .startsWith("paths: path lexical is listed twice"));
    }
    List<PathResult> sparse = List.of(path("sparse", c("a", 1)));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> Fusions.convex(0.5).fuse(sparse))
            .getMessage()
            .startsWith("paths: convex fusion combines"));
    assertEquals(1, Fusions.rrf(60).fuse(sparse).size());
  }

  @Test
  void fusedCandidateIsValidatedAndCopied() {
    Map<String, Integer> ranks = new java.util.HashMap<>(Map.of("lexical", 1));
    FusedCandidate f = new FusedCandidate("a", 0.5, ranks, Map.of("lexical", 3.0));
    ranks.put("vector", 2);
    assertEquals(new ArrayList<>(List.of("lexical")), new ArrayList<>(f.ranks().keySet()));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> new FusedCandidate("a", -1, Map.of(), Map.of()))
            .getMessage()
            .startsWith("fusedScore:"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> new FusedCandidate("a", 1, Map.of("lexical", 0), Map.of("lexical", 1.0)))
            .getMessage()
            .startsWith("ranks:"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> new FusedCandidate("a", 1, Map.of("lexical", 1), Map.of()))
            .getMessage()
            .startsWith("scores:"));
  }
}
