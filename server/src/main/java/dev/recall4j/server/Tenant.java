package dev.recall4j.server;

import dev.recall4j.core.Checks;
import dev.recall4j.core.InvalidFieldException;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.Teams;

/**
 * Who a call is made for: the namespace it reads and writes, and the teams whose shared records it
 * may also read. Fixed for a stdio server (its {@code --namespace}); taken from the bearer token of
 * each HTTP request. A call can narrow it by project or session, never widen it.
 */
public record Tenant(String namespace, Teams teams) {
  public Tenant {
    namespace = Scope.of(Checks.notBlank(namespace, "namespace")).namespace();
    Checks.notNull(teams, "teams");
  }

  /** The default namespace, no teams: a loopback server without tokens. */
  public static final Tenant DEFAULT = new Tenant(Scope.DEFAULT_NAMESPACE, Teams.NONE);

  /** The tenant's namespace narrowed to a project, task and session (any may be null). */
  Scope scope(String project, String task, String session) {
    try {
      return new Scope(namespace, project, task, session);
    } catch (InvalidFieldException e) {
      throw Arguments.bad(e.field(), e.getMessage());
    }
  }
}
