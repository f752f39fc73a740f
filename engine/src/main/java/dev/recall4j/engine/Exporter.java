package dev.recall4j.engine;

import static dev.recall4j.engine.UncheckedIo.io;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.store.RecordKey;
import dev.recall4j.core.store.RecordStore;
import java.util.List;
import java.util.function.Consumer;

/** Streams the records a scope may see, page by page in id order: the export of a namespace. */
final class Exporter {
  /** Records read per page. */
  private static final int PAGE = 500;

  private final RecordStore store;

  Exporter(RecordStore store) {
    this.store = store;
  }

  /** See {@link RecallEngine#export}. */
  long export(Scope scope, Teams teams, Consumer<MemoryRecord> sink) {
    Checks.notNull(scope, "scope");
    Checks.notNull(teams, "teams");
    Checks.notNull(sink, "sink");
    long count = 0;
    RecordKey after = null;
    for (List<MemoryRecord> page = pageAfter(null); !page.isEmpty(); page = pageAfter(after)) {
      for (MemoryRecord r : page) {
        if (teams.canReach(scope, r.scope())) {
          sink.accept(r);
          count++;
        }
      }
      after = RecordKey.of(page.get(page.size() - 1));
    }
    return count;
  }

  private List<MemoryRecord> pageAfter(RecordKey after) {
    return io(() -> store.page(after, PAGE));
  }
}
