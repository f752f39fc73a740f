package dev.recall4j.core.store;

/**
 * Whether a store can serve now, and if not why: what a server's {@code /health} reports.
 *
 * @param problem null when healthy; else one line naming the cause, e.g. {@code no space left on
 *     device: /data/index} or {@code index damaged: checksum failed in _0.doc; run `recall4j verify
 *     --index /data/index`}
 */
public record StoreHealth(String problem) {
  /** Healthy. */
  public static final StoreHealth OK = new StoreHealth(null);

  /** Not healthy, for this reason (one line). */
  public static StoreHealth degraded(String problem) {
    return new StoreHealth(problem == null ? "unknown problem" : problem);
  }

  public boolean ok() {
    return problem == null;
  }
}
