package dev.recall4j.ranking;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.ScoreBreakdown;
import dev.recall4j.core.ScoredRecord;
import java.util.Comparator;

/** A fused candidate with its record and weights, on its way to becoming a {@link ScoredRecord}. */
final class Weighted {
  /**
   * Group first (pinned, then tiers under strict mode), then final score, then trust, then id. Trust
   * breaks score ties so that a higher-trust twin never trails its copy even when both scores are 0
   * (a convex fusion gives a path's worst hit 0).
   */
  static final Comparator<Weighted> ORDER = (a, b) -> {
    // One method instead of a chain of comparator lambdas: sorting ~170 candidates ran through four.
    int c = Integer.compare(a.group, b.group);
    if (c == 0) {
      c = Double.compare(b.finalScore, a.finalScore);
    }
    if (c == 0) {
      c = Double.compare(b.trust, a.trust);
    }
    return c != 0 ? c : a.record.id().compareTo(b.record.id());
  };

  final MemoryRecord record;
  final FusedCandidate fused;
  final double decay;
  final double trust;
  final int priority;
  final int group;
  final double finalScore;
  private Similarity similarity;

  Weighted(MemoryRecord record, FusedCandidate fused, double decay, double trust, int priority, int group, double boost) {
    this.record = record;
    this.fused = fused;
    this.decay = decay;
    this.trust = trust;
    this.priority = priority;
    this.group = group;
    this.finalScore = fused.fusedScore() * decay * trust * boost;
  }

  /** Computed on first use, with the content's token set from {@code tokenSets}: exact-only dedup needs none. */
  Similarity similarity(TokenSets tokenSets) {
    if (similarity == null) {
      similarity = new Similarity(record, tokenSets.of(record));
    }
    return similarity;
  }

  ScoredRecord toScored() {
    return new ScoredRecord(
        record,
        new ScoreBreakdown(
            fused.rank(PathResult.LEXICAL),
            fused.score(PathResult.LEXICAL),
            fused.rank(PathResult.VECTOR),
            fused.score(PathResult.VECTOR),
            fused.fusedScore(),
            decay,
            trust,
            priority,
            finalScore));
  }
}
