package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recalls racing saves, supersedes and forgets: no exception, never a stale or half-applied state.
 */
class ConcurrencyTest {
  static final Instant NOW = Instant.parse("2026-11-01T12:00:00Z");
  static final Scope ALICE = Scope.of("alice");

  @TempDir Path workspace;

  static MemoryRecord memory(String id, String content) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.MEMORY)
        .kind(Kind.PROJECT_FACT)
        .scope(ALICE)
        .content(content)
        .build(NOW);
  }

  static List<String> recall(RecallEngine engine, String query) {
    return engine
        .recall(RecallRequest.builder(query).scope(ALICE).budgetTokens(2_000).build())
        .items()
        .stream()
        .map(i -> i.record().id())
        .toList();
  }

  @Test
  void recallsDuringWritesSeeEitherTheOldOrTheNewStateNeverBoth() throws Exception {
    EngineConfig config =
        EngineConfig.builder(workspace).embedderProvider(EmbedderProvider.NONE).build();
    Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
    AtomicInteger recalls = new AtomicInteger();
    try (RecallEngine engine =
        RecallEngine.open(config, new HashingEmbedder(16), java.time.Clock.systemUTC())) {
      engine.save(memory("v0", "The deploy window opens at version 0."));
      AtomicBoolean stop = new AtomicBoolean();
      List<Thread> readers =
          List.of(0, 1).stream()
              .map(
                  n ->
                      Thread.ofPlatform()
                          .start(
                              () -> {
                                while (!stop.get()) {
                                  try {
                                    List<String> ids = recall(engine, "deploy window opens");
                                    long versions =
                                        ids.stream().filter(id -> id.startsWith("v")).count();
                                    if (versions != 1) {
                                      failures.add(
                                          new AssertionError(
                                              "expected exactly one version of the chain, got "
                                                  + ids));
                                    }
                                    recalls.incrementAndGet();
                                    // Leaves the writer some CPU on a 2-core machine; recalls still
                                    // overlap every write.
                                    Thread.sleep(1);
                                  } catch (Throwable t) {
                                    failures.add(t);
                                  }
                                }
                              }))
              .toList();
      for (int i = 1; i <= 5; i++) {
        engine.supersede(
            ALICE, "v" + (i - 1), memory("v" + i, "The deploy window opens at version " + i + "."));
        List<String> after = recall(engine, "deploy window opens");
        assertTrue(
            after.contains("v" + i) && !after.contains("v" + (i - 1)),
            "stale supersede visible: " + after);
        engine.save(memory("s" + i, "Scratch note " + i + " about the deploy window."));
        engine.forget(ALICE, "s" + i);
        assertFalse(recall(engine, "scratch note").contains("s" + i), "forgotten record recalled");
      }
      stop.set(true);
      for (Thread reader : readers) {
        reader.join();
      }
      assertEquals(6, engine.history(ALICE, "v0").size());
    }
    assertTrue(failures.isEmpty(), failures.size() + " failures, first: " + failures.peek());
    assertTrue(recalls.get() > 0);
  }
}
