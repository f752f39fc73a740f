package dev.recall4j.engine;

/**
 * Aggregates of a namespace's recall log, for {@code bin/recall4j stats}.
 *
 * @param entries recalls logged (within the retention)
 * @param avgItems mean injected records per recall, or NaN when there are none
 * @param avgTokensUsed mean tokens of the rendered context, or NaN
 * @param avgBudgetTokens mean budget, or NaN
 * @param avgMillis mean end-to-end wall time in milliseconds, or NaN
 */
public record RecallLogSummary(
    long entries,
    double avgItems,
    double avgTokensUsed,
    double avgBudgetTokens,
    double avgMillis) {}
