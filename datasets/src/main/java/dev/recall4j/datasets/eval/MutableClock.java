package dev.recall4j.datasets.eval;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the evaluation moves to each query's "now"; read by the engine's ranker. */
final class MutableClock extends Clock {
  private volatile Instant now = EvalCorpus.UNDATED;

  void set(Instant instant) {
    now = instant;
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
