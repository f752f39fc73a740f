package dev.recall4j.engine;

import dev.recall4j.core.Checks;

/**
 * The {@code recall.links} settings of an {@link EngineConfig}: whether and how far recall follows
 * links ({@link LinkExpansion}). The defaults are {@link EngineConfig.Builder}'s.
 *
 * @param expand {@code recall.links.expand}: whether a request that does not say follows one hop of
 *     links and resolves supersede chains to the newest version (see docs/RESULTS.md, "Link
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
}
