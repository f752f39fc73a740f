package dev.recall4j.store;

import java.util.List;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexDeletionPolicy;

/**
 * Keeps the latest commit and the one before it, so that a damaged {@code segments_N} (one flipped
 * byte makes it unreadable) falls back to the previous commit instead of losing the index ({@link
 * Commits}). Costs the files the previous commit holds that the latest no longer does: usually one
 * small segment, after {@code compact} the whole pre-merge index until the next write commits.
 */
final class KeepRecentCommits extends IndexDeletionPolicy {
  /** Commits kept: the latest and its predecessor. */
  static final int KEPT = 2;

  @Override
  public void onInit(List<? extends IndexCommit> commits) {
    onCommit(commits);
  }

  @Override
  public void onCommit(List<? extends IndexCommit> commits) {
    // Oldest first, as Lucene passes them.
    for (int i = 0; i < commits.size() - KEPT; i++) {
      commits.get(i).delete();
    }
  }
}
