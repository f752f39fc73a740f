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
 * and a tie-break could flip. Per candidate it keeps one array slot per path rather than maps,
 * and hands {@link FusedCandidate} its maps ready-made ({@link PathValues}).
 */
final class FusionTable {
  /** Fused score descending, then id: the order of {@link Fusion#fuse}'s result. */
  private static final Comparator<FusedCandidate> BEST_FIRST = (a, b) -> {
    int c = Double.compare(b.fusedScore(), a.fusedScore());
    return c != 0 ? c : a.id().compareTo(b.id());
  };

  private final String[] paths;
  private final Map<String, Row> rows;

  private static final class Row {
    final String id;
    double fused;
    final int[] ranks; // 0 where the path did not contribute
    final double[] scores;

    Row(String id, int paths) {
      this.id = id;
      this.ranks = new int[paths];
      this.scores = new double[paths];
    }
  }

  /** @param canonical the paths, as {@link #canonical} ordered them */
  FusionTable(List<PathResult> canonical) {
    this.paths = new String[canonical.size()];
    int hits = 0;
    for (int i = 0; i < paths.length; i++) {
      paths[i] = canonical.get(i).path();
      hits += canonical.get(i).ranked().size();
    }
    this.rows = new HashMap<>(hits * 4 / 3 + 1);
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
    int p = indexOf(path);
    Row row = rows.get(c.id());
    if (row == null) {
      row = new Row(c.id(), paths.length);
      rows.put(c.id(), row);
    }
    row.fused += value;
    row.ranks[p] = rank;
    row.scores[p] = c.score();
  }

  private int indexOf(String path) {
    for (int i = 0; i < paths.length; i++) {
      if (paths[i].equals(path)) {
        return i;
      }
    }
    throw new IllegalArgumentException("path: " + path + " is not one of " + List.of(paths));
  }

  /** The fused candidates, best first, ties by id. */
  List<FusedCandidate> sorted() {
    List<FusedCandidate> out = candidates();
    out.sort(BEST_FIRST);
    return out;
  }

  /** The fused candidates in no particular order. */
  List<FusedCandidate> candidates() {
    List<FusedCandidate> out = new ArrayList<>(rows.size());
    for (Row row : rows.values()) {
      int present = 0;
      for (int rank : row.ranks) {
        present += rank > 0 ? 1 : 0;
      }
      // Most candidates share the full key array; the others get their own, still sorted.
      String[] keys = present == paths.length ? paths : new String[present];
      Object[] ranks = new Object[present];
      Object[] scores = new Object[present];
      for (int p = 0, k = 0; p < paths.length; p++) {
        if (row.ranks[p] > 0) {
          keys[k] = paths[p];
          ranks[k] = row.ranks[p];
          scores[k] = row.scores[p];
          k++;
        }
      }
      out.add(new FusedCandidate(row.id, row.fused, new PathValues<>(keys, ranks), new PathValues<>(keys, scores)));
    }
    return out;
  }
}
