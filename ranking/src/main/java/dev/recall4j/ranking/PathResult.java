package dev.recall4j.ranking;

import dev.recall4j.core.Checks;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The ranked hits of one retrieval path.
 *
 * <p>Ranks are 1-based and derived from the scores, not from list positions: candidates with equal
 * scores share the better rank (competition ranking, "1224"), so the order in which a path lists
 * equal-score hits never changes a fused result.
 *
 * @param path the path name, lower snake case ({@code [a-z][a-z0-9_]{0,31}}); the engine uses
 *     {@link #LEXICAL} and {@link #VECTOR}
 * @param ranked the hits, best first: scores must be non-increasing and ids unique; copied
 */
public record PathResult(String path, List<Candidate> ranked) {
  /** The BM25 path; its ranks and scores fill the lexical columns of a score breakdown. */
  public static final String LEXICAL = "lexical";

  /** The HNSW (semantic) path; its ranks and similarities fill the vector columns. */
  public static final String VECTOR = "vector";

  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,31}");

  public PathResult {
    path = checkPathName(path, "path");
    ranked = List.copyOf(Checks.notNull(ranked, "ranked"));
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < ranked.size(); i++) {
      Candidate c = ranked.get(i);
      Checks.require(seen.add(c.id()), "ranked", "duplicate id %s in path %s", c.id(), path);
      double previous = i == 0 ? Double.POSITIVE_INFINITY : ranked.get(i - 1).score();
      Checks.require(
          c.score() <= previous,
          "ranked",
          "path %s must list hits best first (non-increasing scores), got %s at position %d after %s",
          path,
          c.score(),
          i + 1,
          previous);
    }
  }

  /** The 1-based competition rank of each position: equal scores share the better rank. */
  int[] ranks() {
    int[] ranks = new int[ranked.size()];
    for (int i = 0; i < ranks.length; i++) {
      ranks[i] = i > 0 && ranked.get(i).score() == ranked.get(i - 1).score() ? ranks[i - 1] : i + 1;
    }
    return ranks;
  }

  static String checkPathName(String name, String field) {
    Checks.notNull(name, field);
    Checks.require(
        NAME.matcher(name).matches(),
        field,
        "must be lower snake case ([a-z][a-z0-9_]{0,31}), got %s",
        Checks.excerpt(name));
    return name;
  }
}
