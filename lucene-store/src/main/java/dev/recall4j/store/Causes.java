package dev.recall4j.store;

import dev.recall4j.core.store.IndexDamagedException;
import dev.recall4j.core.store.StoreUnavailableException;
import java.io.EOFException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;

/**
 * What a failure of Lucene's says, in one line: the messages of an exception and its causes, the
 * index files they name, and whether it is damage or a full disk, as the store reports them.
 */
final class Causes {
  /** Lucene file names as they appear in its messages. */
  private static final Pattern INDEX_FILE =
      Pattern.compile("(_[a-z0-9]+(?:_[a-zA-Z0-9]+)*\\.[a-z]+|segments_[a-z0-9]+)");

  private static final String NO_SPACE = "no space left on device";

  private Causes() {}

  /** The messages of an exception and its causes, joined into one line. */
  static String messages(Throwable e) {
    StringBuilder text = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t.getMessage() != null && !text.toString().contains(t.getMessage())) {
        text.append(text.isEmpty() ? "" : "; ").append(t.getMessage());
      }
    }
    String line = text.isEmpty() ? e.getClass().getSimpleName() : text.toString();
    return line.replaceAll("\\s*\\R\\s*", " ").strip();
  }

  /** The index files a message names, in order, once each. */
  static List<String> fileNames(String message) {
    List<String> names = new ArrayList<>();
    Matcher m = INDEX_FILE.matcher(message);
    while (m.find()) {
      if (!names.contains(m.group(1))) {
        names.add(m.group(1));
      }
    }
    return names;
  }

  /** Whether the failure, or one of its causes (suppressed ones too), is a full disk. */
  static boolean noSpace(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t.getMessage() != null && t.getMessage().toLowerCase(Locale.ROOT).contains(NO_SPACE)) {
        return true;
      }
      for (Throwable suppressed : t.getSuppressed()) {
        if (noSpace(suppressed)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether the failure, or one of its causes, is Lucene finding damage in a file. */
  static boolean damage(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof CorruptIndexException
          || t instanceof IndexFormatTooNewException
          || t instanceof IndexFormatTooOldException
          || t instanceof EOFException
          || t instanceof IndexDamagedException) {
        return true;
      }
    }
    return false;
  }

  /**
   * What a failed write reports: {@code no space left on device: INDEX} for a full disk, an {@link
   * IndexDamagedException} for damage, else {@code cannot write index INDEX: ...}, the cause kept.
   */
  static StoreUnavailableException writeFailure(Path index, Throwable e) {
    if (noSpace(e)) {
      return new StoreUnavailableException(NO_SPACE + ": " + index, e);
    }
    if (damage(e)) {
      return damaged(index, e);
    }
    return new StoreUnavailableException("cannot write index " + index + ": " + messages(e), e);
  }

  /** {@code index damaged: FILE (Lucene's words); run `recall4j verify --index INDEX`}. */
  static IndexDamagedException damaged(Path index, Throwable e) {
    if (e instanceof IndexDamagedException known) {
      return known;
    }
    String message = messages(e);
    List<String> files = fileNames(message);
    String what = files.isEmpty() ? message : String.join(", ", files) + " (" + message + ")";
    return IndexDamagedException.in(index.toString(), what, e);
  }
}
