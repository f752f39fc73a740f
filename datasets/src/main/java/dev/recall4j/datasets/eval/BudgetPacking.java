package dev.recall4j.datasets.eval;

import dev.recall4j.budget.NaivePacker;
import dev.recall4j.budget.Packer;
import dev.recall4j.budget.Renderers;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.PackedContext;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.TokenCounter;
import dev.recall4j.datasets.load.Query;
import dev.recall4j.datasets.trec.Qrels;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The budget-aware figures of an evaluation: packs a mode's best records at every budget with the
 * engine's packer and the naive one, and counts the judged-relevant documents that {@link Reach}
 * the block. One per {@link EvaluationJob}; not thread-safe.
 */
final class BudgetPacking {
  private final Packer packer;
  private final TokenCounter counter;
  private final EvalOptions options;
  private final Qrels qrels;
  private final Reach reach;
  private final Map<String, Integer> contentTokens = new HashMap<>();

  BudgetPacking(Packer packer, TokenCounter counter, EvalOptions options, Qrels qrels) {
    this.packer = packer;
    this.counter = counter;
    this.options = options;
    this.qrels = qrels;
    this.reach = new Reach(counter);
  }

  /**
   * Packs the mode's best records at every budget with both packers and records the shares; returns
   * the milliseconds of the engine packer at the largest budget (0 without budgets).
   */
  double pack(ModeRun run, Query query, List<ScoredRecord> ranked) {
    List<ScoredRecord> offered = ranked.subList(0, Math.min(ranked.size(), options.packDepth()));
    Set<String> relevant = qrels.judgments(query.id()).keySet();
    double ms = 0;
    for (int budget : options.budgets()) {
      long start = System.nanoTime();
      PackedContext packed = packer.pack(List.of(), offered, budget);
      ms = (System.nanoTime() - start) / 1e6;
      run.addBudget(budget, share(packed, relevant), false);
      List<ScoredRecord> naiveInput = naivePrefix(offered, budget);
      PackedContext naive =
          naiveInput.isEmpty()
              ? packed
              : new NaivePacker(counter, Renderers.memoryContext(), naiveInput.size())
                  .pack(List.of(), naiveInput, budget);
      run.addBudget(budget, naiveInput.isEmpty() ? 0 : share(naive, relevant), true);
    }
    return ms;
  }

  /**
   * The shortest prefix of the ranking whose contents alone exceed the budget, plus two records of
   * slack: the naive packer renders everything it is given and cuts at the budget, so records after
   * this prefix would start beyond the cut anyway; giving it fewer keeps the cost bounded.
   */
  private List<ScoredRecord> naivePrefix(List<ScoredRecord> ranked, int budget) {
    int tokens = 0;
    int end = 0;
    while (end < ranked.size() && tokens <= budget) {
      MemoryRecord r = ranked.get(end).record();
      tokens += contentTokens.computeIfAbsent(r.id(), id -> counter.count(r.content()));
      end++;
    }
    return ranked.subList(0, Math.min(ranked.size(), end + 2));
  }

  private double share(PackedContext packed, Set<String> relevant) {
    int reached = 0;
    for (RecalledItem item : packed.items()) {
      if (relevant.contains(item.record().id()) && reach.reached(packed.context(), item)) {
        reached++;
      }
    }
    return (double) reached / relevant.size();
  }
}
