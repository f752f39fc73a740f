package dev.recall4j.core;

/** Storage tier: decides whether a record is injected always, on relevance, or only on request. */
public enum Tier {
  /** Always injected first in every recall of its scope (profile, project facts, L0 identity). */
  PINNED,
  /** Recalled by relevance. The default. */
  ACTIVE,
  /** Cold: recalled only when a request asks to include the archive. */
  ARCHIVED;

  public static Tier parse(String field, String value) {
    return Wire.parse(Tier.class, field, value);
  }
}
