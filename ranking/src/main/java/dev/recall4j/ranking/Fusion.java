package dev.recall4j.ranking;

import java.util.List;

/**
 * Combines the ranked lists of several retrieval paths into one list.
 *
 * <p>Contract for every implementation: the output holds each candidate of the input at most once,
 * best first by {@link FusedCandidate#fusedScore()}, ties broken by id ascending; the output does
 * not depend on the order of {@code paths} nor on the order of equal-score candidates inside a
 * path; implementations are immutable and thread-safe. Get the built-in ones from {@link Fusions}.
 */
public interface Fusion {
  /** The canonical spec of this fusion, which {@link Fusions#parse(String)} turns back into it. */
  String name();

  /**
   * Fuses the paths.
   *
   * @param paths one result per path; path names must be unique; empty paths are allowed
   * @return the fused candidates, best first (score descending, then id)
   * @throws IllegalArgumentException if {@code paths} is null or names a path twice
   */
  List<FusedCandidate> fuse(List<PathResult> paths);
}
