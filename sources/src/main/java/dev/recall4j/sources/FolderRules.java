package dev.recall4j.sources;

import dev.recall4j.core.Tier;
import java.util.List;

/**
 * A source's folder options, compiled once per sync: the files it never reads ({@code exclude}, and
 * a markdown source's {@code _inbox} folders unless {@code include_inbox}), and the tier its {@code
 * archive} and {@code pin} folders give, at any depth ({@link FolderPatterns}).
 */
final class FolderRules {
  private final FolderPatterns excluded;
  private final FolderPatterns inbox;
  private final FolderPatterns archived;
  private final FolderPatterns pinned;

  FolderRules(SourceSpec spec) {
    excluded = new FolderPatterns(spec.excluded());
    inbox =
        new FolderPatterns(
            spec.type() == SourceType.MARKDOWN && !spec.includeInbox()
                ? List.of(SourceSpec.INBOX)
                : List.of());
    archived = new FolderPatterns(spec.archived());
    pinned = new FolderPatterns(spec.pinned());
  }

  /** Whether the file at {@code key} (relative to the source's root) is left unread. */
  boolean skips(String key) {
    return excluded.matches(key) || inbox.matches(key);
  }

  /** The tier the folders give the file at {@code key}: archived, pinned, or null (none). */
  Tier tier(String key) {
    if (archived.matches(key)) {
      return Tier.ARCHIVED;
    }
    return pinned.matches(key) ? Tier.PINNED : null;
  }
}
