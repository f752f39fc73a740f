package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.InvalidFieldException;
import java.util.List;
import java.util.Locale;

/**
 * What ending a session did to its records (the coding agent's "local" scope, cleared at session
 * end): {@link IndexWrites#endSession}.
 *
 * @param session the session ended
 * @param action what was done to its records ({@code sessions.on_end})
 * @param ids the records changed, in id order; empty when the session held none (ending a session
 *     twice changes nothing the second time)
 */
public record SessionEnd(String session, Action action, List<String> ids) {
  public SessionEnd {
    Checks.notBlank(session, "session");
    Checks.notNull(action, "action");
    ids = List.copyOf(Checks.notNull(ids, "ids"));
  }

  /** What {@code sessions.on_end} does to a session's records. */
  public enum Action {
    /**
     * Moves the session's active and pinned records to the archived tier: kept, recalled only by
     * requests that include the archive (and see the session).
     */
    ARCHIVE,
    /** Purges the session's records from the index: gone from recall, get, history and export. */
    DROP;

    /** The wire name: {@code archive} or {@code drop}. */
    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The action of a wire name.
     *
     * @throws InvalidFieldException naming {@code field}
     */
    public static Action parse(String field, String value) {
      for (Action action : values()) {
        if (action.wireName().equals(value)) {
          return action;
        }
      }
      throw new InvalidFieldException(
          field, "must be archive or drop, got " + Checks.excerpt(String.valueOf(value)));
    }
  }
}
