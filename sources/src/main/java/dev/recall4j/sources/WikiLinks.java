package dev.recall4j.sources;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code [[target]]}, {@code [[target|label]]}, {@code [[target#heading]]} and {@code ![[embed]]}
 * links of a vault, resolved as Obsidian does: a target names a note by its path relative to the
 * vault (without {@code .md}) or by its file name alone (the shortest path wins when several notes
 * share it); an id given in a note's front matter is a target too. A link resolves to the target
 * note's first-chunk id, which is what recall's link expansion follows.
 */
final class WikiLinks {
  private static final Pattern LINK =
      Pattern.compile("!?\\[\\[([^\\[\\]|#^]*)(?:[#^][^\\[\\]|]*)?(?:\\|[^\\[\\]]*)?]]");

  private final Map<String, String> byPath = new HashMap<>();
  private final Map<String, String> byName = new HashMap<>();
  private final Map<String, Integer> nameDepth = new HashMap<>();
  private final Map<String, String> byId = new HashMap<>();

  /** The targets linked from a text, in order, without repeats. */
  static List<String> targets(String text) {
    LinkedHashSet<String> out = new LinkedHashSet<>();
    Matcher m = LINK.matcher(text);
    while (m.find()) {
      String target = m.group(1).strip();
      if (!target.isEmpty()) {
        out.add(target);
      }
    }
    return List.copyOf(out);
  }

  /** Registers a note at {@code relativePath} whose first chunk has id {@code firstId}. */
  void note(String relativePath, String firstId) {
    String noExt = stripExtension(relativePath).toLowerCase(Locale.ROOT);
    byPath.put(noExt, firstId);
    String name = Path.of(noExt).getFileName().toString();
    int depth = noExt.split("/").length;
    Integer known = nameDepth.get(name);
    if (known == null || depth < known) {
      byName.put(name, firstId);
      nameDepth.put(name, depth);
    }
    byId.put(firstId, firstId);
  }

  /** The first-chunk id a target names, or null when no note of the vault matches. */
  String resolve(String target) {
    String t = target.strip();
    if (t.startsWith("[[") && t.endsWith("]]")) {
      List<String> inner = targets(t);
      if (inner.isEmpty()) {
        return null;
      }
      t = inner.get(0);
    }
    if (byId.containsKey(t)) {
      return t;
    }
    String key = stripExtension(t.replace('\\', '/')).toLowerCase(Locale.ROOT);
    String found = byPath.get(key.startsWith("/") ? key.substring(1) : key);
    return found != null ? found : byName.get(Path.of(key).getFileName().toString());
  }

  /** Resolves every target, dropping those that name no note. */
  List<String> resolveAll(List<String> targets) {
    List<String> out = new ArrayList<>();
    for (String t : targets) {
      String id = resolve(t);
      if (id != null && !out.contains(id)) {
        out.add(id);
      }
    }
    return out;
  }

  private static String stripExtension(String path) {
    String lower = path.toLowerCase(Locale.ROOT);
    if (lower.endsWith(".md")) {
      return path.substring(0, path.length() - 3);
    }
    if (lower.endsWith(".markdown")) {
      return path.substring(0, path.length() - 9);
    }
    return path;
  }
}
