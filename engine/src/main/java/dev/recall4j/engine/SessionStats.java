package dev.recall4j.engine;

import dev.recall4j.core.Checks;

/**
 * What one agent session spent on recalled context, recorded once at session end with {@link
 * RecallEngine#recordSession}: a row of the {@code memory_stats} table, the input of {@link
 * BudgetAdvice}.
 *
 * @param sessionId the agent's session id (for example its session file name); 1 to 256 characters
 * @param budgetTokens tokens the session allowed recalled context (context length x budget share),
 *     >= 0
 * @param injectedTokens tokens actually injected over the session, >= 0
 * @param compressed whether the agent's rolling summary (compression) fired at least once
 * @param avgTokensPerSec the model's average generation speed over the session in tokens per
 *     second, or null when the agent does not measure it; finite and >= 0
 */
public record SessionStats(
    String sessionId,
    int budgetTokens,
    int injectedTokens,
    boolean compressed,
    Double avgTokensPerSec) {
  public SessionStats {
    sessionId = Checks.notBlank(sessionId, "sessionId");
    Checks.require(
        sessionId.length() <= 256,
        "sessionId",
        "must be at most 256 characters, got %d",
        sessionId.length());
    Checks.require(budgetTokens >= 0, "budgetTokens", "must be >= 0, got %d", budgetTokens);
    Checks.require(injectedTokens >= 0, "injectedTokens", "must be >= 0, got %d", injectedTokens);
    if (avgTokensPerSec != null) {
      Checks.inRange(avgTokensPerSec, 0, Double.MAX_VALUE, "avgTokensPerSec");
    }
  }

  /** Injected over budget tokens, or NaN when the budget was 0 (such a session says nothing). */
  public double utilisation() {
    return budgetTokens == 0 ? Double.NaN : (double) injectedTokens / budgetTokens;
  }
}
