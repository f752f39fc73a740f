package dev.recall4j.budget;

import dev.recall4j.core.Checks;
import dev.recall4j.core.InvalidFieldException;
import dev.recall4j.core.TokenCounter;
import java.util.List;
import java.util.Locale;

/**
 * The token counters recall4j ships. Every counter returned here is thread-safe, deterministic and
 * allocation-light; a model's own tokenizer can be plugged in by implementing {@link TokenCounter}.
 *
 * <p>Measured on the shared datasets (see {@code docs/DEFAULTS.md ("Token counting")} for the table
 * and the command): the {@linkplain #heuristic() heuristic} is within a few percent of cl100k and
 * o200k on average, with a per-item spread (p95 of the absolute relative error) of 8 to 18%.
 * Because the spread is not zero, a packer that counts with the heuristic shrinks its budget by
 * {@link #HEURISTIC_SAFETY_MARGIN} (see {@link #defaultSafetyMargin(TokenCounter)}).
 */
public final class TokenCounters {
  private TokenCounters() {}

  /** The names {@link #byName(String)} accepts, in the order they are documented. */
  public static final List<String> NAMES = List.of("heuristic", "cl100k", "o200k");

  /**
   * The share by which a heuristic count is inflated when the target model's tokenizer is unknown:
   * {@code ceil(heuristic × (1 + margin))} under-counts cl100k and o200k on at most about 1% of the
   * measured prose and code items (the 99th percentile of {@code exact / heuristic}, rounded up;
   * derivation in {@code docs/DEFAULTS.md ("Token counting")}).
   */
  public static final double HEURISTIC_SAFETY_MARGIN = 0.20;

  /**
   * A fast estimate that needs no vocabulary tables. Mean relative error against cl100k and o200k
   * is between -5% and +6% per corpus: it under-counts dense scientific prose (SciFact, -5.0% vs
   * cl100k) and over-counts conversational turns (LoCoMo, +2.3% / +6.1%) and Java code (+5.6% /
   * +4.4%); chars/4 is off by -11% to +34% on the same texts.
   */
  public static TokenCounter heuristic() {
    return HeuristicTokenCounter.INSTANCE;
  }

  /**
   * OpenAI's {@code cl100k_base} encoding (GPT-3.5/4), exact, through jtokkit. Its tables start
   * loading in the background when it is first asked for.
   */
  public static TokenCounter cl100k() {
    JtokkitTokenCounter.CL100K.loadInBackground();
    return JtokkitTokenCounter.CL100K;
  }

  /**
   * OpenAI's {@code o200k_base} encoding (GPT-4o and later), exact, through jtokkit. Its tables
   * start loading in the background when it is first asked for.
   */
  public static TokenCounter o200k() {
    JtokkitTokenCounter.O200K.loadInBackground();
    return JtokkitTokenCounter.O200K;
  }

  /**
   * The counter of that name: {@code heuristic}, {@code cl100k} or {@code o200k} (case-insensitive,
   * surrounding blanks ignored).
   *
   * @throws IllegalArgumentException naming {@code tokenizer} and the accepted names when unknown
   */
  public static TokenCounter byName(String name) {
    String key = Checks.notBlank(name, "tokenizer").toLowerCase(Locale.ROOT);
    return switch (key) {
      case "heuristic" -> heuristic();
      case "cl100k" -> cl100k();
      case "o200k" -> o200k();
      default ->
          throw new InvalidFieldException(
              "tokenizer",
              "unknown value "
                  + Checks.excerpt(name)
                  + ", expected one of "
                  + String.join(", ", NAMES));
    };
  }

  /**
   * The safety margin a {@link Packer} applies by default with this counter: {@link
   * #HEURISTIC_SAFETY_MARGIN} for the heuristic, whose error against the model's real tokenizer is
   * unknown, and 0 for every other counter, which is taken to be the target model's own.
   */
  public static double defaultSafetyMargin(TokenCounter counter) {
    Checks.notNull(counter, "counter");
    return counter instanceof HeuristicTokenCounter ? HEURISTIC_SAFETY_MARGIN : 0.0;
  }
}
