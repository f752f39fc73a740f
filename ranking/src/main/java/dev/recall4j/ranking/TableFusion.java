package dev.recall4j.ranking;

import java.util.List;

/**
 * A built-in fusion: it fills a {@link FusionTable}, which the {@link Ranker} reads as it is. It
 * sorts the rows by its own order anyway; turning them into sorted {@link FusedCandidate}s first
 * took 10 of the 24 µs that fusing 2 × 100 hits cost.
 */
interface TableFusion extends Fusion {
  /** The paths fused, a row per candidate in no particular order. */
  FusionTable table(List<PathResult> paths);

  @Override
  default List<FusedCandidate> fuse(List<PathResult> paths) {
    return table(paths).sorted();
  }
}
