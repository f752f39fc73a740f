package dev.recall4j.core;

/** Why a candidate did not reach the injected context. */
public enum DropReason {
  /** It did not fit in the remaining token budget. */
  BUDGET,
  /** Its section or kind quota was used up. */
  QUOTA,
  /** Its score was below the minimum for injection. */
  BELOW_THRESHOLD,
  /** It duplicated (or nearly duplicated) a record already taken. */
  DUPLICATE
}
