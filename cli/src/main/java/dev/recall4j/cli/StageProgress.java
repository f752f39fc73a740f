package dev.recall4j.cli;

import dev.recall4j.datasets.eval.EvalProgress;
import java.io.PrintWriter;

/** Shows each stage of an evaluation as its own progress bar on stderr. */
final class StageProgress implements EvalProgress {
  private final PrintWriter err;
  private final String prefix;
  private String stage;
  private ProgressBar bar;

  StageProgress(PrintWriter err, String prefix) {
    this.err = err;
    this.prefix = prefix;
  }

  @Override
  public void update(String stage, long done, long total) {
    if (!stage.equals(this.stage)) {
      finish();
      this.stage = stage;
      bar = new ProgressBar(err, prefix + " " + stage);
    }
    bar.update(done, total);
  }

  /** Ends the current bar's line. */
  void finish() {
    if (bar != null) {
      bar.finish();
      bar = null;
      stage = null;
    }
  }
}
