package dev.recall4j.sources;

import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The files a source reads, and the type of each: a configured source reads the files of its type
 * under its root (skipping excluded folders); an ad hoc path reads what its extension says.
 */
final class SourceFiles {
  private static final Logger LOG = LoggerFactory.getLogger(SourceFiles.class);

  private SourceFiles() {}

  /** The type a file's name says, or null when none reads it. */
  static SourceType detect(Path file) {
    String name = file.getFileName().toString();
    String lower = name.toLowerCase(Locale.ROOT);
    if (lower.endsWith(".jsonl")) {
      return SourceType.JSONL;
    }
    if (DailyLog.isLogFile(name)) {
      return SourceType.DAILY_LOG;
    }
    if (lower.endsWith(".md") || lower.endsWith(".markdown") || lower.endsWith(".txt")) {
      return SourceType.MARKDOWN;
    }
    if (lower.endsWith(".db") || lower.endsWith(".sqlite") || lower.endsWith(".sqlite3")) {
      return SourceType.SQLITE;
    }
    return null;
  }

  /** Whether a source of {@code type} reads the file. */
  static boolean reads(SourceType type, Path file) {
    SourceType detected = detect(file);
    return switch (type) {
      case MARKDOWN -> detected == SourceType.MARKDOWN || detected == SourceType.DAILY_LOG;
      case DAILY_LOG -> detected == SourceType.DAILY_LOG;
      case JSONL -> detected == SourceType.JSONL;
      case SQLITE -> true;
    };
  }

  /**
   * The files under {@code root} (or {@code root} itself when it is a file) that {@code type}
   * reads, but those whose path relative to {@code root} it {@code skips}, in path order; {@code
   * type} null reads every type. Unless {@code followSymlinks}, the listing stays inside the root:
   * linked folders are not entered and a linked file is listed only when it resolves inside the
   * root (one that leads out is logged and skipped).
   */
  static List<Path> list(
      Path root, SourceType type, Predicate<String> skips, boolean followSymlinks)
      throws IOException {
    if (Files.isRegularFile(root)) {
      return List.of(root);
    }
    if (!Files.isDirectory(root)) {
      throw new NoSuchFileException(root.toString());
    }
    Path realRoot = root.toRealPath();
    Set<FileVisitOption> options =
        followSymlinks
            ? EnumSet.of(FileVisitOption.FOLLOW_LINKS)
            : EnumSet.noneOf(FileVisitOption.class);
    List<Path> out = new ArrayList<>();
    // From the real root, so that a root reached through a link (a vault in a synced folder) is
    // entered; each file is named under the root as configured.
    Files.walkFileTree(
        realRoot,
        options,
        Integer.MAX_VALUE,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path real, BasicFileAttributes attrs) {
            Path f = root.resolve(realRoot.relativize(real));
            if (Files.isRegularFile(f)
                && (followSymlinks || staysInside(realRoot, f))
                && !skips.test(relative(root, f))
                && (type == null
                    ? detect(f) != null && detect(f) != SourceType.SQLITE
                    : reads(type, f))) {
              out.add(f);
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path real, IOException e) throws IOException {
            return continueIfGone(e);
          }

          @Override
          public FileVisitResult postVisitDirectory(Path real, IOException e) throws IOException {
            return e == null ? FileVisitResult.CONTINUE : continueIfGone(e);
          }
        });
    out.sort(null);
    return out;
  }

  /**
   * Goes on past a file or folder that went while its folder was read (a writer's temporary file
   * renamed into place, a note deleted): it is not there to read. Any other failure is thrown.
   */
  static FileVisitResult continueIfGone(IOException e) throws IOException {
    if (e instanceof NoSuchFileException) {
      return FileVisitResult.CONTINUE;
    }
    throw e;
  }

  /** Whether a file is no link, or a link that resolves inside the root (logged when not). */
  private static boolean staysInside(Path realRoot, Path file) {
    if (!Files.isSymbolicLink(file)) {
      return true;
    }
    try {
      if (file.toRealPath().startsWith(realRoot)) {
        return true;
      }
    } catch (IOException e) {
      // a dangling link: nothing to read
    }
    LOG.warn(
        "{}: a link out of the source's folder; not read (set follow_symlinks to read it)", file);
    return false;
  }

  /** The path of {@code file} relative to {@code root}, '/' separated. */
  static String relative(Path root, Path file) {
    if (root.equals(file)) {
      return file.getFileName().toString();
    }
    return root.relativize(file).toString().replace('\\', '/');
  }
}
