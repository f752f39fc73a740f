package dev.recall4j.sources;

import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import java.util.Locale;

/**
 * A {@code status} as an agent's own store spells it (front matter, a SQLite column), in recall4j's
 * terms: {@code active}; {@code superseded} (also {@code deprecated}, {@code replaced}, {@code
 * inactive}); {@code deleted} (also {@code forgotten}); {@code archived} (the archived tier, status
 * active). Another word is the store's own workflow state ({@code draft}, {@code launched}): the
 * record stays active and carries the tag {@code status:WORD}.
 *
 * @param status the record's status, or null when the word names none (the default, active)
 * @param tier the tier the word gives ({@code archived}), or null
 * @param tag the tag the word becomes, or null
 */
record SourceStatus(Status status, Tier tier, String tag) {
  static SourceStatus of(String word) {
    String w = word.strip().toLowerCase(Locale.ROOT);
    return switch (w) {
      case "active" -> new SourceStatus(Status.ACTIVE, null, null);
      case "superseded", "deprecated", "replaced", "inactive" ->
          new SourceStatus(Status.SUPERSEDED, null, null);
      case "deleted", "forgotten" -> new SourceStatus(Status.DELETED, null, null);
      case "archived" -> new SourceStatus(null, Tier.ARCHIVED, null);
      default -> new SourceStatus(null, null, "status:" + w);
    };
  }
}
