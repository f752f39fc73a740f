package dev.recall4j.engine;

import dev.recall4j.budget.Packer;
import dev.recall4j.core.Checks;
import dev.recall4j.core.TokenCounter;

/**
 * The {@code budget} settings of an {@link EngineConfig}, parsed. The defaults are {@link
 * EngineConfig.Builder}'s.
 *
 * @param contextLength {@code budget.context_length}: the model's context window in tokens, or 0
 *     when unknown (then the budget is 512 tokens)
 * @param share {@code budget.share}: share of the context window the recalled block may take, in
 *     (0, 1] (0.25)
 * @param tokenCounter {@code budget.tokenizer}: the counter of heuristic, cl100k (default) or o200k
 * @param pinnedShare {@code budget.pinned_share}: share of the budget pinned records may take (0.5)
 */
public record BudgetSettings(
    int contextLength, double share, TokenCounter tokenCounter, double pinnedShare) {
  public BudgetSettings {
    Checks.require(
        contextLength >= 0,
        "budget.context_length",
        "must be >= 0 (0 = unknown), got %d",
        contextLength);
    Checks.require(share > 0 && share <= 1, "budget.share", "must be in (0, 1], got %s", share);
    Checks.notNull(tokenCounter, "budget.tokenizer");
    Checks.require(
        pinnedShare > 0 && pinnedShare <= 1,
        "budget.pinned_share",
        "must be in (0, 1], got %s",
        pinnedShare);
  }

  /** The packer of these settings. */
  Packer packer() {
    return Packer.builder(tokenCounter).pinnedShare(pinnedShare).build();
  }
}
