package dev.recall4j.datasets.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.datasets.trec.Qrels;
import dev.recall4j.datasets.trec.Run;
import dev.recall4j.datasets.trec.ScoredId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class MetricsTest {
  private static final double EPS = 1e-12;

  /*
   * The hand-computed case: judgments a=3, b=2, c=1 (R = 3); ranking x, a, y, c, b
   * (x and y unjudged). log2(2) = 1, log2(3) = 1.5849625, log2(4) = 2, log2(5) = 2.3219281,
   * log2(6) = 2.5849625.
   */
  private static final Map<String, Integer> JUDGED = Map.of("a", 3, "b", 2, "c", 1);
  private static final List<String> RANKING = List.of("x", "a", "y", "c", "b");

  private static double score(String metric) {
    return Metrics.score(Metric.parse(metric), JUDGED, RANKING);
  }

  @Test
  void ndcgUsesGradedGainsAndTheIdealOfAllJudgedDocuments() {
    // DCG@3  = 0/1 + 3/log2(3) + 0/2                  = 1.8927893
    // IDCG@3 = 3/1 + 2/log2(3) + 1/2 = 3 + 1.2618595 + 0.5 = 4.7618595
    assertEquals(1.8927892607143724 / 4.7618595071429155, score("ndcg@3"), EPS);
    assertEquals(0.39748952229168844, score("ndcg@3"), EPS);
    // DCG@5  = 3/log2(3) + 1/log2(5) + 2/log2(6) = 1.8927893 + 0.4306766 + 0.7737056 = 3.0971714
    // IDCG@5 = IDCG@3 (only three judged documents) -> 3.0971714 / 4.7618595
    assertEquals(0.6504121821761035, score("ndcg@5"), EPS);
    // Full depth sees the same five ranks.
    assertEquals(score("ndcg@5"), score("ndcg"), EPS);
    // @1: DCG = 0 (x is unjudged).
    assertEquals(0, score("ndcg@1"), EPS);
  }

  @Test
  void recallCountsJudgedDocumentsWithinTheCutoff() {
    assertEquals(1.0 / 3, score("recall@3"), EPS); // a
    assertEquals(2.0 / 3, score("recall@4"), EPS); // a, c
    assertEquals(1.0, score("recall@100"), EPS); // a, c, b
  }

  @Test
  void mrrIsTheReciprocalRankOfTheFirstRelevantWithinTheCutoff() {
    assertEquals(0, score("mrr@1"), EPS); // x is not relevant
    assertEquals(0.5, score("mrr@10"), EPS); // a at rank 2
  }

  @Test
  void mapAveragesPrecisionAtEachRelevantRankOverAllRelevant() {
    // relevant at ranks 2, 4, 5: P@2 = 1/2, P@4 = 2/4, P@5 = 3/5; (0.5 + 0.5 + 0.6) / 3 = 0.5333
    assertEquals(1.6 / 3, score("map"), EPS);
    // Cut at 4: (0.5 + 0.5) / 3, b never counted but still in R.
    assertEquals(1.0 / 3, score("map@4"), EPS);
  }

  @Test
  void precisionDividesByTheCutoffEvenWhenFewerWereRetrieved() {
    assertEquals(0.5, score("p@2"), EPS); // x, a
    assertEquals(0.3, score("p@10"), EPS); // 3 relevant among 5 retrieved, over 10
  }

  @Test
  void anEmptyRankingScoresZero() {
    for (Metric metric : Metric.DEFAULTS) {
      assertEquals(0, Metrics.score(metric, JUDGED, List.of()), EPS, metric.name());
    }
  }

  @Test
  void evaluateAveragesOverJudgedQueriesOnly() {
    Qrels qrels = Qrels.of(Map.of("q1", JUDGED, "q2", Map.of("z", 1)));
    Map<String, List<ScoredId>> rankings = new LinkedHashMap<>();
    List<ScoredId> q1 = new ArrayList<>();
    for (int i = 0; i < RANKING.size(); i++) {
      q1.add(new ScoredId(RANKING.get(i), 10 - i));
    }
    rankings.put("q1", q1);
    // q3 is not judged: ignored. q2 is judged but absent from the run: it scores 0.
    rankings.put("q3", List.of(new ScoredId("z", 1)));
    Run run = Run.of("test", rankings);

    Evaluation evaluation =
        Metrics.evaluate(qrels, run, List.of(Metric.parse("ndcg@5"), Metric.parse("mrr@10")));

    assertEquals(2, evaluation.queries());
    assertEquals(List.of("q1", "q2"), List.copyOf(evaluation.perQuery().keySet()));
    assertEquals(
        0.6504121821761035, evaluation.perQuery().get("q1").get(Metric.parse("ndcg@5")), EPS);
    assertEquals(0, evaluation.perQuery().get("q2").get(Metric.parse("ndcg@5")), EPS);
    // mean nDCG@5 = (0.6504122 + 0) / 2; mean MRR@10 = (0.5 + 0) / 2
    assertEquals(0.32520609108805176, evaluation.mean(Metric.parse("ndcg@5")), EPS);
    assertEquals(0.25, evaluation.mean(Metric.parse("mrr@10")), EPS);
    assertEquals(
        List.of(Metric.parse("ndcg@5"), Metric.parse("mrr@10")),
        List.copyOf(evaluation.mean().keySet()));
  }

  @Test
  void aRankingThatRepeatsADocumentIsRefused() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Metrics.score(Metric.parse("map"), JUDGED, List.of("a", "x", "a")));
    assertEquals("ranking: repeats doc a", e.getMessage());
  }

  @Test
  void evaluateNeedsJudgedQueries() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Metrics.evaluate(Qrels.of(Map.of()), Run.of("t", Map.of()), Metric.DEFAULTS));
    assertEquals("qrels: has no judged query", e.getMessage());
  }

  @Test
  void metricNamesParseAndPrint() {
    assertEquals(
        List.of("ndcg@10", "recall@10", "recall@100", "mrr@10", "map"),
        Metric.DEFAULTS.stream().map(Metric::name).toList());
    assertEquals(new Metric(Metric.Measure.PRECISION, 5), Metric.parse(" P@5 "));
    assertEquals(new Metric(Metric.Measure.MAP, 0), Metric.parse("MAP"));
    var e = assertThrows(IllegalArgumentException.class, () -> Metric.parse("bpref"));
    assertTrue(
        e.getMessage().startsWith("metric: expected ndcg, recall, mrr, map or p"), e.getMessage());
    var p = assertThrows(IllegalArgumentException.class, () -> Metric.parse("p"));
    assertEquals("cutoff: precision needs a cutoff > 0, got 0", p.getMessage());
  }

  /** Judgments d0..d{n-1} with grades 1..3 from the seed, and noise documents n0..n{m-1}. */
  private static Map<String, Integer> judgments(Random random, int judged) {
    Map<String, Integer> judgments = new LinkedHashMap<>();
    for (int i = 0; i < judged; i++) {
      judgments.put("d" + i, 1 + random.nextInt(3));
    }
    return judgments;
  }

  private static List<String> shuffledRanking(
      Random random, Map<String, Integer> judgments, int noise) {
    List<String> ranking = new ArrayList<>();
    judgments.keySet().stream().filter(d -> random.nextBoolean()).forEach(ranking::add);
    for (int i = 0; i < noise; i++) {
      ranking.add("n" + i);
    }
    Collections.shuffle(ranking, random);
    return ranking;
  }

  @Property(tries = 300)
  void everyScoreLiesInZeroToOne(
      @ForAll long seed,
      @ForAll @IntRange(min = 1, max = 12) int judged,
      @ForAll @IntRange(max = 20) int noise) {
    Random random = new Random(seed);
    Map<String, Integer> judgments = judgments(random, judged);
    List<String> ranking = shuffledRanking(random, judgments, noise);
    for (String name :
        List.of("ndcg@1", "ndcg@10", "ndcg", "recall@5", "recall", "mrr@10", "mrr", "map", "p@3")) {
      double score = Metrics.score(Metric.parse(name), judgments, ranking);
      assertTrue(score >= 0 && score <= 1 + EPS, name + " = " + score);
    }
  }

  @Property(tries = 300)
  void theIdealRankingScoresOne(
      @ForAll long seed,
      @ForAll @IntRange(min = 1, max = 12) int judged,
      @ForAll @IntRange(max = 20) int noise) {
    Random random = new Random(seed);
    Map<String, Integer> judgments = judgments(random, judged);
    List<String> ranking = new ArrayList<>(judgments.keySet());
    ranking.sort(Comparator.comparing(judgments::get).reversed());
    for (int i = 0; i < noise; i++) {
      ranking.add("n" + i);
    }
    for (String name : List.of("ndcg@1", "ndcg@10", "ndcg", "mrr@1", "map", "recall@" + judged)) {
      assertEquals(1, Metrics.score(Metric.parse(name), judgments, ranking), 1e-9, name);
    }
  }

  @Property(tries = 300)
  void recallNeverFallsAsTheCutoffGrows(
      @ForAll long seed,
      @ForAll @IntRange(min = 1, max = 12) int judged,
      @ForAll @IntRange(max = 20) int noise) {
    Random random = new Random(seed);
    Map<String, Integer> judgments = judgments(random, judged);
    List<String> ranking = shuffledRanking(random, judgments, noise);
    double previous = 0;
    for (int k = 1; k <= ranking.size() + 1; k++) {
      double recall = Metrics.score(new Metric(Metric.Measure.RECALL, k), judgments, ranking);
      assertTrue(recall >= previous, "recall@" + k + " = " + recall + " < " + previous);
      previous = recall;
    }
  }
}
