package dev.recall4j.core;

import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * One recall: what to look for, in which scope, and how much context it may take.
 *
 * @param query the text to search for; may be blank, in which case only pinned records are injected
 * @param scope what the request may see (the namespace is a hard boundary)
 * @param budgetTokens the token budget of the rendered context, or null for the engine's configured
 *     budget
 * @param silos silos to search; empty means all
 * @param kinds kinds to search; empty means all
 * @param tags when non-empty, only records carrying at least one of these tags
 * @param includeArchived whether archived records may be recalled
 * @param topK candidates taken from each retrieval path, or null for the engine's default
 * @param deadline end-to-end time allowed before the semantic path is abandoned, or null for the
 *     engine's default
 * @param render the renderer of the block ({@code grouped}, {@code xml}, {@code display}, {@code
 *     json}), or null for the engine's {@code budget.renderer}
 */
public record RecallRequest(
    String query,
    Scope scope,
    Integer budgetTokens,
    Set<Silo> silos,
    Set<Kind> kinds,
    Set<String> tags,
    boolean includeArchived,
    Integer topK,
    Duration deadline,
    String render) {

  /** The largest top-k accepted per path. */
  public static final int MAX_TOP_K = 10_000;

  public RecallRequest {
    query = query == null ? "" : query.strip();
    Checks.notNull(scope, "scope");
    if (budgetTokens != null) {
      Checks.require(budgetTokens >= 0, "budgetTokens", "must be >= 0, got %d", budgetTokens);
    }
    silos = silos == null || silos.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(silos));
    kinds = kinds == null ? Set.of() : Set.copyOf(kinds);
    tags = tags == null ? Set.of() : Set.copyOf(new LinkedHashSet<>(tags));
    if (topK != null) {
      Checks.require(
          topK >= 1 && topK <= MAX_TOP_K, "topK", "must be in [1, %d], got %d", MAX_TOP_K, topK);
    }
    if (deadline != null) {
      Checks.require(!deadline.isNegative(), "deadline", "must not be negative, got %s", deadline);
    }
    if (render != null) {
      render = Checks.notBlank(render, "render").strip();
    }
  }

  /** Whether the request asks for this silo. */
  public boolean wants(Silo silo) {
    return silos.isEmpty() || silos.contains(silo);
  }

  public static Builder builder(String query) {
    return new Builder(query);
  }

  /** Builds a {@link RecallRequest}; the scope defaults to the default namespace. */
  public static final class Builder {
    private final String query;
    private Scope scope = Scope.of(Scope.DEFAULT_NAMESPACE);
    private Integer budgetTokens;
    private Set<Silo> silos = Set.of();
    private Set<Kind> kinds = Set.of();
    private Set<String> tags = Set.of();
    private boolean includeArchived;
    private Integer topK;
    private Duration deadline;
    private String render;

    private Builder(String query) {
      this.query = query;
    }

    public Builder scope(Scope scope) {
      this.scope = scope;
      return this;
    }

    public Builder namespace(String namespace) {
      this.scope = Scope.of(namespace);
      return this;
    }

    public Builder budgetTokens(Integer budgetTokens) {
      this.budgetTokens = budgetTokens;
      return this;
    }

    public Builder silos(Set<Silo> silos) {
      this.silos = silos;
      return this;
    }

    public Builder kinds(Set<Kind> kinds) {
      this.kinds = kinds;
      return this;
    }

    public Builder tags(Set<String> tags) {
      this.tags = tags;
      return this;
    }

    public Builder includeArchived(boolean includeArchived) {
      this.includeArchived = includeArchived;
      return this;
    }

    public Builder topK(Integer topK) {
      this.topK = topK;
      return this;
    }

    public Builder deadline(Duration deadline) {
      this.deadline = deadline;
      return this;
    }

    /**
     * How this recall's block looks: {@code grouped}, {@code xml}, {@code display} or {@code json};
     * null (default): the engine's {@code budget.renderer}.
     */
    public Builder render(String render) {
      this.render = render;
      return this;
    }

    public RecallRequest build() {
      return new RecallRequest(
          query, scope, budgetTokens, silos, kinds, tags, includeArchived, topK, deadline, render);
    }
  }
}
