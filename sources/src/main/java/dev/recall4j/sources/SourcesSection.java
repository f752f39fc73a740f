package dev.recall4j.sources;

import dev.recall4j.engine.ConfigSectionOwner;
import java.util.Set;

/** Sync reads the {@code sources:} section of {@code recall4j.yaml} ({@link SourcesConfig}). */
public final class SourcesSection implements ConfigSectionOwner {
  @Override
  public Set<String> sections() {
    return Set.of("sources");
  }
}
