package dev.recall4j.engine.adapter;

import dev.recall4j.core.Checks;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.DoublePredicate;

/**
 * The {@code wanted} best matches among those offered whose cosine a framework's threshold accepts,
 * in bounded memory: a streamed pass over a namespace keeps no more than these.
 */
final class BestMatches {
  /** Best first; ties by id, so equal scores come in a stable order. */
  static final Comparator<VectorMatch> BEST_FIRST =
      Comparator.comparingDouble(VectorMatch::cosine)
          .reversed()
          .thenComparing(match -> match.record().id());

  private final int wanted;
  private final DoublePredicate accept;

  /** The worst kept match at the head. */
  private final PriorityQueue<VectorMatch> kept = new PriorityQueue<>(BEST_FIRST.reversed());

  BestMatches(int wanted, DoublePredicate accept) {
    Checks.require(wanted >= 0, "wanted", "must be >= 0, got %d", wanted);
    this.wanted = wanted;
    this.accept = Checks.notNull(accept, "accept");
  }

  void offer(VectorMatch match) {
    if (accept.test(match.cosine())) {
      kept.add(match);
      if (kept.size() > wanted) {
        kept.poll();
      }
    }
  }

  /** Best first. */
  List<VectorMatch> inOrder() {
    return kept.stream().sorted(BEST_FIRST).toList();
  }
}
