package dev.recall4j.engine;

import dev.recall4j.core.Stage;
import java.util.Map;

/** Records the wall time of consecutive stages. */
final class Stopwatch {
  private final Map<Stage, Double> timings;
  private long last = System.nanoTime();

  Stopwatch(Map<Stage, Double> timings) {
    this.timings = timings;
  }

  /** Starts the next lap now: time spent elsewhere is not charged to it. */
  void restart() {
    last = System.nanoTime();
  }

  void lap(Stage stage) {
    long now = System.nanoTime();
    timings.put(stage, (now - last) / 1e6);
    last = now;
  }
}
