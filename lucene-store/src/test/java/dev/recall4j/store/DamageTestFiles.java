package dev.recall4j.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Damage as a failing disk or a bad copy makes it: bits flipped in an index file. */
final class DamageTestFiles {
  private DamageTestFiles() {}

  /** Flips the lowest bit of the byte at this fraction of the file's length. */
  static void flipByte(Path file, double where) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int at = Math.min(bytes.length - 1, (int) (bytes.length * where));
    bytes[at] ^= 0x01;
    Files.write(file, bytes);
  }
}
