package dev.recall4j.sources;

import dev.recall4j.engine.RecordFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * Writes an agent's source file whole and durably, without clobbering its owner: the text goes to a
 * temporary file beside it, forced to disk, then renamed over it (and the folder forced), so a
 * crash leaves the old file or the new one, never half of one. A file is replaced only while it
 * still holds the bytes it was read with ({@link #read}), and created only where none exists;
 * otherwise nothing is written and the error names the file.
 */
final class FileText {
  private FileText() {}

  /** A file's text as read, with its bytes, to replace it only while they are still there. */
  record Read(Path file, String text, byte[] bytes) {}

  /** Reads a file (strict UTF-8); a missing file reads as empty text that no file may hold. */
  static Read read(Path file) throws IOException {
    try {
      byte[] bytes = Files.readAllBytes(file);
      return new Read(file, RecordFiles.readText(file), bytes);
    } catch (NoSuchFileException e) {
      return new Read(file, "", null);
    }
  }

  /**
   * Writes {@code text} in place of what {@code before} read: over the file if it still holds those
   * bytes, as a new file if it was missing and still is.
   *
   * @throws IllegalStateException naming the file when it changed since it was read
   */
  static void replace(Read before, String text) throws IOException {
    Path file = before.file();
    Path tmp = temporary(file, text);
    try {
      byte[] now = Files.exists(file) ? Files.readAllBytes(file) : null;
      if (!Arrays.equals(now, before.bytes())) {
        throw new IllegalStateException(
            file
                + ": changed by someone else since recall4j read it; nothing written, the"
                + " edit is kept (run the command again to write over the new text)");
      }
      if (now == null) {
        Files.move(tmp, file); // fails if the file appeared meanwhile
      } else {
        try {
          Files.move(
              tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
      }
      forceFolder(file.getParent());
    } catch (FileAlreadyExistsException e) {
      throw new IllegalStateException(
          file + ": created by someone else while recall4j wrote it; nothing written", e);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /**
   * Creates a file that must not exist yet.
   *
   * @throws FileAlreadyExistsException when it does
   */
  static void create(Path file, String text) throws IOException {
    Path tmp = temporary(file, text);
    try {
      Files.move(tmp, file); // no REPLACE_EXISTING: an existing file is never written over
      forceFolder(file.getParent());
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  private static Path temporary(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Path tmp = file.resolveSibling("." + file.getFileName() + ".recall4j.tmp");
    Files.writeString(tmp, text, StandardCharsets.UTF_8);
    try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
      channel.force(true);
    }
    return tmp;
  }

  /** Makes a rename in the folder durable; a platform that cannot open a folder skips it. */
  private static void forceFolder(Path folder) {
    try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      // Windows cannot open a folder as a channel; its rename is durable on its own.
    }
  }
}
