package dev.recall4j.server;

import dev.recall4j.engine.ConfigSectionOwner;
import java.util.Set;

/**
 * The server reads the {@code server:} section of {@code recall4j.yaml} ({@link ServerConfigFile}).
 */
public final class ServerSection implements ConfigSectionOwner {
  @Override
  public Set<String> sections() {
    return Set.of("server");
  }
}
