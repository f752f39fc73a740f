package dev.recall4j.core;

/**
 * Where a record lives and what a request may see.
 *
 * <p>The namespace (a user or tenant) is a hard boundary: a request never sees another namespace.
 * Project, task and session narrow further; {@link #canSee} states the rules. The scopes of the
 * coding-agent design map onto it: a user's own memory has no project, a project's has one, a
 * session's ("local") has a session and is seen only by requests in that session (or that ask for
 * every session), and a team's lives in the namespace {@code team:<name>}.
 *
 * @param namespace required, 1 to 128 characters of {@code [A-Za-z0-9._@:-]}
 * @param project optional (null when absent)
 * @param task optional
 * @param session optional
 */
public record Scope(String namespace, String project, String task, String session) {
  /** The namespace used when none is given. */
  public static final String DEFAULT_NAMESPACE = "default";

  public Scope {
    namespace = checkName(Checks.notBlank(namespace, "namespace"), "namespace");
    project = optionalName(project, "project");
    task = optionalName(task, "task");
    session = optionalName(session, "session");
  }

  /** A scope of just a namespace. */
  public static Scope of(String namespace) {
    return new Scope(namespace, null, null, null);
  }

  /** A namespace and a project. */
  public static Scope of(String namespace, String project) {
    return new Scope(namespace, project, null, null);
  }

  /**
   * In the user's words, for messages: {@code namespace "alice", project "tidewatch"} (only the
   * parts that are set), never the record syntax.
   */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder("namespace \"").append(namespace).append('"');
    if (project != null) {
      out.append(", project \"").append(project).append('"');
    }
    if (task != null) {
      out.append(", task \"").append(task).append('"');
    }
    if (session != null) {
      out.append(", session \"").append(session).append('"');
    }
    return out.toString();
  }

  /**
   * Whether a search, recall or listing made in this scope sees a record stored in {@code
   * recordScope}:
   *
   * <ul>
   *   <li>the namespace must match exactly (the hard boundary between users and tenants);
   *   <li>project: a request with a project sees that project's records plus the records with no
   *       project (the user's own, which apply everywhere); a request without a project sees only
   *       the records without a project (use {@link #canSee(Scope, boolean)} with {@code
   *       allProjects} to see every project of the namespace);
   *   <li>task: a record without a task applies to every request; a request without one sees every
   *       task; otherwise the values must be equal;
   *   <li>session: a record without a session applies to every request; a session's records (the
   *       coding agent's "local" scope) are seen only by a request in that session: a request
   *       without a session sees none of them (use {@link #canSee(Scope, boolean, boolean)} with
   *       {@code allSessions} to see every session's).
   * </ul>
   */
  public boolean canSee(Scope recordScope) {
    return canSee(recordScope, false);
  }

  /**
   * {@link #canSee(Scope)}, where {@code allProjects} lifts the project rule: the request then sees
   * the records of every project of its namespace (the namespace, task and session rules still
   * hold).
   */
  public boolean canSee(Scope recordScope, boolean allProjects) {
    return canSee(recordScope, allProjects, false);
  }

  /**
   * {@link #canSee(Scope, boolean)}, where {@code allSessions} lifts the session rule: the request
   * then sees the records of every session (the namespace, project and task rules still hold).
   */
  public boolean canSee(Scope recordScope, boolean allProjects, boolean allSessions) {
    return namespace.equals(recordScope.namespace)
        && (allProjects || recordScope.project == null || recordScope.project.equals(project))
        && narrowMatches(task, recordScope.task)
        && (allSessions || recordScope.session == null || recordScope.session.equals(session));
  }

  /**
   * Whether a request in this scope may reach a record stored in {@code recordScope} by naming its
   * id (get, history, forget, pin, supersede...) or by exporting: a request with a project reaches
   * that project and the records without one, as in search; a request without a project reaches
   * every project of its namespace, because naming an id (or exporting the namespace) is an
   * explicit request the project rule of search need not guard; likewise every session. The
   * namespace stays the hard boundary.
   */
  public boolean canReach(Scope recordScope) {
    return canSee(recordScope, project == null, true);
  }

  private static boolean narrowMatches(String requested, String stored) {
    return requested == null || stored == null || requested.equals(stored);
  }

  private static String optionalName(String value, String field) {
    String stripped = Checks.blankToNull(value);
    return stripped == null ? null : checkName(stripped, field);
  }

  private static String checkName(String value, String field) {
    Checks.require(
        isName(value),
        field,
        "must be 1-128 characters of letters, digits and . _ @ : / -, got %s",
        Checks.excerptIfShown(value));
    return value;
  }

  /**
   * 1-128 characters of letters, digits and {@code . _ @ : / -} ({@code [A-Za-z0-9._@:/-]{1,128}}),
   * tested without a regex: every record read back builds its scope, about 100 a recall.
   */
  private static boolean isName(String value) {
    if (value.isEmpty() || value.length() > 128) {
      return false;
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      boolean allowed =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || c == '.'
              || c == '_'
              || c == '@'
              || c == ':'
              || c == '/'
              || c == '-';
      if (!allowed) {
        return false;
      }
    }
    return true;
  }
}
