package dev.recall4j.engine;

import dev.recall4j.budget.Packer;
import dev.recall4j.budget.RenderOptions;
import dev.recall4j.budget.Renderers;
import dev.recall4j.budget.Section;
import dev.recall4j.budget.TokenCounters;
import dev.recall4j.core.Checks;
import dev.recall4j.core.ConfigSection;
import dev.recall4j.core.InvalidFieldException;
import dev.recall4j.core.Kind;
import dev.recall4j.core.TokenCounter;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code budget} settings of an {@link EngineConfig}, parsed, with their defaults ({@link
 * #DEFAULTS}; the packing ones are the {@link Packer}'s) and their reader.
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
 * @param shareKey the setting that set {@code share}, as its file spells it ({@code budget.share},
 *     or an agent's {@code memory.budget_pct}): what budget advice tells the user to edit
 */
public record BudgetSettings(
    int contextLength,
    double share,
    TokenCounter tokenCounter,
    double pinnedShare,
    String renderer,
    RenderOptions renderOptions,
    Map<Kind, Double> quotas,
    String shareKey) {
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
    } catch (InvalidFieldException e) {
      throw new InvalidFieldException("budget." + e.field(), e.problem(), e);
    }
    quotas = Map.copyOf(Checks.notNull(quotas, "budget.quotas"));
    quotas.forEach(
        (kind, quota) ->
            Checks.require(
                quota >= 0 && quota <= 1,
                "budget.quotas." + kind.name(),
                "must be a share in [0, 1], got %s",
                quota));
    Checks.notBlank(shareKey, "shareKey");
  }

  /** Context unknown, a quarter of it, cl100k, the packer's pinned share, grouped, no quotas. */
  public static final BudgetSettings DEFAULTS =
      new BudgetSettings(
          0,
          0.25,
          TokenCounters.byName("cl100k"),
          Packer.DEFAULT_PINNED_SHARE,
          DEFAULT_RENDERER,
          RenderOptions.DEFAULT,
          Map.of(),
          "budget.share");

  /** These settings with what {@code budget} says over them. */
  BudgetSettings read(ConfigSection s) {
    s.allow(
        "context_length",
        "share",
        "tokenizer",
        "pinned_share",
        "renderer",
        "title",
        "xml_tag",
        "headings",
        "quotas",
        "render_source_context");
    BudgetSettings[] b = {this};
    s.integer("context_length", v -> b[0] = b[0].withContextLength(v));
    s.number("share", v -> b[0] = b[0].withShare(v).withShareKey(s.key("share")));
    s.text("tokenizer", v -> b[0] = b[0].withTokenCounter(TokenCounters.byName(v)));
    s.number("pinned_share", v -> b[0] = b[0].withPinnedShare(v));
    s.text("renderer", v -> b[0] = b[0].withRenderer(v));
    RenderOptions[] words = {renderOptions};
    s.text("title", v -> words[0] = words[0].withTitle(v));
    s.text("xml_tag", v -> words[0] = words[0].withXmlTag(v));
    s.bool("render_source_context", v -> words[0] = words[0].withSourceContext(v));
    s.section(
        "headings",
        h -> {
          Map<String, Section> sections = new TreeMap<>();
          for (Section section : Section.values()) {
            sections.put(section.name().toLowerCase(Locale.ROOT), section);
          }
          h.allow(sections.keySet());
          sections.forEach(
              (name, section) -> h.text(name, v -> words[0] = words[0].withHeading(section, v)));
        });
    b[0] = b[0].withRenderOptions(words[0]);
    s.section(
        "quotas",
        q -> {
          Map<Kind, Double> quotas = new HashMap<>(b[0].quotas);
          q.names()
              .forEach(
                  kind ->
                      q.number(kind, share -> quotas.put(Kind.parse(q.key(kind), kind), share)));
          b[0] = b[0].withQuotas(quotas);
        });
    return b[0];
  }

  public BudgetSettings withContextLength(int tokens) {
    return new BudgetSettings(
        tokens, share, tokenCounter, pinnedShare, renderer, renderOptions, quotas, shareKey);
  }

  public BudgetSettings withShare(double s) {
    return new BudgetSettings(
        contextLength, s, tokenCounter, pinnedShare, renderer, renderOptions, quotas, shareKey);
  }

  public BudgetSettings withTokenCounter(TokenCounter counter) {
    return new BudgetSettings(
        contextLength, share, counter, pinnedShare, renderer, renderOptions, quotas, shareKey);
  }

  public BudgetSettings withPinnedShare(double s) {
    return new BudgetSettings(
        contextLength, share, tokenCounter, s, renderer, renderOptions, quotas, shareKey);
  }

  public BudgetSettings withRenderer(String name) {
    return new BudgetSettings(
        contextLength, share, tokenCounter, pinnedShare, name, renderOptions, quotas, shareKey);
  }

  public BudgetSettings withRenderOptions(RenderOptions options) {
    return new BudgetSettings(
        contextLength, share, tokenCounter, pinnedShare, renderer, options, quotas, shareKey);
  }

  /** The setting that set the share, for advice; see {@link #shareKey()}. */
  public BudgetSettings withShareKey(String key) {
    return new BudgetSettings(
        contextLength, share, tokenCounter, pinnedShare, renderer, renderOptions, quotas, key);
  }

  public BudgetSettings withQuotas(Map<Kind, Double> q) {
    return new BudgetSettings(
        contextLength, share, tokenCounter, pinnedShare, renderer, renderOptions, q, shareKey);
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
