package dev.recall4j.server;

import dev.recall4j.core.store.StoreHealth;
import dev.recall4j.engine.RecallEngine;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A served index's files checked against their checksums in the background, at start-up and then on
 * a schedule: a flipped byte in postings or vectors is otherwise read as a different, silently
 * wrong answer. On a mismatch the engine reports {@code degraded} ({@code /health}) and refuses
 * every read with "index damaged: run `recall4j verify`" from then on.
 */
public final class IntegrityWatch implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(IntegrityWatch.class);

  private final ScheduledExecutorService schedule;

  private IntegrityWatch(ScheduledExecutorService schedule) {
    this.schedule = schedule;
  }

  /**
   * Checks now, in the background, and then every {@code interval} ({@link Duration#ZERO}: at
   * start-up only).
   */
  public static IntegrityWatch start(RecallEngine engine, Duration interval) {
    ScheduledExecutorService schedule =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("recall4j-integrity").daemon().factory());
    Runnable check = () -> check(engine);
    if (interval.isZero()) {
      schedule.execute(check);
    } else {
      schedule.scheduleWithFixedDelay(check, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }
    return new IntegrityWatch(schedule);
  }

  private static void check(RecallEngine engine) {
    long start = System.nanoTime();
    try {
      StoreHealth health = engine.checkIntegrity();
      LOG.debug(
          "integrity check of {}: {} in {} ms",
          engine.config().indexDir(),
          health.ok() ? "ok" : health.problem(),
          (System.nanoTime() - start) / 1_000_000);
    } catch (RuntimeException e) {
      // A damaged index is reported by the engine (health, the log); anything else is logged here
      // and the next check runs as planned.
      LOG.warn("integrity check of {} failed: {}", engine.config().indexDir(), e.toString());
    }
  }

  /** Stops the schedule, waiting for a check under way (before the engine closes). */
  @Override
  public void close() throws InterruptedException {
    schedule.shutdownNow();
    schedule.awaitTermination(1, TimeUnit.MINUTES);
  }
}
