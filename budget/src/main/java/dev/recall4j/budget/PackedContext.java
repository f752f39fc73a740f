package dev.recall4j.budget;

import dev.recall4j.core.Checks;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.RecalledItem;
import java.util.List;

/**
 * What a {@link Packer} produced.
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
}
