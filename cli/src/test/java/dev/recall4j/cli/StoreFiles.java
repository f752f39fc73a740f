package dev.recall4j.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a store's text files, folders made as needed. */
final class StoreFiles {
  private StoreFiles() {}

  static Path write(Path root, String relative, String text) throws IOException {
    Path file = root.resolve(relative);
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text);
  }
}
