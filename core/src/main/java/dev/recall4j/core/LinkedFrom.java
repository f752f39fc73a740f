package dev.recall4j.core;

/**
 * How a record entered a ranking other than by its own search: through a link of a hit, or as the
 * newer version of a hit that it supersedes. Recall follows one hop only (see the engine's link
 * expansion), so {@code id} is always a record the paths found.
 *
 * @param id the hit it came from
 * @param route {@link Route#LINK}: named in the hit's {@code links}; {@link Route#SUCCESSOR}: the
 *     newest active version of the hit (or of a record the hit links to), which it replaced
 */
public record LinkedFrom(String id, Route route) {
  /** The two ways of following a record. */
  public enum Route {
    /** The hit names the record in its {@code links}. */
    LINK,
    /** The record is the newest active version of the hit, along {@code supersedes}. */
    SUCCESSOR
  }

  public LinkedFrom {
    Checks.notBlank(id, "linkedFrom.id");
    Checks.notNull(route, "linkedFrom.route");
  }
}
