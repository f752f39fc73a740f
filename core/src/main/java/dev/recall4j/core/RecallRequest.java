package dev.recall4j.core;

import java.time.Duration;
import java.time.Instant;
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
 * @param tags when non-empty, only records carrying <b>all</b> of these tags (compared exactly).
 *     (before issue 18 it meant "any of"; a caller that wants any of several tags makes one request
 *     per tag)
 * @param includeArchived whether archived records may be recalled
 * @param topK candidates taken from each retrieval path, or null for the engine's default
 * @param deadline end-to-end time allowed before the semantic path is abandoned, or null for the
 *     engine's default
 * @param allProjects whether the request sees every project of its namespace rather than the
 *     project rule of {@link Scope#canSee(Scope)} (its project's records and those with none)
 * @param since when set, only records created at or after this instant
 * @param until when set, only records created before this instant; after {@code since}
 *     <p>Filters and the paths they apply to: the scope, silos and kinds apply to every path,
 *     pinned records included; tags, {@code since}/{@code until} and {@code includeArchived} narrow
 *     what is searched and listed, not the pinned records, which are the standing context injected
 *     whatever the query.
 * @param render the renderer of the block ({@code grouped}, {@code xml}, {@code display}, {@code
 *     json}), or null for the engine's {@code budget.renderer}
 * @param links whether recall follows one hop of links and resolves supersede chains to the newest
 *     version ({@code recall.links}); null for the engine's {@code recall.links.expand}. Records
 *     reached this way pass every filter above, exactly as searched ones do
 * @param includeSessions whether the request sees the records of every session rather than the
 *     session rule of {@link Scope#canSee(Scope)} (those of its own session, if it names one, and
 *     those without a session): a session's ("local") records never reach a recall that names no
 *     session unless it asks
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
    boolean allProjects,
    Instant since,
    Instant until,
    String render,
    Boolean links,
    boolean includeSessions) {

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
    if (since != null && until != null) {
      Checks.require(
          since.isBefore(until), "until", "must be after since (%s), got %s", since, until);
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
    private boolean allProjects;
    private Instant since;
    private Instant until;
    private String render;
    private Boolean links;
    private boolean includeSessions;

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

    /** Only records carrying all of these tags. */
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

    /** See every project of the namespace, not just the scope's project and the project-less. */
    public Builder allProjects(boolean allProjects) {
      this.allProjects = allProjects;
      return this;
    }

    /** Only records created at or after this instant (null: no lower bound). */
    public Builder since(Instant since) {
      this.since = since;
      return this;
    }

    /** Only records created before this instant (null: no upper bound). */
    public Builder until(Instant until) {
      this.until = until;
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

    /**
     * Whether to follow links and supersede chains ({@code true}), not to ({@code false}), or as
     * the engine is configured (null, the default: {@code recall.links.expand}).
     */
    public Builder links(Boolean links) {
      this.links = links;
      return this;
    }

    /**
     * See every session's records, not only those of the scope's session (if any) and those without
     * a session.
     */
    public Builder includeSessions(boolean includeSessions) {
      this.includeSessions = includeSessions;
      return this;
    }

    public RecallRequest build() {
      return new RecallRequest(
          query,
          scope,
          budgetTokens,
          silos,
          kinds,
          tags,
          includeArchived,
          topK,
          deadline,
          allProjects,
          since,
          until,
          render,
          links,
          includeSessions);
    }
  }
}
