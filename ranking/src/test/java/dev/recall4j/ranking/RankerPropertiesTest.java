package dev.recall4j.ranking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.DropReason;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Source;
import dev.recall4j.core.Tier;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.random.RandomGenerator;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Invariants of the whole ranking pipeline over random candidates; jqwik prints the seed on
 * failure.
 */
class RankerPropertiesTest {
  private static final String[] WORDS = {
    "java", "maven", "build", "test", "deploy", "helm", "port"
  };
  private static final List<Kind> KINDS =
      List.of(Kind.PROJECT_FACT, Kind.TOOL_USE, Kind.USER_PREFERENCE, Kind.RAG_CHUNK);
  private static final Instant NOW = Fixtures.T0.plus(Duration.ofDays(100));

  /** Few words and three vector directions, so exact and near duplicates are common. */
  private static MemoryRecord randomRecord(String id, RandomGenerator random) {
    StringBuilder content = new StringBuilder();
    for (int i = 0, n = 1 + random.nextInt(4); i < n; i++) {
      content.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
    }
    MemoryRecord.Builder b =
        Fixtures.rec(id, content.toString())
            .kind(KINDS.get(random.nextInt(KINDS.size())))
            .source(Source.values()[random.nextInt(Source.values().length)])
            .tier(random.nextInt(8) == 0 ? Tier.PINNED : Tier.ACTIVE)
            .lastAccessed(Fixtures.T0.plus(Duration.ofHours(random.nextInt(2400))));
    if (random.nextBoolean()) {
      int axis = random.nextInt(3);
      float[] v = new float[3];
      v[axis] = 1;
      v[(axis + 1) % 3] = random.nextFloat() * 0.5f;
      b.vector(v).embeddingModel(random.nextInt(4) == 0 ? "other" : "m");
    }
    return b.build();
  }

  private static Fusion randomFusion(Random random) {
    List<Fusion> fusions =
        List.of(
            Fusions.rrf(60),
            Fusions.convex(0.4),
            Fusions.dbsf(),
            Fusions.rrf(5, Map.of("vector", 2.0), 6));
    return fusions.get(random.nextInt(fusions.size()));
  }

  private static Ranker.Builder randomRanker(Random random, Fusion fusion, Dedup dedup) {
    return Ranker.builder()
        .fusion(fusion)
        .tierPolicy(
            random.nextBoolean() ? TierPolicy.strict() : TierPolicy.boost(random.nextDouble()))
        .recencyDecay(random.nextBoolean() ? RecencyDecay.defaults() : RecencyDecay.none())
        .trust(random.nextInt(4) > 0)
        .mmrLambda(random.nextBoolean() ? null : random.nextDouble())
        .dedup(dedup);
  }

  private static List<PathResult> randomPaths(List<String> ids, Random random) {
    return List.of(
        Fixtures.randomPath(PathResult.LEXICAL, ids, random),
        Fixtures.randomPath(PathResult.VECTOR, ids, random));
  }

  @Property(tries = 200)
  void ignoresTheOrderOfPathsTiesAndRecords(@ForAll Random random) {
    List<String> ids = Fixtures.ids(2 + random.nextInt(15));
    Map<String, MemoryRecord> records = new HashMap<>();
    for (String id : ids) {
      records.put(id, randomRecord(id, random));
    }
    List<PathResult> paths = randomPaths(ids, random);
    List<PathResult> shuffled = new ArrayList<>();
    for (PathResult p : paths) {
      shuffled.add(Fixtures.shuffleTies(p, random));
    }
    Collections.shuffle(shuffled, random);
    Ranker ranker =
        randomRanker(
                random, randomFusion(random), new Dedup(random.nextDouble(), random.nextDouble()))
            .build();
    assertEquals(
        ranker.rank(paths, records, NOW),
        ranker.rank(shuffled, new TreeMap<>(records), NOW),
        ranker::toString);
  }

