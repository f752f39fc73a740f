package dev.recall4j.sources;

import dev.recall4j.core.Checks;
import dev.recall4j.core.ConfigSection;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.Teams;

/**
 * Where a source's records belong, in the coding agent's scopes ({@code scope}, {@code project},
 * {@code team} of a source): the user's own (no project, recalled in every project), a project's,
 * or a team's shared namespace {@code team:<name>} (across projects, unless it names one). A source
 * that names none keeps the sync's scope (the configured namespace and {@code project}).
 *
 * @param user whether its records are the user's own: no project, whatever the sync's project
 * @param project the project of its records; null: the sync's (none for a team's source)
 * @param team the team whose namespace holds its records; null: the sync's namespace
 */
public record SourceScope(boolean user, String project, String team) {
  /** The sync's own scope. */
  public static final SourceScope SYNC = new SourceScope(false, null, null);

  public SourceScope {
    Checks.require(
        !user || project == null, "project", "must be absent for scope user (across projects)");
    Checks.require(!user || team == null, "team", "must be absent for scope user");
    if (project != null) {
      project = Scope.of(Scope.DEFAULT_NAMESPACE, project).project();
    }
    if (team != null) {
      Teams.namespace(team);
    }
  }

  /** The scope this source's records get in a sync made in {@code sync}. */
  public Scope in(Scope sync) {
    return new Scope(
        team == null ? sync.namespace() : Teams.namespace(team),
        project != null ? project : user || team != null ? null : sync.project(),
        sync.task(),
        sync.session());
  }

  /**
   * A source's {@code scope} ({@code user}, {@code project} or {@code team}), {@code project} and
   * {@code team}: {@code project} and {@code team} imply their scope; {@code scope: team} needs
   * {@code team}; {@code scope: user} takes neither.
   */
  static SourceScope read(ConfigSection n) {
    String scope = n.text("scope");
    String project = n.text("project");
    String team = n.text("team");
    if (scope == null) {
      return new SourceScope(false, project, team);
    }
    switch (scope) {
      case "user" -> {
        if (project != null || team != null) {
          throw new IllegalArgumentException(
              n.key(project != null ? "project" : "team")
                  + ": must be absent for scope user (the user's own, across projects)");
        }
        return new SourceScope(true, null, null);
      }
      case "team" -> {
        if (team == null) {
          throw new IllegalArgumentException(n.key("team") + ": required for scope team");
        }
        return new SourceScope(false, project, team);
      }
      case "project" -> {
        return new SourceScope(false, project, team);
      }
      default ->
          throw new IllegalArgumentException(
              n.key("scope") + ": must be user, project or team, got " + Checks.excerpt(scope));
    }
  }

  /** What a change of scope changes: every record of the source is read again. */
  String key() {
    return user + "/" + project + "/" + team;
  }
}
