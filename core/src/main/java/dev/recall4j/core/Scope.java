package dev.recall4j.core;

import java.util.regex.Pattern;

/**
 * Where a record lives and what a request may see.
 *
 * <p>The namespace (a user or tenant) is a hard boundary: a request never sees another namespace.
 * Project, task and session narrow further. A record with no project applies to every project of
 * its namespace; a request with no project sees every project. The same holds for task and session.
 *
 * @param namespace required, 1 to 128 characters of {@code [A-Za-z0-9._@:-]}
 * @param project optional (null when absent)
 * @param task optional
 * @param session optional
 */
public record Scope(String namespace, String project, String task, String session) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._@:/-]{1,128}");

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
   * Whether a record stored in {@code recordScope} is visible to a request made in this scope.
   * Symmetric rules for project, task and session; the namespace must match exactly.
   */
  public boolean canSee(Scope recordScope) {
    return namespace.equals(recordScope.namespace)
        && narrowMatches(project, recordScope.project)
        && narrowMatches(task, recordScope.task)
        && narrowMatches(session, recordScope.session);
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
        NAME.matcher(value).matches(),
        field,
        "must be 1-128 characters of letters, digits and . _ @ : / -, got %s",
        Checks.excerpt(value));
    return value;
  }
}
