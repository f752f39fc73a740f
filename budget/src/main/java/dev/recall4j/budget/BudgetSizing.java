package dev.recall4j.budget;

import dev.recall4j.core.Checks;
import java.util.OptionalInt;

/**
 * How many tokens of a model's context window the injected memory context may take.
 *
 * <p>budget = floor(context length × share), with share {@link #DEFAULT_SHARE} = 0.25 by default so
 * that the system prompt, the conversation and the answer keep three quarters of the window; {@link
 * #UNKNOWN_CONTEXT_BUDGET} = 512 tokens when the context length is unknown (safe for the 2K-token
 * models this library targets). Where the context length comes from (configuration, an Ollama
 * model's metadata) is the caller's concern.
 */
public final class BudgetSizing {
  private BudgetSizing() {}

  /** The budget, in tokens, when the model's context length is unknown. */
  public static final int UNKNOWN_CONTEXT_BUDGET = 512;

  /** The share of the context window given to the memory context by default. */
  public static final double DEFAULT_SHARE = 0.25;

  /**
   * The token budget for a model with this context length.
   *
   * @param contextLength the model's context window in tokens (> 0), or empty when unknown
   * @param share the share of the window for the memory context, in (0, 1]
   * @return floor(contextLength × share), or {@link #UNKNOWN_CONTEXT_BUDGET} when the length is
   *     unknown
   * @throws IllegalArgumentException naming {@code budgetShare} or {@code contextLength}
   */
  public static int budgetFor(OptionalInt contextLength, double share) {
    Checks.notNull(contextLength, "contextLength");
    Checks.require(
        Double.isFinite(share) && share > 0 && share <= 1,
        "budgetShare",
        "must be in (0, 1], got %s",
        share);
    if (contextLength.isEmpty()) {
      return UNKNOWN_CONTEXT_BUDGET;
    }
    int length = contextLength.getAsInt();
    Checks.require(length > 0, "contextLength", "must be > 0, got %d", length);
    return (int) Math.floor(length * share);
  }

  /** {@link #budgetFor(OptionalInt, double)} with the {@link #DEFAULT_SHARE}. */
  public static int budgetFor(OptionalInt contextLength) {
    return budgetFor(contextLength, DEFAULT_SHARE);
  }
}
