package dev.recall4j.ranking;

import static dev.recall4j.ranking.Fixtures.c;
import static dev.recall4j.ranking.Fixtures.path;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Small fused rankings computed by hand. The input: lexical [a 10, b 8, c 8, d 1] (b and c tie at
 * rank 2, so d is rank 4) and vector [c 0.9, a 0.8, e 0.5].
 */
class FusionGoldenTest {
  private static final List<PathResult> PATHS =
      List.of(
          path("lexical", c("a", 10), c("b", 8), c("c", 8), c("d", 1)),
          path("vector", c("c", 0.9), c("a", 0.8), c("e", 0.5)));

  private static void assertFused(List<FusedCandidate> fused, Object... idScorePairs) {
    assertEquals(idScorePairs.length / 2, fused.size(), fused::toString);
    for (int i = 0; i < fused.size(); i++) {
      assertEquals(idScorePairs[2 * i], fused.get(i).id(), "position " + (i + 1) + " of " + fused);
      assertEquals(
          (double) idScorePairs[2 * i + 1],
          fused.get(i).fusedScore(),
          1e-12,
          "score of " + fused.get(i).id());
    }
  }

  @Test
  void rrfK60() {
    // a = c = 1/61 + 1/62: the tie goes to the smaller id.
    assertFused(
        Fusions.rrf(60).fuse(PATHS),
        "a",
        1 / 61.0 + 1 / 62.0,
        "c",
        1 / 62.0 + 1 / 61.0,
        "b",
        1 / 62.0,
        "e",
        1 / 63.0,
        "d",
        1 / 64.0);
  }

  @Test
  void rrfRecordsRanksAndScoresPerPath() {
    FusedCandidate c = Fusions.rrf(60).fuse(PATHS).get(1);
    assertEquals(Map.of("lexical", 2, "vector", 1), c.ranks());
    assertEquals(Map.of("lexical", 8.0, "vector", 0.9), c.scores());
    FusedCandidate e = Fusions.rrf(60).fuse(PATHS).get(3);
    assertEquals(0, e.rank("lexical"));
    assertEquals(Double.NaN, e.score("lexical"));
  }

  @Test
  void weightedRrfWithWindow() {
    // k = 10, vector weighs 2, only ranks <= 2 count: d (lexical rank 4) and e (vector rank 3)
    // vanish.
    Fusion rrf = Fusions.rrf(10, Map.of("lexical", 1.0, "vector", 2.0), 2);
    assertFused(rrf.fuse(PATHS), "c", 1 / 12.0 + 2 / 11.0, "a", 1 / 11.0 + 2 / 12.0, "b", 1 / 12.0);
  }

  @Test
  void convexAlpha03() {
    // lexical min-max over [10, 1]: a 1, b = c = 7/9, d 0; vector over [0.9, 0.5]: c 1, a 0.75, e
    // 0.
    assertFused(
        Fusions.convex(0.3).fuse(PATHS),
        "a",
        0.7 + 0.3 * 0.75,
        "c",
        0.7 * 7 / 9 + 0.3,
        "b",
        0.7 * 7 / 9,
        "d",
        0.0,
        "e",
        0.0);
  }

  @Test
  void convexTheoreticalDividesByTheBestScore() {
    // lexical / 10: a 1, b = c 0.8, d 0.1; vector / 0.9: c 1, a 8/9, e 5/9.
    assertFused(
        Fusions.parse("convex:alpha=0.5,norm=theoretical").fuse(PATHS),
        "a",
        0.5 + 0.5 * 0.8 / 0.9,
        "c",
        0.5 * 0.8 + 0.5,
        "b",
        0.4,
        "e",
        0.5 * 0.5 / 0.9,
        "d",
        0.05);
  }

