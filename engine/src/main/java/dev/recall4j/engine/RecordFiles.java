package dev.recall4j.engine;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads records from files for ingest: {@code .jsonl} holds one {@link RecordJson} record per line
 * (blank lines and lines starting with {@code //} are skipped); {@code .md} and {@code .txt} are
 * documents, split by {@link Chunker} into RAG chunks whose ids are {@code <file name>#<chunk>}.
 *
 * <p>Reading is all or nothing: the first bad line stops it with an {@link
 * IllegalArgumentException} that names the file and line, before anything is saved.
 */
public final class RecordFiles {
  private RecordFiles() {}

  /**
   * Reads every record of one file.
   *
   * @param file the file
   * @param root the folder document origins are recorded relative to (a workspace root)
   * @param scope the scope of records that name none (JSONL) and of document chunks
   * @param now the creation time of records that give none
   */
  public static List<MemoryRecord> read(Path file, Path root, Scope scope, Instant now)
      throws IOException {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".jsonl")) {
      return readJsonl(file, scope.namespace(), now);
    }
    if (name.endsWith(".md") || name.endsWith(".txt")) {
      return readDocument(file, originPath(file, root), scope, now, Chunker.defaults());
    }
    throw new IllegalArgumentException(
        file + ": unsupported file type; expected .jsonl, .md or .txt");
  }

  static List<MemoryRecord> readJsonl(Path file, String defaultNamespace, Instant now)
      throws IOException {
    List<MemoryRecord> records = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      int number = 0;
      while ((line = in.readLine()) != null) {
        number++;
        if (line.isBlank() || line.strip().startsWith("//")) {
          continue;
        }
        try {
          records.add(RecordJson.read(line, defaultNamespace, now));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(file + ":" + number + ": " + e.getMessage(), e);
        }
      }
    }
    return records;
  }

  /** The path a document's chunks record: relative to {@code root} when the file lies under it. */
  private static String originPath(Path file, Path root) {
    Path absolute = file.toAbsolutePath().normalize();
    Path base = root.toAbsolutePath().normalize();
    return (absolute.startsWith(base) ? base.relativize(absolute) : absolute).toString();
  }

  static List<MemoryRecord> readDocument(
      Path file, String originPath, Scope scope, Instant now, Chunker chunker) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    String base = file.getFileName().toString();
    List<MemoryRecord> records = new ArrayList<>();
    for (Chunker.Chunk chunk : chunker.split(text)) {
      records.add(
          MemoryRecord.builder()
              .id(base + "#" + chunk.index())
              .silo(Silo.RAG)
              .kind(Kind.RAG_CHUNK)
              .scope(scope)
              .source(Source.IMPORT)
              .title(chunk.heading())
              .content(chunk.text())
              .origin(new Origin(originPath, chunk.index(), chunk.line()))
              .build(now));
    }
    return records;
  }
}
