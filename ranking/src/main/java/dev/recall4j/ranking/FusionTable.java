package dev.recall4j.ranking;

import dev.recall4j.core.Checks;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The bookkeeping every fusion shares: validated paths in a canonical order, and per candidate (a
 * row) the running fused score with the rank and score of each contributing path.
 *
 * <p>Paths are processed sorted by name so that floating-point sums are formed in the same order
 * whatever order the caller listed them in: a sum's last bit would otherwise depend on input order,
 * and a tie-break could flip. Rows live in parallel arrays, found by id through an open-addressing
 * index: the {@link Ranker} reads them where they are, and only {@link Fusion#fuse} callers get
 * {@link FusedCandidate}s, whose maps are handed over ready-made ({@link PathValues}). With a row
 * object, two arrays and a map entry per candidate, fusing 2 × 100 hits took 24 µs; now 14.
 */
final class FusionTable {
  /** Fused score descending, then id: the order of {@link Fusion#fuse}'s result. */
  private static final Comparator<FusedCandidate> BEST_FIRST =
      (a, b) -> {
        int c = Double.compare(b.fusedScore(), a.fusedScore());
        return c != 0 ? c : a.id().compareTo(b.id());
      };

  private final String[] paths;
  private final String[] ids;
  private final double[] fused;
  private final int[] ranks; // ranks[row · paths + p], 0 where path p did not contribute
  private final double[] scores; // same layout; meaningful only where the rank is not 0
  private final int[] slots; // open addressing by id hash: row + 1, 0 when free
  private final int shift; // a hash's slot is its top bits after a Fibonacci multiply
  private int size;

  /**
   * @param paths the path names, sorted
   * @param capacity the most rows the table will hold
   */
  private FusionTable(String[] paths, int capacity) {
    this.paths = paths;
    this.ids = new String[capacity];
    this.fused = new double[capacity];
    this.ranks = new int[capacity * paths.length];
    this.scores = new double[capacity * paths.length];
    this.slots = new int[Integer.highestOneBit(Math.max(1, capacity)) * 4]; // load factor <= 1/2
    this.shift = Integer.numberOfLeadingZeros(slots.length) + 1;
  }

  /**
   * @param canonical the paths, as {@link #canonical} ordered them
   */
  FusionTable(List<PathResult> canonical) {
    this(names(canonical), hits(canonical));
  }

  private static String[] names(List<PathResult> canonical) {
    String[] names = new String[canonical.size()];
    for (int i = 0; i < names.length; i++) {
      names[i] = canonical.get(i).path();
    }
    return names;
  }

  private static int hits(List<PathResult> canonical) {
    int hits = 0;
    for (PathResult p : canonical) {
      hits += p.ranked().size();
    }
    return hits;
  }

  /**
   * A table holding the result of any fusion, so that the {@link Ranker} reads one kind of input:
   * the rows are the candidates, their fused scores as given.
   */
  static FusionTable of(List<FusedCandidate> candidates) {
    Set<String> names = new TreeSet<>();
    for (FusedCandidate c : candidates) {
      names.addAll(c.ranks().keySet());
    }
    FusionTable table = new FusionTable(names.toArray(String[]::new), candidates.size());
    for (FusedCandidate c : candidates) {
      int row = table.row(c.id());
      table.fused[row] = c.fusedScore();
      for (Map.Entry<String, Integer> rank : c.ranks().entrySet()) {
        int at = row * table.paths.length + table.indexOf(rank.getKey());
        table.ranks[at] = rank.getValue();
        table.scores[at] = c.scores().get(rank.getKey());
      }
    }
    return table;
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
    int row = row(c.id());
    fused[row] += value;
    int at = row * paths.length + indexOf(path);
    ranks[at] = rank;
    scores[at] = c.score();
  }

  /** The row of {@code id}, added (fused score 0, no path) when new. */
  private int row(String id) {
    int mask = slots.length - 1;
    for (int slot = id.hashCode() * 0x9E3779B9 >>> shift; ; slot = slot + 1 & mask) {
      int row = slots[slot] - 1;
      if (row < 0) {
        slots[slot] = size + 1;
        ids[size] = id;
        return size++;
      }
      if (ids[row].equals(id)) {
        return row;
      }
    }
  }

  private int indexOf(String path) {
    int p = find(path);
    if (p < 0) {
      throw new IllegalArgumentException("path: " + path + " is not one of " + List.of(paths));
    }
    return p;
  }

  /** The index of {@code path}, or -1. */
  private int find(String path) {
    for (int i = 0; i < paths.length; i++) {
      if (paths[i].equals(path)) {
        return i;
      }
    }
    return -1;
  }

  /** The number of rows, candidates in no particular order. */
  int size() {
    return size;
  }

  /** The record id of a row. */
  String id(int row) {
    return ids[row];
  }

  /** The fused score of a row. */
  double fusedScore(int row) {
    return fused[row];
  }

  /** The row's 1-based rank on {@code path}, or 0 when that path did not contribute. */
  int rank(int row, String path) {
    int p = find(path);
    return p < 0 ? 0 : ranks[row * paths.length + p];
  }

  /** The row's raw score on {@code path}, or NaN when that path did not contribute. */
  double score(int row, String path) {
    int p = find(path);
    return p < 0 || ranks[row * paths.length + p] == 0
        ? Double.NaN
        : scores[row * paths.length + p];
  }

  /** The fused candidates, best first, ties by id. */
  List<FusedCandidate> sorted() {
    List<FusedCandidate> out = new ArrayList<>(size);
    for (int row = 0; row < size; row++) {
      int present = 0;
      for (int p = 0; p < paths.length; p++) {
        present += ranks[row * paths.length + p] > 0 ? 1 : 0;
      }
      // Most candidates share the full key array; the others get their own, still sorted.
      String[] keys = present == paths.length ? paths : new String[present];
      Object[] rankValues = new Object[present];
      Object[] scoreValues = new Object[present];
      for (int p = 0, k = 0; p < paths.length; p++) {
        int at = row * paths.length + p;
        if (ranks[at] > 0) {
          keys[k] = paths[p];
          rankValues[k] = ranks[at];
          scoreValues[k] = scores[at];
          k++;
        }
      }
      out.add(
          new FusedCandidate(
              ids[row],
              fused[row],
              new PathValues<>(keys, rankValues),
              new PathValues<>(keys, scoreValues)));
    }
    out.sort(BEST_FIRST);
    return out;
  }
}
