package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The access statistics' batching: one sink call per hold, not one per recall. */
class BatcherTest {
  private final List<List<Integer>> batches = new CopyOnWriteArrayList<>();

  @Test
  void itemsWithinTheHoldShareOneBatchEvenWhenTheSinkKeepsUp() throws InterruptedException {
    ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    Batcher<Integer> batcher =
        new Batcher<>(executor, batches::add, "test", Duration.ofHours(1), 1_000);
    for (int i = 0; i < 20; i++) {
      batcher.submit(i);
      Thread.sleep(5); // a sink that takes no time keeps up: without a hold, each is its own batch
    }
    assertEquals(List.of(), batches, "held");
    batcher.flush();
    executor.shutdown();
    assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
    assertEquals(1, batches.size(), "one commit for 20 recalls 5 ms apart: " + batches);
    assertEquals(20, batches.get(0).size());
  }

  @Test
  void aHeldBatchGoesOutWhenItsHoldEnds() throws InterruptedException {
    ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    Batcher<Integer> batcher =
        new Batcher<>(executor, batches::add, "test", Duration.ofMillis(100), 1_000);
    long start = System.nanoTime();
    batcher.submit(1);
    awaitBatch();
    assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(100), "held 100 ms");
    assertEquals(List.of(List.of(1)), batches);
    executor.close();
  }

  @Test
  void aFullBatchGoesOutBeforeTheHoldEnds() throws InterruptedException {
    ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    Batcher<Integer> batcher =
        new Batcher<>(executor, batches::add, "test", Duration.ofHours(1), 5);
    for (int i = 0; i < 5; i++) {
      batcher.submit(i);
    }
    awaitBatch();
    assertEquals(List.of(List.of(0, 1, 2, 3, 4)), batches);
    batcher.flush();
    executor.close();
  }

  @Test
  void flushSendsWhatIsHeldAtOnceAndLaterItemsWithoutWaiting() throws InterruptedException {
    ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    Batcher<Integer> batcher =
        new Batcher<>(executor, batches::add, "test", Duration.ofHours(1), 1_000);
    batcher.submit(1);
    batcher.submit(2);
    long start = System.nanoTime();
    batcher.flush();
    batcher.submit(3);
    executor.shutdown();
    assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS), "nothing waits out the hour");
    assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10));
    assertEquals(List.of(1, 2, 3), batches.stream().flatMap(List::stream).toList());
  }

  private void awaitBatch() throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (batches.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
  }
}
