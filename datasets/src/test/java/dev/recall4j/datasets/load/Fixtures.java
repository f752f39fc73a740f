package dev.recall4j.datasets.load;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** Paths of the fixture datasets under {@code src/test/resources/datasets}. */
public final class Fixtures {
  private Fixtures() {}

  public static Path dataset(String name) {
    try {
      return Path.of(Fixtures.class.getResource("/datasets/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
