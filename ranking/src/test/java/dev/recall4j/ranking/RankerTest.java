package dev.recall4j.ranking;

import static dev.recall4j.ranking.Fixtures.T0;
import static dev.recall4j.ranking.Fixtures.c;
import static dev.recall4j.ranking.Fixtures.path;
import static dev.recall4j.ranking.Fixtures.rec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.DropReason;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.ScoreBreakdown;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Source;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RankerTest {
  /** RRF k=60 and strict tiers without decay: the arithmetic of the golden breakdowns below. */
  private static final Ranker PLAIN =
      Ranker.builder()
          .fusion(Fusions.rrf(60))
          .tierPolicy(TierPolicy.strict())
          .recencyDecay(RecencyDecay.none())
          .build();

  private static Map<String, MemoryRecord> byId(MemoryRecord... records) {
    Map<String, MemoryRecord> map = new HashMap<>();
    for (MemoryRecord r : records) {
      map.put(r.id(), r);
    }
    return map;
  }

  private static List<String> ids(RankingResult result) {
    return result.ranked().stream().map(ScoredRecord::id).toList();
  }

  @Test
  void fillsTheBreakdownOfEveryRankedRecord() {
    RankingResult result =
        PLAIN.rank(
            List.of(
                path("lexical", c("a", 5), c("b", 3)), path("vector", c("b", 0.9), c("c", 0.7))),
            byId(
                rec("a", "alpha").source(Source.USER).build(),
                rec("b", "beta").source(Source.AGENT).build(),
                rec("c", "gamma").source(Source.IMPORT).build()),
            T0);
    double fusedB = 1 / 61.0 + 1 / 62.0;
    assertEquals(List.of("b", "a", "c"), ids(result));
    assertEquals(
        new ScoreBreakdown(2, 3, 1, 0.9, fusedB, 1, 0.75, 2, fusedB * 0.75),
        result.ranked().get(0).score());
    assertEquals(
        new ScoreBreakdown(1, 5, 0, Double.NaN, 1 / 61.0, 1, 0.9, 2, 1 / 61.0 * 0.9),
        result.ranked().get(1).score());
    assertEquals(
        new ScoreBreakdown(0, Double.NaN, 2, 0.7, 1 / 62.0, 1, 0.6, 2, 1 / 62.0 * 0.6),
        result.ranked().get(2).score());
    assertEquals(List.of(), result.dropped());
  }

  /** A fusion of the caller's own is read through its fused list: same ranking, same breakdowns. */
  @Test
  void rankWithAFusionOfTheCallersOwn() {
    Fusion rrf = Fusions.rrf(60);
    Fusion own =
        new Fusion() {
          @Override
          public String name() {
            return "own";
          }

          @Override
          public List<FusedCandidate> fuse(List<PathResult> paths) {
            return rrf.fuse(paths);
          }
        };
    List<PathResult> paths =
        List.of(
            path("lexical", c("a", 5), c("b", 3)),
            path("vector", c("b", 0.9), c("c", 0.7)),
            path("graph", c("c", 2)));
    Map<String, MemoryRecord> records =
        byId(rec("a", "alpha").build(), rec("b", "beta").build(), rec("c", "gamma").build());
    Ranker.Builder builder =
        Ranker.builder().tierPolicy(TierPolicy.strict()).recencyDecay(RecencyDecay.none());
    RankingResult expected = builder.fusion(rrf).build().rank(paths, records, T0);
    assertEquals(expected, builder.fusion(own).build().rank(paths, records, T0));
    assertEquals(List.of("b", "c", "a"), ids(expected)); // b and c tie at 1/61 + 1/62: id decides
  }

  @Test
  void decayReadsTheInjectedClockFromLastTouched() {
    Clock clock = Clock.fixed(T0.plus(Duration.ofDays(28)), ZoneOffset.UTC);
    Ranker ranker =
        Ranker.builder()
            .fusion(Fusions.rrf(60))
            .clock(clock)
            .recencyDecay(
                RecencyDecay.builder()
                    .halfLife(Kind.TOOL_USE, Duration.ofDays(14))
                    .floor(0.1)
                    .refreshOnAccess(true)
                    .build())
            .trust(false)
            .build();
    MemoryRecord stale = rec("stale", "run make test").kind(Kind.TOOL_USE).build();
    MemoryRecord used =
        rec("used", "run mvn verify")
            .kind(Kind.TOOL_USE)
            .lastAccessed(T0.plus(Duration.ofDays(14)))
            .build();
    RankingResult result =
        ranker.rank(List.of(path("lexical", c("stale", 2), c("used", 1))), byId(stale, used));
    assertEquals(List.of("used", "stale"), ids(result));
    assertEquals(0.5, result.ranked().get(0).score().decay(), 1e-15);
    assertEquals(0.25, result.ranked().get(1).score().decay(), 1e-15);
    assertEquals(1.0, result.ranked().get(1).score().trust());
  }

  @Test
  void inactiveAndSupersededRecordsNeverRank() {
    MemoryRecord old = rec("old", "the api port is 8080").build();
    MemoryRecord correction =
        rec("fix", "the api port is 9090")
            .kind(Kind.CORRECTION)
            .source(Source.USER_CORRECTION)
            .supersedes("old")
            .build();
    MemoryRecord deleted = rec("gone", "forgotten").status(Status.DELETED).build();
    MemoryRecord replaced = rec("replaced", "an older fact").status(Status.SUPERSEDED).build();
    RankingResult result =
        PLAIN.rank(
            List.of(path("lexical", c("old", 9), c("gone", 8), c("replaced", 7), c("fix", 5))),
            byId(old, correction, deleted, replaced),
            T0);
    assertEquals(List.of("fix"), ids(result));
    assertEquals(
        1, result.ranked().get(0).score().lexicalRank(), "ranks count only eligible candidates");
    assertEquals(List.of(), result.dropped(), "ineligible records are not reported as dropped");
  }

  @Test
  void exactDuplicatesKeepTheBetterRanked() {
    RankingResult result =
        PLAIN.rank(
            List.of(path("lexical", c("a", 3), c("b", 2), c("z", 1))),
            byId(
                rec("a", "Uses  Java 21").build(),
                rec("b", "Uses Java 21").build(),
                rec("z", "Uses Java 17").build()),
            T0);
    assertEquals(List.of("a", "z"), ids(result));
    assertEquals(
        List.of(new DroppedItem("b", DropReason.DUPLICATE, "same content as a")), result.dropped());
  }

  @Test
  void nearDuplicatesByTokensOrVectors() {
    float[] v = {1, 0, 0};
    float[] close = {0.99f, 0.1f, 0};
    RankingResult result =
        PLAIN.rank(
            List.of(path("lexical", c("a", 6), c("b", 5), c("c", 4), c("d", 3), c("e", 2))),
            byId(
                rec("a", "The build uses Maven and Java 21").embeddingModel("m").vector(v).build(),
                rec("b", "the build uses maven, and java 21!").build(),
                rec("c", "deploy with the helm chart").embeddingModel("m").vector(close).build(),
                rec("d", "deploy with helm").embeddingModel("other").vector(close).build(),
                rec("e", "unrelated").build()),
            T0);
    assertEquals(List.of("a", "d", "e"), ids(result));
    assertEquals(
        List.of(
            new DroppedItem(
                "b", DropReason.DUPLICATE, "near duplicate of a: token Jaccard 1.000 > 0.800"),
            new DroppedItem(
                "c", DropReason.DUPLICATE, "near duplicate of a: vector cosine 0.995 > 0.950")),
        result.dropped());
    RankingResult exactOnly =
        Ranker.builder()
            .recencyDecay(RecencyDecay.none())
            .dedup(Dedup.exactOnly())
            .build()
            .rank(
                List.of(path("lexical", c("a", 2), c("b", 1))),
                byId(rec("a", "Same Words").build(), rec("b", "same words").build()),
                T0);
    assertEquals(List.of("a", "b"), ids(exactOnly));
  }

  @Test
  void strictTiersOrderByPriorityBoostByScorePinnedRankedByItsKind() {
    List<PathResult> paths =
        List.of(
            path("lexical", c("chunk", 9), c("fact", 5), c("pinned", 1)),
            path("vector", c("chunk", 0.9)));
    Map<String, MemoryRecord> records =
        byId(
            rec("chunk", "a relevant chunk").kind(Kind.RAG_CHUNK).source(Source.USER).build(),
            rec("fact", "a weak fact").source(Source.USER).build(),
            rec("pinned", "who the user is")
                .kind(Kind.WORKSPACE_PROFILE)
                .tier(Tier.PINNED)
                .source(Source.USER)
                .build());
    // Strict: the pinned profile is first by its kind's priority (1), not because it is pinned.
    assertEquals(List.of("pinned", "fact", "chunk"), ids(PLAIN.rank(paths, records, T0)));
    Ranker boost =
        Ranker.builder()
            .recencyDecay(RecencyDecay.none())
            .tierPolicy(TierPolicy.boost(0.2))
            .build();
    RankingResult boosted = boost.rank(paths, records, T0);
    // Boost: relevance order; the pinned profile, the weakest hit (fused 0), comes last.
    assertEquals(List.of("chunk", "fact", "pinned"), ids(boosted));
    // chunk: priority 5 of 6 gets 1 + 0.2 × 1/5.
    ScoreBreakdown chunk = boosted.ranked().get(0).score();
    assertEquals(1, boosted.ranked().get(2).score().tierPriority());
    assertEquals(5, chunk.tierPriority());
    assertEquals(chunk.fusedScore() * 0.9 * 1.04, chunk.finalScore(), 1e-15);
  }

  @Test
  void mmrSpreadsSimilarRecordsApart() {
    List<PathResult> paths = List.of(path("vector", c("a", 0.9), c("b", 0.89), c("c", 0.88)));
    Map<String, MemoryRecord> records =
        byId(
            rec("a", "first").vector(new float[] {1, 0}).build(),
            rec("b", "second").vector(new float[] {0.9f, 0.44f}).build(),
            rec("c", "third").vector(new float[] {0, 1}).build());
    Ranker.Builder b = Ranker.builder().recencyDecay(RecencyDecay.none()).fusion(Fusions.dbsf());
    assertEquals(List.of("a", "b", "c"), ids(b.build().rank(paths, records, T0)));
    assertEquals(List.of("a", "b", "c"), ids(b.mmrLambda(1.0).build().rank(paths, records, T0)));
    assertEquals(List.of("a", "c", "b"), ids(b.mmrLambda(0.5).build().rank(paths, records, T0)));
  }

  @Test
  void emptyPathsRankNothing() {
    assertEquals(new RankingResult(List.of(), List.of()), PLAIN.rank(List.of(), Map.of(), T0));
  }

  @Test
  void badInputAndSettingsFailNamingTheField() {
    assertEquals(
        "records: no record for candidate x of path lexical",
        assertThrows(
                IllegalArgumentException.class,
                () -> PLAIN.rank(List.of(path("lexical", c("x", 1))), Map.of(), T0))
            .getMessage());
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> Ranker.builder().mmrLambda(1.5))
            .getMessage()
            .startsWith("mmrLambda:"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> Ranker.builder().fusion("rrf:k=0"))
            .getMessage()
            .startsWith("k:"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> new Dedup(1.2, 0.9))
            .getMessage()
            .startsWith("tokenJaccard:"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> new Dedup(0.8, Double.NaN))
            .getMessage()
            .startsWith("vectorCosine:"));
  }
}
