package dev.recall4j.sources;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall4j.core.Scope;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the last sync of each source saw, kept in the index directory ({@value #FILE_NAME}): per
 * file its size, modification time and SHA-256 (an unchanged file is skipped without a read of the
 * index), and its records in file order with the hash of what the file said about each (so a
 * re-sync can tell the owner's edits from lifecycle changes made through recall4j). Records the
 * sync itself marked deleted are listed too, so that a file coming back brings them back.
 *
 * <p>The state is a cache of the files, never the only copy of anything: lost or stale, the next
 * sync reads every file again and compares with the index, writing only what differs. Written whole
 * to a temporary file and moved into place. Not thread-safe; the sync holding the index's write
 * lock is its one writer.
 */
public final class SyncState {
  /** The file name inside the index directory; recall4j's own prefix, which an index allows. */
  public static final String FILE_NAME = "recall4j.sources.json";

  private static final ObjectMapper JSON =
      new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** One record as the file last gave it. */
  record RecordState(String id, String hash, String declared) {}

  /**
   * One file (or a SQLite table's rows) as the last sync saw it.
   *
   * @param errors what was wrong with the file (it was not read; its records stay as they were) or
   *     with some of its rows (left out): a file with errors is read again by every sync
   */
  record FileState(
      String path,
      long size,
      long mtime,
      String sha256,
      List<RecordState> records,
      List<String> errors) {
    FileState {
      records = List.copyOf(records);
      errors = errors == null ? List.of() : List.copyOf(errors);
    }

    FileState(String path, long size, long mtime, String sha256, List<RecordState> records) {
      this(path, size, mtime, sha256, records, List.of());
    }

    /** The same file, with these errors. */
    FileState withErrors(List<String> errors) {
      return new FileState(path, size, mtime, sha256, records, errors);
    }
  }

  /** One source as the last sync saw it. */
  record SourceState(
      String type,
      String root,
      String settings,
      String lastSync,
      Map<String, FileState> files,
      List<String> removed) {
    SourceState {
      files = new TreeMap<>(files);
      removed = List.copyOf(removed);
    }
  }

  private final Map<String, SourceState> sources;

  private SyncState(Map<String, SourceState> sources) {
    this.sources = new TreeMap<>(sources);
  }

  /** The state kept in {@code indexDir}, or an empty one when there is none. */
  public static SyncState read(Path indexDir) throws IOException {
    Path file = indexDir.resolve(FILE_NAME);
    if (!Files.isRegularFile(file)) {
      return new SyncState(Map.of());
    }
    try {
      Map<String, SourceState> read =
          JSON.readValue(file.toFile(), new TypeReference<Map<String, SourceState>>() {});
      return new SyncState(read == null ? Map.of() : read);
    } catch (IOException e) {
      // A cache: a damaged one costs a full re-read, never the sync.
      return new SyncState(Map.of());
    }
  }

  void write(Path indexDir) throws IOException {
    Path file = indexDir.resolve(FILE_NAME);
    Path tmp = indexDir.resolve(FILE_NAME + ".tmp");
    JSON.writeValue(tmp.toFile(), sources);
    try {
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** Deletes the state kept in {@code indexDir}, if it can. */
  static void discard(Path indexDir) {
    try {
      Files.deleteIfExists(indexDir.resolve(FILE_NAME + ".tmp"));
      Files.deleteIfExists(indexDir.resolve(FILE_NAME));
    } catch (IOException e) {
      // Nothing more to do: a stale state costs re-reads, never records.
    }
  }

  SourceState source(String name) {
    return sources.get(name);
  }

  /**
   * The name a source's state is kept under for a sync in {@code scope}: its own name in the
   * default namespace (as before namespaces had their own), else {@code namespace/name}, so two
   * tenants syncing sources of one name never take each other's files for their own.
   */
  static String key(Scope scope, String source) {
    return Scope.DEFAULT_NAMESPACE.equals(scope.namespace())
        ? source
        : scope.namespace() + "/" + source;
  }

  /** The file of source {@code name} whose records include {@code id}, if it has one. */
  Optional<FileState> fileOf(String name, String id) {
    SourceState source = sources.get(name);
    if (source == null) {
      return Optional.empty();
    }
    return source.files().values().stream()
        .filter(f -> f.records().stream().anyMatch(r -> r.id().equals(id)))
        .findFirst();
  }

  void put(String name, SourceState state) {
    sources.put(name, state);
  }

  /**
   * A source as {@code status} shows it.
   *
   * @param errors the files and rows the last sync could not read, each {@code FILE[:LINE]: reason}
   */
  public record SourceStatus(
      String name,
      String type,
      String path,
      Instant lastSync,
      int files,
      long records,
      List<String> errors) {}

  /** Every synced source, by name. */
  public List<SourceStatus> statuses() {
    List<SourceStatus> out = new ArrayList<>();
    sources.forEach(
        (name, s) ->
            out.add(
                new SourceStatus(
                    name,
                    s.type(),
                    s.root(),
                    s.lastSync() == null ? null : Instant.parse(s.lastSync()),
                    s.files().size(),
                    s.files().values().stream().mapToLong(f -> f.records().size()).sum(),
                    s.files().values().stream().flatMap(f -> f.errors().stream()).toList())));
    return out;
  }

  /** A synced file and its record ids in file order. */
  public record SyncedFile(Path path, List<String> ids) {}

  /**
   * The synced files whose absolute path is {@code pattern} (a path, resolved against {@code base})
   * or matches it (a glob with {@code * ? [ {}}, resolved the same way), in path order.
   */
  public List<SyncedFile> files(String pattern, Path base) {
    boolean glob = pattern.chars().anyMatch(c -> "*?[{".indexOf(c) >= 0);
    Path resolved = glob ? null : base.resolve(pattern).toAbsolutePath().normalize();
    PathMatcher matcher = null;
    if (glob) {
      String absolute =
          Path.of(pattern.replaceAll("[*?\\[{].*$", "")).isAbsolute()
              ? pattern
              : base.toAbsolutePath().normalize() + "/" + pattern;
      matcher = FileSystems.getDefault().getPathMatcher("glob:" + absolute);
    }
    TreeMap<Path, SyncedFile> found = new TreeMap<>();
    for (SourceState s : sources.values()) {
      for (FileState f : s.files().values()) {
        Path path = Path.of(f.path());
        if (glob ? matcher.matches(path) : path.equals(resolved)) {
          // Synced by several sources (or namespaces): every one's ids, each once.
          List<String> ids = f.records().stream().map(RecordState::id).toList();
          found.merge(
              path,
              new SyncedFile(path, ids),
              (a, b) ->
                  new SyncedFile(
                      path,
                      java.util.stream.Stream.concat(a.ids().stream(), b.ids().stream())
                          .distinct()
                          .toList()));
        }
      }
    }
    return List.copyOf(found.values());
  }
}
