package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.ConfigSection;

/**
 * The {@code sessions} settings of an {@link EngineConfig}, with their default ({@link #DEFAULTS})
 * and their reader.
 *
 * @param onEnd {@code sessions.on_end}: what ending a session does to its records, {@code archive}
 *     (the default: kept, out of recall) or {@code drop} (purged)
 */
public record SessionSettings(SessionEnd.Action onEnd) {
  public SessionSettings {
    Checks.notNull(onEnd, "sessions.on_end");
  }

  /** A session's records are archived when it ends. */
  public static final SessionSettings DEFAULTS = new SessionSettings(SessionEnd.Action.ARCHIVE);

  /** These settings with what {@code sessions} says over them. */
  SessionSettings read(ConfigSection s) {
    s.allow("on_end");
    SessionSettings[] t = {this};
    s.text("on_end", v -> t[0] = new SessionSettings(SessionEnd.Action.parse(s.key("on_end"), v)));
    return t[0];
  }
}
