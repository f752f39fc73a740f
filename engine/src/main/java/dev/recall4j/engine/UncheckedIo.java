package dev.recall4j.engine;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Runs index calls, turning their checked {@link IOException} into the engine's {@link
 * UncheckedIOException}.
 */
final class UncheckedIo {
  private UncheckedIo() {}

  interface IoCall<T> {
    T call() throws IOException;
  }

  interface IoRun {
    void run() throws IOException;
  }

  static <T> T io(IoCall<T> call) {
    try {
      return call.call();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void io(IoRun run) {
    try {
      run.run();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
