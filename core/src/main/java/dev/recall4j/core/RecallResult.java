package dev.recall4j.core;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one recall produced.
 *
 * @param context the rendered block, exactly as it would be injected; its token count under {@code
 *     tokenizer} never exceeds {@code budgetTokens}
 * @param items the injected records in rendered order
 * @param dropped candidates left out, with reasons
 * @param budgetTokens the budget the context was packed into
 * @param tokensUsed tokens of {@code context} under {@code tokenizer}
 * @param tokenizer the name of the token counter used
 * @param retrieval which paths answered ({@link RetrievalMode})
 * @param timingsMillis wall time per stage in milliseconds, in stage order
 * @param warnings notes for the caller (for example a pinned record that was truncated)
 */
public record RecallResult(
    String context,
    List<RecalledItem> items,
    List<DroppedItem> dropped,
    int budgetTokens,
    int tokensUsed,
    String tokenizer,
    RetrievalMode retrieval,
    Map<Stage, Double> timingsMillis,
    List<String> warnings) {

  public RecallResult {
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
    Checks.notNull(retrieval, "retrieval");
    timingsMillis = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(timingsMillis));
    warnings = List.copyOf(warnings);
  }
}
