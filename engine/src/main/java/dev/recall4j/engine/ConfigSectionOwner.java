package dev.recall4j.engine;

import java.util.Set;

/**
 * A module that reads top-level sections of {@code recall4j.yaml} of its own ({@code server:},
 * {@code sources:}), registered in {@code META-INF/services/dev.recall4j.engine.ConfigSectionOwner}
 * so that {@link ConfigFile} accepts those sections without naming them, and still refuses a
 * top-level key no module on the class path reads.
 */
public interface ConfigSectionOwner {
  /** The top-level keys this module reads. */
  Set<String> sections();
}
