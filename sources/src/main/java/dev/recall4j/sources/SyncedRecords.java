package dev.recall4j.sources;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Teams;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The stored records of synced files, in file order: what {@code recall4j get} prints and the
 * server's {@code memory_get} by path answers.
 */
public final class SyncedRecords {
  private SyncedRecords() {}

  /**
   * The records of the synced files {@code pattern} names or matches (see {@link SyncState#files}),
   * file by file in path order and in file order within each, keeping only those {@code scope} and
   * {@code teams} may see.
   *
   * @throws IllegalArgumentException when no synced file matches {@code pattern} with a record the
   *     caller may see: in the same words whether no one synced it or another namespace did
   */
  public static List<MemoryRecord> of(
      RecallEngine engine, Scope scope, Teams teams, String pattern, Path base) throws IOException {
    List<MemoryRecord> records = new ArrayList<>();
    for (SyncState.SyncedFile file :
        SyncState.read(engine.config().indexDir()).files(pattern, base)) {
      for (String id : file.ids()) {
        engine.get(scope, teams, id).ifPresent(records::add);
      }
    }
    if (records.isEmpty()) {
      throw new IllegalArgumentException(
          pattern + ": no synced file matches; run recall4j sync first");
    }
    return records;
  }
}