  @Property(tries = 200)
  void aHigherTrustTwinNeverRanksBelowItsCopy(@ForAll Random random) {
    List<String> ids = Fixtures.ids(2 + random.nextInt(10));
    Map<String, MemoryRecord> records = new HashMap<>();
    for (String id : ids) {
      records.put(id, randomRecord(id, random));
    }
    // Twins: same everything ranking looks at except trust, tied on every path.
    String twin = ids.get(random.nextInt(ids.size()));
    MemoryRecord original = records.get(twin);
    boolean sameContent = random.nextBoolean();
    double lowTrust = random.nextDouble() * 0.9;
    double highTrust = lowTrust + 0.01 + random.nextDouble() * (0.99 - lowTrust);
    String copyId = random.nextBoolean() ? "a_copy" : "z_copy";
    MemoryRecord copy =
        original.toBuilder()
            .id(copyId)
            .content(sameContent ? original.content() : original.content() + " copy")
            .vector(null)
            .trust(lowTrust)
            .build();
    records.put(
        twin,
        original.toBuilder()
            .content(sameContent ? original.content() : original.content() + " twin")
            .vector(null)
            .trust(highTrust)
            .build());
    records.put(copyId, copy);
    List<PathResult> paths = new ArrayList<>();
    for (PathResult p : randomPaths(ids, random)) {
      List<Candidate> hits = new ArrayList<>();
      for (Candidate c : p.ranked()) {
        hits.add(c);
        if (c.id().equals(twin)) {
          hits.add(new Candidate(copyId, c.score()));
        }
      }
      paths.add(new PathResult(p.path(), hits));
    }
    // Trust must be on: with it off, trust is ignored by design.
    Ranker ranker =
        randomRanker(random, randomFusion(random), Dedup.exactOnly()).trust(true).build();
    List<String> ranked =
        ranker.rank(paths, records, NOW).ranked().stream().map(ScoredRecord::id).toList();
    int twinAt = ranked.indexOf(twin);
    int copyAt = ranked.indexOf(copyId);
    if (copyAt >= 0) {
      assertTrue(
          twinAt >= 0 && twinAt < copyAt,
          () ->
              "twin "
                  + twin
                  + " at "
                  + twinAt
                  + ", copy at "
                  + copyAt
                  + " in "
                  + ranked
                  + " by "
                  + ranker);
    }
    if (sameContent && twinAt >= 0) {
      assertEquals(-1, copyAt, "an exact duplicate is dropped");
    }
  }

  @Property(tries = 200)
  void dedupLeavesNoPairAboveTheThresholds(@ForAll Random random) {
    List<String> ids = Fixtures.ids(2 + random.nextInt(20));
    Map<String, MemoryRecord> records = new HashMap<>();
    for (String id : ids) {
      records.put(id, randomRecord(id, random));
    }
    Dedup dedup = new Dedup(0.3 + random.nextDouble() * 0.7, 0.5 + random.nextDouble() * 0.5);
    List<PathResult> paths = randomPaths(ids, random);
    Fusion fusion = randomFusion(random);
    RankingResult result = randomRanker(random, fusion, dedup).build().rank(paths, records, NOW);
    List<MemoryRecord> kept = result.ranked().stream().map(ScoredRecord::record).toList();
    for (int i = 0; i < kept.size(); i++) {
      for (int j = i + 1; j < kept.size(); j++) {
        MemoryRecord a = kept.get(i);
        MemoryRecord b = kept.get(j);
        assertNotEquals(a.contentHash(), b.contentHash(), a.id() + " and " + b.id());
        assertFalse(
            jaccard(a.content(), b.content()) > dedup.tokenJaccard(),
            () -> a.content() + " ~ " + b.content() + " > " + dedup);
        if (a.vector() != null
            && b.vector() != null
            && a.embeddingModel().equals(b.embeddingModel())) {
          assertFalse(
              cosine(a.vector(), b.vector()) > dedup.vectorCosine(),
              () -> a + " ~ " + b + " > " + dedup);
        }
      }
    }
    Set<String> fused = new HashSet<>();
    fusion.fuse(paths).forEach(f -> fused.add(f.id()));
    Set<String> accounted = new HashSet<>();
    kept.forEach(r -> accounted.add(r.id()));
    for (DroppedItem d : result.dropped()) {
      assertEquals(DropReason.DUPLICATE, d.reason());
      assertTrue(accounted.add(d.id()), "dropped once, never ranked too: " + d.id());
    }
    assertEquals(fused, accounted, "every fused candidate is ranked or dropped");
  }

  /** An independent Jaccard over exact token sets (the ranker hashes tokens). */
  private static double jaccard(String a, String b) {
    Set<String> x =
        new HashSet<>(Arrays.asList(a.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")));
    Set<String> y =
        new HashSet<>(Arrays.asList(b.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")));
    x.remove("");
    y.remove("");
    Set<String> union = new HashSet<>(x);
    union.addAll(y);
    x.retainAll(y);
    return union.isEmpty() ? 0 : (double) x.size() / union.size();
  }

  private static double cosine(float[] a, float[] b) {
    double dot = 0;
    double na = 0;
    double nb = 0;
    for (int i = 0; i < a.length; i++) {
      dot += a[i] * b[i];
      na += a[i] * a[i];
      nb += b[i] * b[i];
    }
    return dot / Math.sqrt(na * nb);
  }
}
