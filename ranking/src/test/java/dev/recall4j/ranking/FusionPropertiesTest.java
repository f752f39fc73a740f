package dev.recall4j.ranking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Invariants of every built-in fusion; jqwik prints the seed of a failing run. */
class FusionPropertiesTest {
  private static final List<Fusion> FUSIONS =
      List.of(
          Fusions.rrf(60),
          Fusions.rrf(10, Map.of("lexical", 1.0, "vector", 0.5), 4),
          Fusions.convex(0.3),
          Fusions.parse("convex:alpha=0.5,weights=confidence"),
          Fusions.dbsf());

  /**
   * The fusions whose score of a candidate depends only on that candidate's own evidence and fixed
   * per-path weights. Confidence weights are not among them by design: a candidate that climbs a
   * path's list changes the spread of that list, hence the weights of the whole query, and can lose
   * a little on the other path (within one query's weights it is a plain convex fusion).
   */
  private static final List<Fusion> MONOTONE =
      FUSIONS.stream().filter(f -> !f.name().contains("weights=confidence")).toList();

  private static List<PathResult> randomPaths(Random random) {
    List<String> ids = Fixtures.ids(2 + random.nextInt(12));
    return List.of(
        Fixtures.randomPath(PathResult.LEXICAL, ids, random),
        Fixtures.randomPath(PathResult.VECTOR, ids, random));
  }

  @Property(tries = 200)
  void ignoresInputOrder(@ForAll Random random) {
    List<PathResult> paths = randomPaths(random);
    List<PathResult> shuffled = new ArrayList<>();
    for (PathResult p : paths) {
      shuffled.add(Fixtures.shuffleTies(p, random));
    }
    Collections.shuffle(shuffled, random);
    for (Fusion f : FUSIONS) {
      assertEquals(f.fuse(paths), f.fuse(shuffled), f.name());
    }
  }

  @Property(tries = 200)
  void outputIsBestFirstWithIdTieBreak(@ForAll Random random) {
    for (Fusion f : FUSIONS) {
      List<FusedCandidate> fused = f.fuse(randomPaths(random));
      List<FusedCandidate> sorted = new ArrayList<>(fused);
      sorted.sort(
          Comparator.comparingDouble(FusedCandidate::fusedScore)
              .reversed()
              .thenComparing(FusedCandidate::id));
      assertEquals(sorted, fused, f.name());
    }
  }

  @Property(tries = 300)
  void aBetterRankNeverLowersTheFusedScore(
      @ForAll Random random, @ForAll @IntRange(min = 1, max = 8) int raise) {
    List<PathResult> paths = randomPaths(random);
    int which = random.nextInt(paths.size());
    PathResult p = paths.get(which);
    if (p.ranked().isEmpty()) {
      return;
    }
    Candidate moved = p.ranked().get(random.nextInt(p.ranked().size()));
    List<Candidate> improved = new ArrayList<>();
    for (Candidate c : p.ranked()) {
      improved.add(c == moved ? new Candidate(c.id(), c.score() + raise * 0.25) : c);
    }
    improved.sort(Comparator.comparingDouble(Candidate::score).reversed());
    List<PathResult> after = new ArrayList<>(paths);
    after.set(which, new PathResult(p.path(), improved));
    for (Fusion f : MONOTONE) {
      double before = scoreOf(f.fuse(paths), moved.id());
      double now = scoreOf(f.fuse(after), moved.id());
      assertTrue(
          now >= before - 1e-12,
          () -> f.name() + ": " + moved.id() + " fell from " + before + " to " + now);
    }
  }

  private static double scoreOf(List<FusedCandidate> fused, String id) {
    return fused.stream()
        .filter(f -> f.id().equals(id))
        .mapToDouble(FusedCandidate::fusedScore)
        .findFirst()
        .orElse(0);
  }
}
