package dev.recall4j.ranking;

import dev.recall4j.core.DropReason;
import dev.recall4j.core.DroppedItem;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Dedup and maximal marginal relevance over an ordered candidate list. */
final class Diversity {
  private Diversity() {}

  /**
   * Keeps each candidate unless it duplicates one kept before it, so of any duplicate pair the
   * better-ranked one survives; the reason names the first kept record it duplicates. Output order
   * is input order. Cost: O(n) for exact duplicates, O(kept × n) pair checks for near duplicates,
   * most of which exact bounds end early ({@link Similarity#jaccardIfAbove}, {@link
   * Similarity#cosineIfAbove}).
   */
  static List<Weighted> dedup(List<Weighted> ordered, Dedup settings, List<DroppedItem> dropped) {
    List<Weighted> kept = new ArrayList<>(ordered.size());
    Map<String, String> byHash = new HashMap<>();
    for (Weighted w : ordered) {
      String reason = exactDuplicate(w, byHash);
      for (int i = 0; reason == null && i < kept.size(); i++) {
        reason = nearDuplicate(w, kept.get(i), settings);
      }
      if (reason == null) {
        kept.add(w);
        byHash.put(w.record.contentHash(), w.record.id());
      } else {
        dropped.add(new DroppedItem(w.record.id(), DropReason.DUPLICATE, reason));
      }
    }
    return kept;
  }

  private static String exactDuplicate(Weighted w, Map<String, String> byHash) {
    String first = byHash.get(w.record.contentHash());
    return first == null ? null : "same content as " + first;
  }

  private static String nearDuplicate(Weighted w, Weighted kept, Dedup settings) {
    Similarity a = w.similarity();
    Similarity b = kept.similarity();
    if (settings.vectorCosine() < 1 && a.vectorsComparable(b)) {
      double cosine = a.cosineIfAbove(b, settings.vectorCosine());
      if (cosine > settings.vectorCosine()) {
        return String.format(Locale.ROOT, "near duplicate of %s: vector cosine %.3f > %.3f", kept.record.id(), cosine, settings.vectorCosine());
      }
    }
    if (settings.tokenJaccard() < 1) {
      double jaccard = a.jaccardIfAbove(b, settings.tokenJaccard());
      if (jaccard > settings.tokenJaccard()) {
        return String.format(Locale.ROOT, "near duplicate of %s: token Jaccard %.3f > %.3f", kept.record.id(), jaccard, settings.tokenJaccard());
      }
    }
    return null;
  }

  /**
   * Maximal marginal relevance (Carbonell and Goldstein, SIGIR 1998) inside each run of equal group:
   * repeatedly takes the candidate maximising {@code λ·rel(d) − (1 − λ)·max_{s taken} sim(d, s)},
   * where {@code rel} is the final score divided by the group's best (so both terms lie in [0, 1]) and
   * {@code sim} is the vector cosine when comparable, else the token Jaccard. Ties go to the earlier
   * candidate, so λ = 1 keeps the input order. Groups keep their order. Cost: O(n²) similarities.
   */
  static List<Weighted> mmr(List<Weighted> ordered, double lambda) {
    List<Weighted> out = new ArrayList<>(ordered.size());
    int start = 0;
    while (start < ordered.size()) {
      int end = start;
      while (end < ordered.size() && ordered.get(end).group == ordered.get(start).group) {
        end++;
      }
      out.addAll(mmrGroup(ordered.subList(start, end), lambda));
      start = end;
    }
    return out;
  }

  private static List<Weighted> mmrGroup(List<Weighted> group, double lambda) {
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
          maxSim[i] = Math.max(maxSim[i], group.get(i).similarity().similarity(chosen.similarity()));
        }
      }
    }
    return out;
  }
}
