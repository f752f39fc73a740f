package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Advice on the budget share from recorded sessions. Only advice: nothing here changes a setting;
 * the user edits {@code budget.share} to act on it.
 *
 * <p>The rules (after the Harvey terminal-agent design in {@code shared/seeds}), evaluated together
 * over the most recent sessions (at most {@link #WINDOW}) once at least {@link #MIN_SESSIONS} are
 * recorded:
 *
 * <ol>
 *   <li>average utilisation (injected / budget, sessions with a zero budget skipped) above {@link
 *       #HIGH_UTILISATION}: the budget is maxed out and relevant records are likely cut off, so
 *       suggest raising the share by {@link #STEP} (at most 1);
 *   <li>unless the average generation speed is also below {@link #LOW_TOKENS_PER_SEC} tokens/s:
 *       then the model is struggling with a large context, so suggest lowering the share by {@link
 *       #STEP} (at least {@link #STEP}) and leaning on lexical recall instead;
 *   <li>compression in more than {@link #FREQUENT_COMPRESSION} of sessions adds an informational
 *       note (compression is working as intended);
 *   <li>otherwise the current setting looks good.
 * </ol>
 *
 * @param sessions sessions the advice is based on
 * @param avgUtilisation mean utilisation in [0, ...), or NaN when no session had a budget
 * @param compressedShare share of sessions in which compression fired, in [0, 1]
 * @param avgTokensPerSec mean generation speed of the sessions that report it, or null when none
 *     does
 * @param suggestion what to do
 * @param currentShare the configured {@code budget.share}
 * @param suggestedShare the share suggested; equal to {@code currentShare} unless raising or
 *     lowering
 * @param notes informational lines beside the suggestion (frequent compression)
 * @param shareKey the setting to edit, as the configuration spells it ({@code budget.share}, or an
 *     agent's {@code memory.budget_pct})
 */
public record BudgetAdvice(
    int sessions,
    double avgUtilisation,
    double compressedShare,
    Double avgTokensPerSec,
    Suggestion suggestion,
    double currentShare,
    double suggestedShare,
    List<String> notes,
    String shareKey) {

  /** Sessions needed before any advice is given. */
  public static final int MIN_SESSIONS = 10;

  /** Most recent sessions the advice looks at. */
  public static final int WINDOW = 100;

  /** Average utilisation above which the budget counts as saturated. */
  public static final double HIGH_UTILISATION = 0.90;

  /** Share of sessions with compression above which a note is added. */
  public static final double FREQUENT_COMPRESSION = 0.50;

  /** Generation speed (tokens per second) below which the model counts as struggling. */
  public static final double LOW_TOKENS_PER_SEC = 2.0;

  /** How far a suggestion moves the share. */
  public static final double STEP = 0.10;

  /** What the advice suggests. */
  public enum Suggestion {
    /** Fewer than {@link #MIN_SESSIONS} sessions recorded. */
    NOT_ENOUGH_DATA,
    /** The current setting looks good. */
    KEEP,
    /** The budget is saturated: give recall a larger share of the context. */
    RAISE_SHARE,
    /** Saturated and slow: give recall a smaller share and rely on lexical recall. */
    LOWER_SHARE
  }

  public BudgetAdvice {
    Checks.require(sessions >= 0, "sessions", "must be >= 0, got %d", sessions);
    Checks.notNull(suggestion, "suggestion");
    notes = List.copyOf(notes);
  }

  /** {@link #of(List, double, String)} for a configuration that spells it {@code budget.share}. */
  public static BudgetAdvice of(List<SessionStats> recentFirst, double currentShare) {
    return of(recentFirst, currentShare, "budget.share");
  }

  /**
   * Applies the rules to sessions ordered most recent first (only the first {@link #WINDOW} count).
   *
   * @param currentShare the configured budget share in (0, 1]
   */
  public static BudgetAdvice of(
      List<SessionStats> recentFirst, double currentShare, String shareKey) {
    Checks.notNull(recentFirst, "sessions");
    List<SessionStats> window = recentFirst.subList(0, Math.min(WINDOW, recentFirst.size()));
    int n = window.size();
    double utilisation =
        window.stream()
            .mapToDouble(SessionStats::utilisation)
            .filter(u -> !Double.isNaN(u))
            .average()
            .orElse(Double.NaN);
    double compressed =
        n == 0 ? 0 : window.stream().filter(SessionStats::compressed).count() / (double) n;
    var speeds =
        window.stream()
            .filter(s -> s.avgTokensPerSec() != null)
            .mapToDouble(SessionStats::avgTokensPerSec)
            .average();
    Double speed = speeds.isPresent() ? speeds.getAsDouble() : null;
    List<String> notes = new ArrayList<>();
    if (n < MIN_SESSIONS) {
      return new BudgetAdvice(
          n,
          utilisation,
          compressed,
          speed,
          Suggestion.NOT_ENOUGH_DATA,
          currentShare,
          currentShare,
          notes,
          shareKey);
    }
    if (compressed > FREQUENT_COMPRESSION) {
      notes.add(
          String.format(
              Locale.ROOT,
              "compression fired in %.0f%% of sessions; informational, compression is working as intended",
              compressed * 100));
    }
    boolean saturated = utilisation > HIGH_UTILISATION;
    Suggestion suggestion;
    double suggested;
    if (saturated && speed != null && speed < LOW_TOKENS_PER_SEC) {
      suggestion = Suggestion.LOWER_SHARE;
      suggested = Math.max(STEP, round(currentShare - STEP));
    } else if (saturated) {
      suggestion = Suggestion.RAISE_SHARE;
      suggested = Math.min(1.0, round(currentShare + STEP));
    } else {
      suggestion = Suggestion.KEEP;
      suggested = currentShare;
    }
    return new BudgetAdvice(
        n, utilisation, compressed, speed, suggestion, currentShare, suggested, notes, shareKey);
  }

  /**
   * The advice as the lines {@code bin/recall4j status} prints, each starting with "Budget
   * advice:".
   */
  public List<String> lines() {
    List<String> lines = new ArrayList<>();
    String over =
        String.format(
            Locale.ROOT,
            "avg utilisation %.0f%% over last %d sessions",
            avgUtilisation * 100,
            sessions);
    lines.add(
        "Budget advice: "
            + switch (suggestion) {
              case NOT_ENOUGH_DATA ->
                  String.format(
                      Locale.ROOT,
                      "%d sessions recorded; advice needs at least %d",
                      sessions,
                      MIN_SESSIONS);
              case KEEP ->
                  (Double.isNaN(avgUtilisation) ? "no session had a budget" : over)
                      + " - current setting looks good";
              case RAISE_SHARE ->
                  over
                      + String.format(
                          Locale.ROOT, " - consider raising %s to %.2f", shareKey, suggestedShare);
              case LOWER_SHARE ->
                  over
                      + String.format(
                          Locale.ROOT,
                          " at %.1f tokens/s - the model struggles with a large context; consider lowering %s to %.2f"
                              + " and leaning on lexical recall",
                          avgTokensPerSec,
                          shareKey,
                          suggestedShare);
            });
    notes.forEach(note -> lines.add("Budget advice: " + note));
    return lines;
  }

  /** Two decimals, so 0.25 + 0.10 reads 0.35 rather than 0.35000000000000003. */
  private static double round(double share) {
    return Math.round(share * 100) / 100.0;
  }
}
