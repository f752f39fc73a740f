package dev.recall4j.sources;

import dev.recall4j.sources.SyncState.FileState;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;

/**
 * What a sync keeps of a file to tell next time whether it changed: its size and modification time
 * (nanoseconds), read without opening it, and the SHA-256 of its bytes, for when those moved but
 * the bytes did not. A SQLite file's include its write-ahead log ({@code -wal}), where recent
 * writes wait for a checkpoint.
 */
record Fingerprint(long size, long mtime, String sha256) {
  /**
   * The file's fingerprint now. When its size and time are those {@code trusted} recorded, the file
   * is taken as unchanged and not read: its SHA-256 is the recorded one.
   *
   * @param trusted what a sync with the same settings recorded of the file, or null
   */
  static Fingerprint of(Path file, SourceType type, FileState trusted) throws IOException {
    boolean sqlite = type == SourceType.SQLITE;
    Path wal = file.resolveSibling(file.getFileName() + "-wal");
    boolean withWal = sqlite && Files.isRegularFile(wal);
    BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
    long size = attributes.size() + (withWal ? Files.size(wal) : 0);
    long mtime =
        Math.max(
            attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS),
            withWal ? Files.getLastModifiedTime(wal).to(TimeUnit.NANOSECONDS) : 0);
    if (trusted != null && trusted.size() == size && trusted.mtime() == mtime) {
      return new Fingerprint(size, mtime, trusted.sha256());
    }
    String sha = sha256(file);
    if (sqlite) {
      sha = RecordIds.sha256(sha + "|" + (withWal ? sha256(wal) : ""));
    }
    return new Fingerprint(size, mtime, sha);
  }

  /** Whether the file holds the bytes {@code trusted} recorded; false when it is null. */
  boolean sameBytes(FileState trusted) {
    return trusted != null && trusted.sha256().equals(sha256);
  }

  /** The SHA-256 of a file, read as a stream: a JSONL file may be large. */
  private static String sha256(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      byte[] buffer = new byte[1 << 16];
      for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
        digest.update(buffer, 0, n);
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
