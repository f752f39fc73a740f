package dev.recall4j.sources;

import dev.recall4j.core.Embedder;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Tier;
import dev.recall4j.engine.InputException;
import dev.recall4j.engine.RecordFiles;
import dev.recall4j.sources.SourceListing.Listed;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Instant;

/**
 * Reads a changed file as its type says, with the parser of that type, checking every record it
 * gives: a bad file stops the sync before anything is written.
 */
final class ChangeReader {
  private final Scope scope;
  private final Clock clock;

  /** Null when a SQLite source's stored vectors are left for the writer to compute. */
  private final Embedder embedder;

  /**
   * @param scope the sync's scope: the namespace of records that name none
   * @param embedder the model whose vectors a SQLite source may hold for reuse, or null
   */
  ChangeReader(Scope scope, Clock clock, Embedder embedder) {
    this.scope = scope;
    this.clock = clock;
    this.embedder = embedder;
  }

  /**
   * Reads one listed file of the source.
   *
   * @throws InputException naming the file, line and field of the first bad record
   */
  Changed read(SourceSpec spec, Listed listed, Fingerprint print) throws IOException {
    String key = listed.key();
    Instant modified = Files.getLastModifiedTime(listed.file()).toInstant();
    String absolute = listed.file().toString();
    return switch (listed.type()) {
      case MARKDOWN ->
          new Changed.Note(
              key,
              listed.file(),
              print,
              VaultNote.read(
                  RecordFiles.readText(listed.file()),
                  key,
                  absolute,
                  spec.chunkWords(),
                  folderTier(spec, key),
                  modified));
      case DAILY_LOG ->
          new Changed.Records(
              key,
              listed.file(),
              print,
              DailyLog.records(
                  RecordFiles.readText(listed.file()),
                  spec.name(),
                  key,
                  absolute,
                  scope,
                  spec.pinMemoryFile(),
                  modified));
      case JSONL ->
          new Changed.Jsonl(
              key,
              listed.file(),
              print,
              RecordFiles.forEachJsonlLine(
                  listed.file(), scope.namespace(), clock.instant(), (r, l, n) -> {}));
      case SQLITE ->
          new Changed.Records(
              key, listed.file(), print, SqliteRows.read(spec, scope, embedder, modified));
    };
  }

  /** The tier a note's folder gives it: archived or pinned sub-folders; null elsewhere. */
  private static Tier folderTier(SourceSpec spec, String key) {
    if (SourceFiles.under(key, spec.archived())) {
      return Tier.ARCHIVED;
    }
    return SourceFiles.under(key, spec.pinned()) ? Tier.PINNED : null;
  }
}
