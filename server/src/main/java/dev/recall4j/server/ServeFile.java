package dev.recall4j.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The note a running {@code serve} leaves in its index directory so that other processes on the
 * machine send their writes through it: the loopback address of its write API, its pid, and a
 * random secret only readers of the index directory learn (the file is written owner-only, 0600).
 * Written when the server holds the index, removed when it closes; a note whose pid is dead (the
 * server was killed) is ignored.
 *
 * @param url the loopback base address of the write API, e.g. {@code http://127.0.0.1:41234}
 * @param pid the serving process
 * @param secret presented by a writer as {@value #SECRET_HEADER}
 */
public record ServeFile(URI url, long pid, String secret) {
  /** The note's name inside the index directory (a {@code recall4j.*} file the store allows). */
  public static final String NAME = "recall4j.serve.json";

  static final String SECRET_HEADER = "X-Recall4j-Secret";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Logger LOG = LoggerFactory.getLogger(ServeFile.class);

  /** A note for this process, with a new random secret. */
  static ServeFile forThisProcess(URI url) {
    byte[] secret = new byte[32];
    new SecureRandom().nextBytes(secret);
    return new ServeFile(url, ProcessHandle.current().pid(), HexFormat.of().formatHex(secret));
  }

  /** The note of a live server holding {@code indexDir}, if any. */
  public static Optional<ServeFile> find(Path indexDir) {
    Path file = indexDir.resolve(NAME);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      JsonNode note = JSON.readTree(file.toFile());
      ServeFile found =
          new ServeFile(
              URI.create(note.get("url").asText()),
              note.get("pid").asLong(),
              note.get("secret").asText());
      boolean alive = ProcessHandle.of(found.pid()).map(ProcessHandle::isAlive).orElse(false);
      return alive ? Optional.of(found) : Optional.empty();
    } catch (IOException | RuntimeException e) {
      LOG.debug("{}: ignored, not a server note: {}", file, e.toString());
      return Optional.empty();
    }
  }

  /** Writes the note into {@code indexDir}, owner-only, replacing a dead server's. */
  void write(Path indexDir) throws IOException {
    ObjectNode note = JSON.createObjectNode();
    note.put("url", url.toString()).put("pid", pid).put("secret", secret);
    Path temp = indexDir.resolve(NAME + ".tmp");
    Files.deleteIfExists(temp);
    try {
      Files.createFile(
          temp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException e) {
      Files.createFile(temp); // not POSIX: the directory's own permissions guard it
    } catch (FileAlreadyExistsException e) {
      throw new IOException(temp + ": another server is starting on this index", e);
    }
    Files.write(temp, JSON.writeValueAsBytes(note));
    Files.move(temp, indexDir.resolve(NAME), StandardCopyOption.ATOMIC_MOVE);
  }

  /** Removes the note if it is still this one's. */
  void delete(Path indexDir) {
    Path file = indexDir.resolve(NAME);
    if (find(indexDir).filter(this::equals).isPresent()) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        LOG.warn("{}: could not remove: {}", file, e.toString());
      }
    }
  }

  @Override
  public String toString() {
    return "ServeFile[" + url + ", pid " + pid + "]"; // never the secret
  }
}
