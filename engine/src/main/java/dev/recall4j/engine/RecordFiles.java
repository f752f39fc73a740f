package dev.recall4j.engine;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Reads records from files for ingest: {@code .jsonl} holds one {@link RecordJson} record per line
 * (blank lines and lines starting with {@code //} are skipped); {@code .md} and {@code .txt} are
 * documents, split by {@link Chunker} into RAG chunks whose ids are {@code <file name>#<chunk>}.
 *
 * <p>Files must be UTF-8 (a leading byte order mark is dropped). Bad content of any kind is an
 * {@link InputException} naming the file, the line and, where it helps, the column (bytes that are
 * not UTF-8: their byte offset). JSONL is streamed one line at a time, so memory does not grow with
 * the file; the records reach the caller's sink in file order, and a bad line stops the reading
 * there.
 */
public final class RecordFiles {
  private RecordFiles() {}

  /**
   * Reads every record of one file into a list: for files known to be small (a workspace's
   * documents, tests). {@link #forEach} streams instead.
   *
   * @param file the file
   * @param root the folder document origins are recorded relative to (a workspace root)
   * @param scope the scope of records that name none (JSONL) and of document chunks
   * @param now the creation time of records that give none
   */
  public static List<MemoryRecord> read(Path file, Path root, Scope scope, Instant now)
      throws IOException {
    List<MemoryRecord> records = new ArrayList<>();
    forEach(file, root, scope, now, records::add);
    return records;
  }

  /**
   * Passes every record of one file to {@code sink}, in file order, holding one line (JSONL) or one
   * document in memory.
   *
   * @return how many records were passed
   * @throws InputException at the first bad line, naming the file, line and what is wrong
   */
  public static long forEach(
      Path file, Path root, Scope scope, Instant now, Consumer<MemoryRecord> sink)
      throws IOException {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".jsonl")) {
      try (InputStream in = Files.newInputStream(file)) {
        return forEachJsonl(in, file.toString(), scope.namespace(), now, sink);
      }
    }
    if (name.endsWith(".md") || name.endsWith(".txt")) {
      List<MemoryRecord> chunks =
          readDocument(file, originPath(file, root), scope, now, Chunker.defaults());
      chunks.forEach(sink);
      return chunks.size();
    }
    throw new InputException(
        file.toString(), 0, 0, "unsupported file type; expected .jsonl, .md or .txt", null);
  }

  static List<MemoryRecord> readJsonl(Path file, String defaultNamespace, Instant now)
      throws IOException {
    List<MemoryRecord> records = new ArrayList<>();
    try (InputStream in = Files.newInputStream(file)) {
      forEachJsonl(in, file.toString(), defaultNamespace, now, records::add);
    }
    return records;
  }

  /** One record line of a JSONL file, passed with its text and 1-based line number. */
  @FunctionalInterface
  public interface JsonlLineSink {
    void accept(MemoryRecord record, String line, long lineNumber);
  }

  /**
   * Streams the records of a JSONL file with the text of their lines: for readers that must know
   * which keys a line gave (a sync merges them over the stored record).
   *
   * @throws InputException at the first bad line
   */
  public static long forEachJsonlLine(
      Path file, String defaultNamespace, Instant now, JsonlLineSink sink) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return forEachJsonl(in, file.toString(), defaultNamespace, now, sink);
    }
  }

  /**
   * A text file decoded strictly as UTF-8 (a leading byte order mark dropped).
   *
   * @throws InputException naming the file, line and byte offset of a sequence that is not UTF-8
   */
  public static String readText(Path file) throws IOException {
    return Utf8Lines.decodeAll(Files.readAllBytes(file), file.toString());
  }

  /**
   * {@link #readText(Path)} of a file of at most {@code maxBytes}: a larger file (or one that grows
   * past the limit while it is read) is refused before more than the limit is held.
   *
   * @throws FileTooLargeException naming the file, its size and the limit
   */
  public static String readText(Path file, long maxBytes) throws IOException {
    long size = Files.size(file);
    if (size > maxBytes) {
      throw new FileTooLargeException(file.toString(), size, maxBytes);
    }
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes((int) Math.min(maxBytes + 1, Integer.MAX_VALUE - 8));
    }
    if (bytes.length > maxBytes) {
      throw new FileTooLargeException(file.toString(), Files.size(file), maxBytes);
    }
    return Utf8Lines.decodeAll(bytes, file.toString());
  }

  /** Streams the records of JSONL text; {@code file} names it in errors. */
  static long forEachJsonl(
      InputStream in,
      String file,
      String defaultNamespace,
      Instant now,
      Consumer<MemoryRecord> sink)
      throws IOException {
    return forEachJsonl(in, file, defaultNamespace, now, (r, line, n) -> sink.accept(r));
  }

  private static long forEachJsonl(
      InputStream in, String file, String defaultNamespace, Instant now, JsonlLineSink sink)
      throws IOException {
    Utf8Lines lines = new Utf8Lines(in, file);
    long count = 0;
    for (String line = lines.next(); line != null; line = lines.next()) {
      if (line.isBlank() || line.strip().startsWith("//")) {
        continue;
      }
      MemoryRecord record;
      try {
        record = RecordJson.read(line, defaultNamespace, now);
      } catch (RecordJson.JsonLineException e) {
        throw new InputException(file, lines.lineNumber(), e.column, e.getMessage(), e);
      } catch (IllegalArgumentException e) {
        throw new InputException(file, lines.lineNumber(), 0, e.getMessage(), e);
      }
      sink.accept(record, line, lines.lineNumber());
      count++;
    }
    return count;
  }

  /** The path a document's chunks record: relative to {@code root} when the file lies under it. */
  private static String originPath(Path file, Path root) {
    Path absolute = file.toAbsolutePath().normalize();
    Path base = root.toAbsolutePath().normalize();
    return (absolute.startsWith(base) ? base.relativize(absolute) : absolute).toString();
  }

  static List<MemoryRecord> readDocument(
      Path file, String originPath, Scope scope, Instant now, Chunker chunker) throws IOException {
    return chunk(
        Utf8Lines.decodeAll(Files.readAllBytes(file), file.toString()),
        file.toString(),
        // An id holds no whitespace: "my notes.md" gives chunks my_notes.md#0, ...
        file.getFileName().toString().replaceAll("\\s", "_"),
        originPath,
        scope,
        now,
        chunker);
  }

  /** A document's text as RAG chunks with ids {@code base#n}; {@code file} names it in errors. */
  static List<MemoryRecord> chunk(
      String text,
      String file,
      String base,
      String originPath,
      Scope scope,
      Instant now,
      Chunker chunker) {
    List<MemoryRecord> records = new ArrayList<>();
    for (Chunker.Chunk chunk : chunker.split(text)) {
      try {
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
      } catch (IllegalArgumentException e) {
        throw new InputException(file, chunk.line(), 0, e.getMessage(), e);
      }
    }
    return records;
  }
}
