package dev.recall4j.core;

/**
 * Provenance of a record, with the trust weight ranking applies unless the record overrides it.
 *
 * <p>The order follows the seed designs: what the user explicitly corrected is the most reliable,
 * bulk imports the least. The weights are multiplicative factors in (0, 1].
 */
public enum Source {
  USER_CORRECTION(1.0),
  USER(0.9),
  AGENT(0.75),
  SYSTEM(0.65),
  IMPORT(0.6);

  private final double defaultTrust;

  Source(double defaultTrust) {
    this.defaultTrust = defaultTrust;
  }

  /** The trust weight of records from this source, in (0, 1]. */
  public double defaultTrust() {
    return defaultTrust;
  }

  public static Source parse(String field, String value) {
    return Wire.parse(Source.class, field, value);
  }
}