  @Test
  void convexConfidenceWeighsEachPathByTheZScoreOfItsBestHit() {
    // z of the best hit (sample sd): lexical (10 − 6.75) / sqrt(46.75 / 3), vector (0.9 − 2.2/3) /
    // sd;
    // the vector path weighs 0.5·z_v / (0.5·z_v + 0.5·z_l), then min-max scores as in
    // convexAlpha03.
    double zLex = (10 - 6.75) / Math.sqrt(46.75 / 3);
    double vecMean = 2.2 / 3;
    double zVec =
        (0.9 - vecMean)
            / Math.sqrt(
                ((0.9 - vecMean) * (0.9 - vecMean)
                        + (0.8 - vecMean) * (0.8 - vecMean)
                        + (0.5 - vecMean) * (0.5 - vecMean))
                    / 2);
    double w = zVec / (zVec + zLex);
    List<FusedCandidate> fused = Fusions.parse("convex:alpha=0.5,weights=confidence").fuse(PATHS);
    assertFused(
        fused,
        "c",
        (1 - w) * 7 / 9 + w,
        "a",
        (1 - w) + w * 0.75,
        "b",
        (1 - w) * 7 / 9,
        "d",
        0.0,
        "e",
        0.0);
    // The same numbers from an independent computation (Python statistics.stdev): w =
    // 0.49302622140618.
    assertEquals(0.8873391603124858, fused.get(0).fusedScore(), 1e-12);
    assertEquals(0.8767434446484534, fused.get(1).fusedScore(), 1e-12);
  }

  @Test
  void convexConfidenceKeepsAlphaWithoutEvidence() {
    // The vector path has one hit, so no spread to measure confidence by: fixed α 0.3 applies.
    List<PathResult> paths =
        List.of(path("lexical", c("a", 3), c("b", 1)), path("vector", c("b", 0.7)));
    assertEquals(
        Fusions.convex(0.3).fuse(paths),
        Fusions.parse("convex:alpha=0.3,weights=confidence").fuse(paths));
  }

  @Test
  void convexWithOnePathUsesItAlone() {
    // alpha = 1 would zero the lexical path; with no vector hits it must still order by BM25.
    List<FusedCandidate> fused =
        Fusions.convex(1.0)
            .fuse(List.of(path("lexical", c("a", 3), c("b", 2), c("c", 1)), path("vector")));
    assertFused(fused, "a", 1.0, "b", 0.5, "c", 0.0);
  }

  @Test
  void dbsf() {
    // mean ± 3 sample sd per path: lexical mean 6.75, sd sqrt(46.75 / 3); vector mean 0.7333, sd
    // 0.2082.
    double lexSd = Math.sqrt(46.75 / 3);
    double vecMean = 2.2 / 3;
    double vecSd =
        Math.sqrt(
            ((0.9 - vecMean) * (0.9 - vecMean)
                    + (0.8 - vecMean) * (0.8 - vecMean)
                    + (0.5 - vecMean) * (0.5 - vecMean))
                / 2);
    double lexA = 0.5 + (10 - 6.75) / (6 * lexSd);
    double lexB = 0.5 + (8 - 6.75) / (6 * lexSd);
    double lexD = 0.5 + (1 - 6.75) / (6 * lexSd);
    double vecC = 0.5 + (0.9 - vecMean) / (6 * vecSd);
    double vecA = 0.5 + (0.8 - vecMean) / (6 * vecSd);
    double vecE = 0.5 + (0.5 - vecMean) / (6 * vecSd);
    assertFused(
        Fusions.dbsf().fuse(PATHS),
        "a",
        lexA + vecA,
        "c",
        lexB + vecC,
        "b",
        lexB,
        "e",
        vecE,
        "d",
        lexD);
    // The same numbers from an independent computation (Python statistics.stdev):
    assertEquals(1.1905911588176057, Fusions.dbsf().fuse(PATHS).get(0).fusedScore(), 1e-12);
  }

  @Test
  void dbsfSingleHitIsHalf() {
    assertFused(Fusions.dbsf().fuse(List.of(path("lexical", c("x", 42)))), "x", 0.5);
  }

  @Test
  void emptyInputFusesToNothing() {
    for (Fusion f :
        List.of(
            Fusions.rrf(60),
            Fusions.convex(0.5),
            Fusions.parse("convex:weights=confidence"),
            Fusions.dbsf())) {
      assertEquals(List.of(), f.fuse(List.of()));
      assertEquals(List.of(), f.fuse(List.of(path("lexical"), path("vector"))));
    }
  }
}
