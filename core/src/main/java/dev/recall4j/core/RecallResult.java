package dev.recall4j.core;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one recall produced: the packed context, and how it was retrieved.
 *
 * @param packed the rendered block with its items, the candidates left out (by ranking and by
 *     packing) and the warnings; its token count never exceeds its budget
 * @param retrieval which paths answered ({@link RetrievalMode})
 * @param timingsMillis wall time per stage in milliseconds, in stage order
 */
public record RecallResult(
    PackedContext packed, RetrievalMode retrieval, Map<Stage, Double> timingsMillis) {

  public RecallResult {
    Checks.notNull(packed, "packed");
    Checks.notNull(retrieval, "retrieval");
    timingsMillis = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(timingsMillis));
  }

  /** A result from the fields of its packed context (see {@link PackedContext}). */
  public RecallResult(
      String context,
      List<RecalledItem> items,
      List<DroppedItem> dropped,
      int budgetTokens,
      int tokensUsed,
      String tokenizer,
      RetrievalMode retrieval,
      Map<Stage, Double> timingsMillis,
      List<String> warnings) {
    this(
        new PackedContext(context, items, dropped, budgetTokens, tokensUsed, tokenizer, warnings),
        retrieval,
        timingsMillis);
  }

  /** The rendered block, exactly as it would be injected. */
  public String context() {
    return packed.context();
  }

  /** The injected records in rendered order. */
  public List<RecalledItem> items() {
    return packed.items();
  }

  /** The candidates left out, with reasons: ranking's duplicates, then the packer's. */
  public List<DroppedItem> dropped() {
    return packed.dropped();
  }

  /** The budget the context was packed into. */
  public int budgetTokens() {
    return packed.budgetTokens();
  }

  /** The tokens of {@link #context()} under {@link #tokenizer()}, never above the budget. */
  public int tokensUsed() {
    return packed.tokensUsed();
  }

  /** The name of the token counter used. */
  public String tokenizer() {
    return packed.tokenizer();
  }

  /** Notes for the caller (a pinned record that was truncated, an embedder error). */
  public List<String> warnings() {
    return packed.warnings();
  }
}
