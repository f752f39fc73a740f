package dev.recall4j.engine;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The child JVM of {@link KillNineTest}: writes to an index until it is killed, printing each write
 * on stdout only after the call returned (so after its commit), one line per acknowledged write:
 * {@code saved ID... ok}, {@code superseded OLD NEW ok} or {@code forgot ID ok}. A line cut short
 * by the kill lacks the final {@code ok} and does not count.
 */
final class KillNineChild {
  static final Scope SCOPE = Scope.of("kill");

  private KillNineChild() {}

  /** Arguments: the index directory and a prefix for the ids of this run. */
  public static void main(String[] args) throws Exception {
    Path index = Path.of(args[0]);
    String prefix = args[1];
    EngineConfig config = EngineConfig.builder(index.getParent()).indexDir(index).build();
    PrintStream out = System.out;
    try (RecallEngine engine =
        RecallEngine.open(
            config, new HashingEmbedder(16), Clock.systemUTC(), Duration.ofSeconds(30))) {
      out.println("ready");
      out.flush();
      for (int i = 0; ; i++) {
        String id = prefix + "-" + i;
        if (i % 5 == 4) {
          List<MemoryRecord> batch = new ArrayList<>();
          for (int j = 0; j < 20; j++) {
            // The prefix keeps contents distinct across runs: a save of content an active record of
            // the
            // scope already holds is stored once, under the first id (the engine's dedup).
            batch.add(
                record(
                    id + "." + j, "batch " + i + " item " + j + " of " + prefix + " about tides"));
          }
          engine.saveAll(batch);
          out.println(
              "saved " + String.join(" ", batch.stream().map(MemoryRecord::id).toList()) + " ok");
        } else {
          engine.save(record(id, "record " + i + " of " + prefix + " about station moves"));
          out.println("saved " + id + " ok");
        }
        // Only single records are superseded and forgotten: a batch's ids are ID.0 to ID.19.
        if (i % 3 == 2 && (i - 1) % 5 != 4) {
          String old = prefix + "-" + (i - 1);
          engine.supersede(SCOPE, old, record(old + "v2", "the corrected record " + (i - 1)));
          out.println("superseded " + old + " " + old + "v2 ok");
        }
        if (i % 7 == 6 && (i - 3) % 5 != 4) {
          String forgotten = prefix + "-" + (i - 3);
          engine.forget(SCOPE, forgotten);
          out.println("forgot " + forgotten + " ok");
        }
        out.flush();
      }
    }
  }

  static MemoryRecord record(String id, String content) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.MEMORY)
        .kind(Kind.PROJECT_FACT)
        .scope(SCOPE)
        .content(content)
        .build(Instant.now());
  }
}
