package dev.recall4j.sources;

import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Tier;
import dev.recall4j.engine.InputException;
import dev.recall4j.engine.RecordFiles;
import dev.recall4j.sources.SourceListing.Listed;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * Reads a changed file as its type says, with the parser of that type, checking every record it
 * gives: a bad file is an {@link InputException} naming it (the sync reports it and goes on), a bad
 * SQLite row an error beside the good rows.
 */
final class ChangeReader {
  private final Scope scope;
  private final Clock clock;

  /** Null when a SQLite source's stored vectors are left for the writer to compute. */
  private final Embedder embedder;

  /**
   * @param scope the sync's scope: the namespace of records that name none, narrowed or moved per
   *     source by its {@link SourceSpec#scope()}
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
   * @param rules the source's folder options, for the tier a file's folder gives it
   * @throws InputException naming the file, line and field of the first bad record
   */
  Changed read(SourceSpec spec, FolderRules rules, Listed listed, Fingerprint print)
      throws IOException {
    String key = listed.key();
    Scope scope = spec.scope().in(this.scope);
    Instant modified = Files.getLastModifiedTime(listed.file()).toInstant();
    String absolute = listed.file().toString();
    Tier folderTier = rules.tier(key);
    return switch (listed.type()) {
      case MARKDOWN ->
          new Changed.Note(
              key,
              listed.file(),
              print,
              VaultNote.read(
                  RecordFiles.readText(listed.file(), spec.files().maxFileBytes()),
                  key,
                  absolute,
                  spec.chunkWords(),
                  folderTier,
                  modified));
      case DAILY_LOG ->
          new Changed.Records(
              key,
              listed.file(),
              print,
              inTier(
                  DailyLog.records(
                      RecordFiles.readText(listed.file(), spec.files().maxFileBytes()),
                      spec.name(),
                      key,
                      absolute,
                      scope,
                      spec.pinMemoryFile(),
                      modified),
                  folderTier));
      case JSONL ->
          new Changed.Jsonl(
              key,
              listed.file(),
              print,
              RecordFiles.forEachJsonlLine(
                  listed.file(), scope.namespace(), clock.instant(), (r, l, n) -> {}),
              folderTier);
      case SQLITE -> {
        SqliteRows.Rows rows = SqliteRows.read(spec, scope, embedder, modified);
        yield new Changed.Records(
            key, listed.file(), print, rows.records(), rows.errors(), rows.unread());
      }
    };
  }

  /** The records moved to the tier their folder gives, when it gives one. */
  private static List<MemoryRecord> inTier(List<MemoryRecord> records, Tier folderTier) {
    return folderTier == null
        ? records
        : records.stream().map(r -> r.toBuilder().tier(folderTier).build()).toList();
  }
}
