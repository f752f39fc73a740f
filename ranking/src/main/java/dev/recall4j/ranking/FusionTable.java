package dev.recall4j.ranking;

import dev.recall4j.core.Checks;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The bookkeeping every fusion shares: validated paths in a canonical order, and per candidate the
 * running fused score with the rank and score of each contributing path.
 *
 * <p>Paths are processed sorted by name so that floating-point sums are formed in the same order
 * whatever order the caller listed them in: a sum's last bit would otherwise depend on input order,
 * and a tie-break could flip.
 */
final class FusionTable {
  private static final Comparator<FusedCandidate> BEST_FIRST =
      Comparator.comparingDouble(FusedCandidate::fusedScore).reversed().thenComparing(FusedCandidate::id);

  private final Map<String, Row> rows = new HashMap<>();

  private static final class Row {
    double fused;
    final Map<String, Integer> ranks = new HashMap<>();
    final Map<String, Double> scores = new HashMap<>();
  }

  /** The paths sorted by name, after checking that none is null and no name repeats. */
  static List<PathResult> canonical(List<PathResult> paths) {
    Checks.notNull(paths, "paths");
    Set<String> names = new HashSet<>();
    for (PathResult p : paths) {
      Checks.notNull(p, "paths");
      Checks.require(names.add(p.path()), "paths", "path %s is listed twice", p.path());
    }
    List<PathResult> sorted = new ArrayList<>(paths);
    sorted.sort(Comparator.comparing(PathResult::path));
    return sorted;
  }

  /** Adds one path's contribution {@code value} for a candidate at {@code rank}. */
  void add(String path, Candidate c, int rank, double value) {
    Row row = rows.computeIfAbsent(c.id(), id -> new Row());
    row.fused += value;
    row.ranks.put(path, rank);
    row.scores.put(path, c.score());
  }

  /** The fused candidates, best first, ties by id. */
  List<FusedCandidate> sorted() {
    List<FusedCandidate> out = new ArrayList<>(rows.size());
    rows.forEach((id, row) -> out.add(new FusedCandidate(id, row.fused, row.ranks, row.scores)));
    out.sort(BEST_FIRST);
    return out;
  }
}
