package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Scope;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The teams a caller holds: the one way a request sees records outside its own namespace.
 *
 * <p><b>Convention.</b> A team's shared records live in the namespace {@code team:<name>} (see
 * {@link #namespace}); an agent saves into it like into any namespace. A request in namespace
 * {@code alice} that holds team {@code tide} sees its own namespace plus {@code team:tide}, with
 * the request's project, task and session narrowing both exactly as {@link Scope#canSee} does. A
 * request that does not hold a team never sees its records, on any path: the engine enforces it for
 * lexical and vector retrieval, pinned records, {@code get}, {@code history} and export. Holding a
 * team is the caller's claim: the engine does not authenticate agents, it only keeps every path
 * inside the scopes the caller names.
 *
 * @param names team names, each making a valid namespace {@code team:<name>}; sorted, de-duplicated
 */
public record Teams(Set<String> names) {
  /** The namespace prefix of team namespaces. */
  public static final String PREFIX = "team:";

  /** No team: a request sees its own namespace only. */
  public static final Teams NONE = new Teams(Set.of());

  public Teams {
    Checks.notNull(names, "teams");
    TreeSet<String> sorted = new TreeSet<>();
    for (String name : names) {
      String stripped = Checks.notBlank(name, "teams");
      try {
        Scope.of(PREFIX + stripped);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "teams: bad team name "
                + Checks.excerpt(stripped)
                + "; must be 1-123 characters of letters, digits and . _ @ : / -",
            e);
      }
      sorted.add(stripped);
    }
    names = java.util.Collections.unmodifiableSortedSet(sorted);
  }

  /** The teams with these names. */
  public static Teams of(String... names) {
    return new Teams(Set.of(names));
  }

  /** The namespace holding a team's records: {@code team:<name>}. */
  public static String namespace(String team) {
    return Scope.of(PREFIX + Checks.notBlank(team, "team")).namespace();
  }

  /** A team's scope narrowed like {@code base}: same project, task and session. */
  public static Scope scope(String team, Scope base) {
    return new Scope(namespace(team), base.project(), base.task(), base.session());
  }

  /**
   * Every scope a request in {@code scope} holding these teams may read, its own first, then the
   * teams by name. A team the request's own namespace already is appears once.
   */
  public List<Scope> visibleScopes(Scope scope) {
    List<Scope> scopes = new ArrayList<>(names.size() + 1);
    scopes.add(scope);
    for (String team : names) {
      Scope teamScope = scope(team, scope);
      if (!teamScope.namespace().equals(scope.namespace())) {
        scopes.add(teamScope);
      }
    }
    return scopes;
  }

  /**
   * Whether a search, recall or listing in {@code scope} holding these teams sees a record stored
   * in {@code recordScope} ({@link Scope#canSee(Scope, boolean)} in any visible scope).
   */
  public boolean canSee(Scope scope, Scope recordScope, boolean allProjects) {
    return visibleScopes(scope).stream().anyMatch(s -> s.canSee(recordScope, allProjects));
  }

  /**
   * Whether a request in {@code scope} holding these teams reaches a record stored in {@code
   * recordScope} by its id or by export ({@link Scope#canReach} in any visible scope).
   */
  public boolean canReach(Scope scope, Scope recordScope) {
    return visibleScopes(scope).stream().anyMatch(s -> s.canReach(recordScope));
  }
}
