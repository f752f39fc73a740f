package dev.recall4j.sources;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;

/**
 * The folders and files a source option names ({@code exclude}, {@code archive}, {@code pin}), as
 * {@code .gitignore} reads them: a name without a slash ({@code _archive}, {@code .obsidian},
 * {@code CLAUDE.md}, {@code draft-*}) matches a folder or file of that name at any depth; one with
 * a slash ({@code Memory/_archive}, {@code projects/x/memory/MEMORY.md}) is anchored at the
 * source's root; either may be a glob ({@code *}, {@code ?}, {@code [ab]}, {@code {a,b}}, and
 * {@code **} across folders, so {@code **}{@code /_archive/**} is {@code _archive} at any depth). A
 * file matches when its path or one of its folders does.
 */
final class FolderPatterns {
  private final List<String> patterns;
  private final List<PathMatcher> names = new ArrayList<>();
  private final List<PathMatcher> anchored = new ArrayList<>();

  FolderPatterns(List<String> patterns) {
    this.patterns = List.copyOf(patterns);
    for (String raw : patterns) {
      String p = raw.replace('\\', '/').replaceAll("^/+|/+$", "");
      if (p.isEmpty()) {
        continue;
      }
      if (p.contains("/")) {
        anchored.add(matcher(p));
        if (p.startsWith("**/")) {
          // "**/" stands for any folders, none included: the glob's own "**/" needs one.
          anchored.add(matcher(p.substring(3)));
        }
        if (p.endsWith("/**")) {
          // "x/**" is what lies under x: a match of x itself covers it.
          anchored.add(matcher(p.substring(0, p.length() - 3)));
        }
      } else {
        names.add(matcher(p));
      }
    }
  }

  private static PathMatcher matcher(String glob) {
    try {
      return FileSystems.getDefault().getPathMatcher("glob:" + glob);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "not a valid pattern: " + glob + " (" + e.getMessage() + ")");
    }
  }

  /** Checks a pattern, for the configuration: an {@link IllegalArgumentException} when bad. */
  static void check(String pattern) {
    new FolderPatterns(List.of(pattern));
  }

  /** Whether the relative path ('/' separated) or one of its folders matches a pattern. */
  boolean matches(String relativePath) {
    if (names.isEmpty() && anchored.isEmpty()) {
      return false;
    }
    String[] parts = relativePath.replace('\\', '/').split("/");
    StringBuilder prefix = new StringBuilder();
    for (String part : parts) {
      if (part.isEmpty()) {
        continue;
      }
      Path name = Path.of(part);
      for (PathMatcher m : names) {
        if (m.matches(name)) {
          return true;
        }
      }
      if (prefix.length() > 0) {
        prefix.append('/');
      }
      prefix.append(part);
      Path path = Path.of(prefix.toString());
      for (PathMatcher m : anchored) {
        if (m.matches(path)) {
          return true;
        }
      }
    }
    return false;
  }

  List<String> patterns() {
    return patterns;
  }

  @Override
  public String toString() {
    return patterns.toString();
  }
}
