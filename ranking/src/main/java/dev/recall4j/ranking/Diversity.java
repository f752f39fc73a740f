package dev.recall4j.ranking;

import dev.recall4j.core.DropReason;
import dev.recall4j.core.DroppedItem;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Dedup and maximal marginal relevance over an ordered candidate list. */
final class Diversity {
  private Diversity() {}

  /**
   * Keeps each candidate unless it duplicates one kept before it, so of any duplicate pair the
   * better-ranked one survives; the reason names the first kept record it duplicates. Output order
   * is input order. Cost: O(n) for exact duplicates; near duplicates are screened against all kept
   * candidates at once and tested exactly only where a screen lets a pair through ({@link
   * KeptCandidates}).
   */
  static List<Weighted> dedup(
      List<Weighted> ordered, Dedup settings, TokenSets tokenSets, List<DroppedItem> dropped) {
    return dedup(ordered, settings, tokenSets, dropped, DedupKernel.best());
  }

  /** {@link #dedup(List, Dedup, TokenSets, List)} with the given head kernel (tests run both). */
  static List<Weighted> dedup(
      List<Weighted> ordered,
      Dedup settings,
      TokenSets tokenSets,
      List<DroppedItem> dropped,
      DedupKernel kernel) {
    KeptCandidates kept = new KeptCandidates(settings, tokenSets, ordered, kernel);
    for (int i = 0; i < ordered.size(); i++) {
      String reason = kept.offer(i);
      if (reason != null) {
        dropped.add(new DroppedItem(ordered.get(i).record.id(), DropReason.DUPLICATE, reason));
      }
    }
    return kept.kept();
  }

  /**
   * Maximal marginal relevance (Carbonell and Goldstein, SIGIR 1998) inside each run of equal
   * group: repeatedly takes the candidate maximising {@code λ·rel(d) − (1 − λ)·max_{s taken} sim(d,
   * s)}, where {@code rel} is the final score divided by the group's best (so both terms lie in [0,
   * 1]) and {@code sim} is the vector cosine when comparable, else the token Jaccard. Ties go to
   * the earlier candidate, so λ = 1 keeps the input order. Groups keep their order. Cost: O(n²)
   * similarities.
   */
  static List<Weighted> mmr(List<Weighted> ordered, double lambda, TokenSets tokenSets) {
    List<Weighted> out = new ArrayList<>(ordered.size());
    int start = 0;
    while (start < ordered.size()) {
      int end = start;
      while (end < ordered.size() && ordered.get(end).group == ordered.get(start).group) {
        end++;
      }
      out.addAll(mmrGroup(ordered.subList(start, end), lambda, tokenSets));
      start = end;
    }
    return out;
  }

  private static List<Weighted> mmrGroup(List<Weighted> group, double lambda, TokenSets tokenSets) {
    int n = group.size();
    double best = group.get(0).finalScore;
    double[] maxSim = new double[n];
    Arrays.fill(maxSim, Double.NEGATIVE_INFINITY);
    boolean[] taken = new boolean[n];
    List<Weighted> out = new ArrayList<>(n);
    for (int step = 0; step < n; step++) {
      int pick = -1;
      double pickValue = Double.NEGATIVE_INFINITY;
      for (int i = 0; i < n; i++) {
        if (taken[i]) {
          continue;
        }
        double rel = best > 0 ? group.get(i).finalScore / best : 0;
        double value = lambda * rel - (1 - lambda) * (step == 0 ? 0 : maxSim[i]);
        if (value > pickValue) {
          pick = i;
          pickValue = value;
        }
      }
      taken[pick] = true;
      Weighted chosen = group.get(pick);
      out.add(chosen);
      for (int i = 0; i < n; i++) {
        if (!taken[i]) {
          maxSim[i] =
              Math.max(
                  maxSim[i],
                  group.get(i).similarity(tokenSets).similarity(chosen.similarity(tokenSets)));
        }
      }
    }
    return out;
  }
}
