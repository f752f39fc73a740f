package dev.recall4j.engine;

import dev.recall4j.budget.Packer;
import dev.recall4j.budget.RenderOptions;
import dev.recall4j.budget.Renderers;
import dev.recall4j.core.Checks;
import dev.recall4j.core.Kind;
import dev.recall4j.core.TokenCounter;
import java.util.Map;

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
 * @param renderer {@code budget.renderer}: how the block looks, {@code grouped} (default), {@code
 *     xml}, {@code display} or {@code json} (see {@link Renderers}); a request may ask for another
 * @param renderOptions {@code budget.title}, {@code budget.xml_tag} and {@code budget.headings}:
 *     the words of the block an agent's prompt refers to
 * @param quotas {@code budget.quotas}: the share of the budget each listed kind's ranked records
 *     may take together, in [0, 1] (none by default)
 */
public record BudgetSettings(
    int contextLength,
    double share,
    TokenCounter tokenCounter,
    double pinnedShare,
    String renderer,
    RenderOptions renderOptions,
    Map<Kind, Double> quotas) {
  /** {@code budget.renderer} unless configured. */
  public static final String DEFAULT_RENDERER = "grouped";

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
    Checks.notNull(renderOptions, "budget.headings");
    try {
      Renderers.byName(renderer, renderOptions);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("budget." + e.getMessage(), e);
    }
    quotas = Map.copyOf(Checks.notNull(quotas, "budget.quotas"));
    quotas.forEach(
        (kind, quota) ->
            Checks.require(
                quota >= 0 && quota <= 1,
                "budget.quotas." + kind.name(),
                "must be a share in [0, 1], got %s",
                quota));
  }

  /** The packer of these settings rendering with the configured renderer. */
  Packer packer() {
    return packer(renderer);
  }

  /**
   * The packer of these settings rendering with the named renderer and the configured words.
   *
   * @throws IllegalArgumentException naming {@code render} when the name is unknown
   */
  Packer packer(String rendererName) {
    Packer.Builder builder =
        Packer.builder(tokenCounter)
            .pinnedShare(pinnedShare)
            .renderer(Renderers.byName(rendererName, renderOptions));
    quotas.forEach(builder::kindShare);
    return builder.build();
  }
}
