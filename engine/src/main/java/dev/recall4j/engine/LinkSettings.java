package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.ConfigSection;

/**
 * The {@code recall.links} settings of an {@link EngineConfig}: whether and how far recall follows
 * links ({@link LinkExpansion}), with their defaults ({@link #DEFAULTS}) and their reader.
 *
 * @param expand {@code recall.links.expand}: whether a request that does not say follows one hop of
 *     links and resolves supersede chains to the newest version (see docs/DEFAULTS.md, "Link
 *     expansion", for the measurement that chose the default)
 * @param damping {@code recall.links.damping}: a linked record scores the linking hit's final score
 *     times this, in (0, 1]
 * @param maxLinked {@code recall.links.max_linked}: records a recall pulls in through links at
 *     most, >= 1
 * @param followTop {@code recall.links.follow_top}: the links of this many best-ranked hits are
 *     followed, >= 1
 */
public record LinkSettings(boolean expand, double damping, int maxLinked, int followTop) {
  public LinkSettings {
    Checks.require(
        damping > 0 && damping <= 1, "recall.links.damping", "must be in (0, 1], got %s", damping);
    Checks.require(maxLinked >= 1, "recall.links.max_linked", "must be >= 1, got %d", maxLinked);
    Checks.require(followTop >= 1, "recall.links.follow_top", "must be >= 1, got %d", followTop);
  }

  /** Off; damping 0.8, 10 records linked at most, the links of the 10 best hits followed. */
  public static final LinkSettings DEFAULTS = new LinkSettings(false, 0.8, 10, 10);

  /** These settings with what {@code recall.links} says over them. */
  LinkSettings read(ConfigSection s) {
    s.allow("expand", "damping", "max_linked", "follow_top");
    LinkSettings[] l = {this};
    s.bool("expand", v -> l[0] = l[0].withExpand(v));
    s.number("damping", v -> l[0] = l[0].withDamping(v));
    s.integer("max_linked", v -> l[0] = l[0].withMaxLinked(v));
    s.integer("follow_top", v -> l[0] = l[0].withFollowTop(v));
    return l[0];
  }

  public LinkSettings withExpand(boolean e) {
    return new LinkSettings(e, damping, maxLinked, followTop);
  }

  public LinkSettings withDamping(double d) {
    return new LinkSettings(expand, d, maxLinked, followTop);
  }

  public LinkSettings withMaxLinked(int n) {
    return new LinkSettings(expand, damping, n, followTop);
  }

  public LinkSettings withFollowTop(int n) {
    return new LinkSettings(expand, damping, maxLinked, n);
  }
}
