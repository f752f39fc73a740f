package dev.recall4j.engine;

import static dev.recall4j.engine.LifecycleConformance.ALICE;
import static dev.recall4j.engine.LifecycleConformance.T0;
import static dev.recall4j.engine.LifecycleConformance.memory;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Tier;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pinned lookup is kept between recalls while the index is unchanged: every change of the
 * pinned tier, and every change of the request's filters, must show in the next recall.
 */
class PinnedLookupTest {
  @TempDir Path workspace;

  private List<String> pinned(RecallEngine engine, RecallRequest request) {
    return engine.recall(request).items().stream()
        .filter(i -> i.record().tier() == Tier.PINNED)
        .map(i -> i.record().id())
        .toList();
  }

  private List<String> pinned(RecallEngine engine) {
    return pinned(engine, RecallRequest.builder("anything").scope(ALICE).build());
  }

  @Test
  void everyWriteAndEveryOtherFilterIsSeenByTheNextRecall() throws IOException {
    try (RecallEngine engine =
        RecallEngine.open(
            EngineConfig.builder(workspace).embedderProvider(EmbedderProvider.NONE).build(),
            null,
            new TestClock(T0))) {
      engine.saveAll(
          List.of(
              memory("a", "Workspace tidewatch.").toBuilder().tier(Tier.PINNED).build(),
              memory("b", "Units are metres."),
              MemoryRecord.builder()
                  .id("k")
                  .silo(Silo.KB)
                  .scope(ALICE)
                  .tier(Tier.PINNED)
                  .content("Gauge Brest reports every 10 minutes.")
                  .build(T0)));
      assertEquals(List.of("a", "k"), pinned(engine));
      assertEquals(List.of("a", "k"), pinned(engine), "the same answer from the kept lookup");
      assertEquals(
          List.of("a"),
          pinned(
              engine,
              RecallRequest.builder("anything").scope(ALICE).silos(Set.of(Silo.MEMORY)).build()),
          "another filter is another lookup");
      assertEquals(
          List.of(),
          pinned(engine, RecallRequest.builder("anything").scope(Scope.of("bob")).build()),
          "another scope is another lookup");
      engine.pin(ALICE, "b");
      assertEquals(List.of("a", "b", "k"), pinned(engine));
      engine.unpin(ALICE, "a");
      assertEquals(List.of("b", "k"), pinned(engine));
      engine.forget(ALICE, "k");
      assertEquals(List.of("b"), pinned(engine));
    }
  }
}
