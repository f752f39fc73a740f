package dev.recall4j.ranking;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Silo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Small builders shared by the tests. */
final class Fixtures {
  static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");

  private Fixtures() {}

  static Candidate c(String id, double score) {
    return new Candidate(id, score);
  }

  static PathResult path(String name, Candidate... hits) {
    return new PathResult(name, List.of(hits));
  }

  /** An active project fact (no decay by default) created at {@link #T0}. */
  static MemoryRecord.Builder rec(String id, String content) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.MEMORY)
        .kind(Kind.PROJECT_FACT)
        .content(content)
        .created(T0);
  }

  /**
   * {@code r} as a ranked candidate of its own: fused score as given, no path evidence, decay and
   * boost 1.
   */
  static Weighted weighted(
      MemoryRecord r, double fusedScore, double trust, int priority, int group) {
    FusionTable table =
        FusionTable.of(
            List.of(
                new FusedCandidate(r.id(), fusedScore, java.util.Map.of(), java.util.Map.of())));
    return new Weighted(r, table, 0, 1, trust, priority, group, 1);
  }

  /** The same hits with every run of equal scores shuffled: a valid listing of the same path. */
  static PathResult shuffleTies(PathResult p, Random random) {
    List<Candidate> out = new ArrayList<>();
    List<Candidate> run = new ArrayList<>();
    for (Candidate c : p.ranked()) {
      if (!run.isEmpty() && run.get(0).score() != c.score()) {
        java.util.Collections.shuffle(run, random);
        out.addAll(run);
        run.clear();
      }
      run.add(c);
    }
    java.util.Collections.shuffle(run, random);
    out.addAll(run);
    return new PathResult(p.path(), out);
  }

  /**
   * A path over a random subset of {@code ids}, scores drawn from few values so that ties occur.
   */
  static PathResult randomPath(String name, List<String> ids, Random random) {
    List<Candidate> hits = new ArrayList<>();
    for (String id : ids) {
      if (random.nextInt(3) > 0) {
        hits.add(
            new Candidate(id, random.nextInt(6) * 0.5 + (name.equals(PathResult.VECTOR) ? 0 : 3)));
      }
    }
    hits.sort(java.util.Comparator.comparingDouble(Candidate::score).reversed());
    return new PathResult(name, hits);
  }

  static List<String> ids(int n) {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      ids.add("d" + i);
    }
    return ids;
  }
}
