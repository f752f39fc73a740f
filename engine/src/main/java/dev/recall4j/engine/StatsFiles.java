package dev.recall4j.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;

/**
 * The files of one SQLite statistics database: the database and, in WAL mode, its {@code -wal}
 * (rows not yet checkpointed) and {@code -shm} files, which must travel with it or rows are lost.
 */
final class StatsFiles {
  private StatsFiles() {}

  /** Moves the database at {@code from} to {@code to}, with its WAL files; false when absent. */
  static boolean move(Path from, Path to) throws IOException {
    if (!Files.isRegularFile(from)) {
      return false;
    }
    for (String suffix : List.of("-wal", "-shm", "")) {
      Path source = from.resolveSibling(from.getFileName() + suffix);
      if (Files.exists(source)) {
        Files.move(
            source, to.resolveSibling(to.getFileName() + suffix), StandardCopyOption.ATOMIC_MOVE);
      }
    }
    return true;
  }

  /** Copies the database at {@code from} to {@code to}, with its WAL files; false when absent. */
  static boolean copy(Path from, Path to) throws IOException {
    if (!Files.isRegularFile(from)) {
      return false;
    }
    for (String suffix : List.of("", "-wal", "-shm")) {
      Path source = from.resolveSibling(from.getFileName() + suffix);
      if (Files.exists(source)) {
        Files.copy(source, to.resolveSibling(to.getFileName() + suffix));
      }
    }
    return true;
  }

  /**
   * Whether a file may be written by this process and is not marked read-only: {@code root} may
   * write a file whose mode forbids it, but a file nobody may write says "leave me as I am".
   */
  static boolean writable(Path file) {
    if (!Files.isRegularFile(file) || !Files.isWritable(file)) {
      return false;
    }
    try {
      return Files.getPosixFilePermissions(file).stream()
          .anyMatch(
              p ->
                  p == PosixFilePermission.OWNER_WRITE
                      || p == PosixFilePermission.GROUP_WRITE
                      || p == PosixFilePermission.OTHERS_WRITE);
    } catch (UnsupportedOperationException | IOException e) {
      return true; // no POSIX modes here: isWritable has decided
    }
  }
}
