package dev.recall4j.ranking;

import java.util.List;

/**
 * A built-in fusion: it fills a {@link FusionTable}. {@link Ranker} takes the table's candidates
 * unsorted, since it sorts them by its own order anyway; sorting them by fused score first as well
 * cost about a tenth of a ranking call.
 */
interface TableFusion extends Fusion {
  /** The paths fused, candidates in no particular order. */
  FusionTable table(List<PathResult> paths);

  @Override
  default List<FusedCandidate> fuse(List<PathResult> paths) {
    return table(paths).sorted();
  }
}
