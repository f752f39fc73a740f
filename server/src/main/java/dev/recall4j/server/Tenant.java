package dev.recall4j.server;

import dev.recall4j.core.Checks;
import dev.recall4j.core.InvalidFieldException;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.Teams;

/**
 * Who a call is made for: the namespace it reads and writes, and the teams whose shared records it
 * may also read, or read and write by naming one (the grants of its token). Fixed for a stdio
 * server (its {@code --namespace} and {@code --team}s); taken from the bearer token of each HTTP
 * request. A call can narrow it by team, project or session, never widen it.
 */
public record Tenant(String namespace, Teams teams) {
  public Tenant {
    namespace = Scope.of(Checks.notBlank(namespace, "namespace")).namespace();
    Checks.notNull(teams, "teams");
  }

  /** The default namespace, no teams: a loopback server without tokens. */
  public static final Tenant DEFAULT = new Tenant(Scope.DEFAULT_NAMESPACE, Teams.NONE);

  /**
   * The namespace a call works in narrowed to a project, task and session (any may be null): the
   * tenant's own, or with a {@code team} the namespace of that team, which the tenant must hold.
   *
   * @throws NotGranted naming {@code team} when the tenant does not hold it
   */
  Scope scope(String team, String project, String task, String session) {
    String working = team == null ? namespace : teamNamespace(team);
    try {
      return new Scope(working, project, task, session);
    } catch (InvalidFieldException e) {
      throw Arguments.bad(e.field(), e.getMessage());
    }
  }

  /** The teams a call in {@code team} (null: the tenant's own namespace) also reads. */
  Teams teams(String team) {
    return team == null ? teams : Teams.NONE;
  }

  private String teamNamespace(String team) {
    if (!teams.names().contains(team)) {
      throw new NotGranted(
          "team",
          "team "
              + Checks.excerpt(team)
              + " is not granted to this caller (granted: "
              + (teams.names().isEmpty() ? "none" : String.join(", ", teams.names()))
              + ")");
    }
    return Teams.namespace(team);
  }
}
