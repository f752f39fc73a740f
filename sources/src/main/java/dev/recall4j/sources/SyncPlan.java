package dev.recall4j.sources;

import dev.recall4j.engine.FileTooLargeException;
import dev.recall4j.engine.InputException;
import dev.recall4j.sources.SourceListing.Listed;
import dev.recall4j.sources.SyncState.FileState;
import dev.recall4j.sources.SyncState.SourceState;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the first phase of a sync found for one source, before anything is written: the listed files
 * compared with what the last sync kept of them.
 *
 * @param before the source as the last sync saw it, or null
 * @param kept files unchanged since the last sync (same fingerprint, same settings), by key, with
 *     their state; not read
 * @param carried files outside the paths of this sync, by key, kept as they were
 * @param changed files new or changed, read and checked, in listing order
 * @param vanished keys of files this sync covers that are gone
 * @param failed files that could not be read, by key, with what was wrong: their records stay as
 *     they were, and the next sync reads them again
 */
record SyncPlan(
    SyncJob job,
    SourceState before,
    Map<String, FileState> kept,
    Map<String, FileState> carried,
    List<Changed> changed,
    List<String> vanished,
    Map<String, Failed> failed) {

  /** A file of the source that could not be read. */
  record Failed(Path file, String error) {}

  /** Plans the sync of one job against the state the last syncs left. */
  /**
   * @param before what the last sync of this source into this namespace saw, or null
   */
  static SyncPlan of(SyncJob job, SourceState before, ChangeReader reader) throws IOException {
    SourceSpec spec = job.spec();
    boolean sameSettings = before != null && spec.settingsKey().equals(before.settings());
    Map<String, FileState> previous = before == null ? Map.of() : before.files();
    Map<String, FileState> kept = new TreeMap<>();
    List<Changed> changed = new ArrayList<>();
    Set<String> present = new HashSet<>();
    Map<String, Failed> failed = new TreeMap<>();
    FolderRules rules = spec.folders();
    for (Listed listed : SourceListing.of(job)) {
      present.add(listed.key());
      FileState trusted = sameSettings ? previous.get(listed.key()) : null;
      Fingerprint print = Fingerprint.of(listed.file(), listed.type(), trusted);
      if (print.sameBytes(trusted) && trusted.errors().isEmpty()) {
        kept.put(
            listed.key(),
            new FileState(
                trusted.path(), print.size(), print.mtime(), print.sha256(), trusted.records()));
        continue;
      }
      try {
        changed.add(reader.read(spec, rules, listed, print));
      } catch (IllegalArgumentException e) {
        // One bad file never keeps the others out: it is reported, and read again next time.
        String error =
            e instanceof InputException || e instanceof FileTooLargeException
                ? e.getMessage()
                : listed.file() + ": " + e.getMessage();
        failed.put(listed.key(), new Failed(listed.file(), error));
      }
    }
    List<String> vanished = new ArrayList<>();
    Map<String, FileState> carried = new TreeMap<>();
    previous.forEach(
        (key, file) -> {
          if (!present.contains(key)) {
            if (job.covers(Path.of(file.path()))) {
              vanished.add(key);
            } else {
              carried.put(key, file);
            }
          }
        });
    return new SyncPlan(job, before, kept, carried, changed, vanished, failed);
  }

  /** The records the changed files give: what the second phase will write. */
  long records() {
    return changed.stream().mapToLong(Changed::count).sum();
  }
}
