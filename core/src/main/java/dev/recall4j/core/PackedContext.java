package dev.recall4j.core;

import java.util.ArrayList;
import java.util.List;

/**
 * A token budget filled: what a packer produced, and the larger part of a {@link RecallResult}.
 *
 * @param context the rendered text, exactly as it is injected; {@code ""} when nothing fits
 * @param items the injected records in rendered order
 * @param dropped the candidates left out, with the reason, in the order they were considered
 * @param budgetTokens the budget asked for
 * @param tokensUsed the token count of {@code context} under {@code tokenizer}; never above {@code
 *     budgetTokens}
 * @param tokenizer the name of the token counter that counted it
 * @param warnings notes for the caller, e.g. a pinned record that was truncated or left out
 */
public record PackedContext(
    String context,
    List<RecalledItem> items,
    List<DroppedItem> dropped,
    int budgetTokens,
    int tokensUsed,
    String tokenizer,
    List<String> warnings) {

  public PackedContext {
    Checks.notNull(context, "context");
    items = List.copyOf(items);
    dropped = List.copyOf(dropped);
    Checks.require(budgetTokens >= 0, "budgetTokens", "must be >= 0, got %d", budgetTokens);
    Checks.require(
        tokensUsed >= 0 && tokensUsed <= budgetTokens,
        "tokensUsed",
        "must be in [0, budgetTokens=%d], got %d",
        budgetTokens,
        tokensUsed);
    Checks.notNull(tokenizer, "tokenizer");
    warnings = List.copyOf(warnings);
  }

  /**
   * This packing as a recall reports it: the candidates earlier stages dropped (ranking's
   * duplicates) before the packer's own, and {@code moreWarnings} after its warnings.
   */
  public PackedContext withEarlier(List<DroppedItem> droppedEarlier, List<String> moreWarnings) {
    if (droppedEarlier.isEmpty() && moreWarnings.isEmpty()) {
      return this;
    }
    List<DroppedItem> allDropped = new ArrayList<>(droppedEarlier);
    allDropped.addAll(dropped);
    List<String> allWarnings = new ArrayList<>(warnings);
    allWarnings.addAll(moreWarnings);
    return new PackedContext(
        context, items, allDropped, budgetTokens, tokensUsed, tokenizer, allWarnings);
  }
}
