package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.ScoredRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What each source is, by path prefix ({@code recall.source_contexts}): a hit whose {@code
 * origin.path} lies under a prefix carries its description as {@code source_context}, because an
 * agent weighs a hit from "meeting transcripts" differently from one from "personal notes".
 *
 * <p>A prefix matches a path equal to it or under it as a folder ({@code /vault/meetings} matches
 * {@code /vault/meetings/2026-11-01.md}, not {@code /vault/meetings-old/a.md}); the longest
 * matching prefix wins. Prefixes are compared with the path as stored, character for character
 * (records synced from sources store absolute normalised paths). Immutable.
 */
final class SourceContexts {
  static final SourceContexts NONE = new SourceContexts(Map.of());

  /** Longest prefix first, so the first match is the longest. */
  private final List<Map.Entry<String, String>> byLength;

  private final Map<String, String> contexts;

  private SourceContexts(Map<String, String> contexts) {
    this.contexts = Collections.unmodifiableMap(new TreeMap<>(contexts));
    this.byLength = new ArrayList<>(contexts.entrySet());
    byLength.sort(
        Comparator.comparingInt((Map.Entry<String, String> e) -> e.getKey().length()).reversed());
  }

  /**
   * Checks and copies a map from path prefix to description: neither blank, a description one line
   * (it is rendered as one), a prefix's trailing {@code /} dropped.
   */
  static SourceContexts of(Map<String, String> contexts) {
    Checks.notNull(contexts, "recall.source_contexts");
    Map<String, String> checked = new TreeMap<>();
    contexts.forEach(
        (prefix, description) -> {
          String key = "recall.source_contexts." + prefix;
          Checks.require(
              prefix != null && !prefix.isBlank(),
              "recall.source_contexts",
              "a path prefix must not be blank");
          Checks.notBlank(description, key);
          Checks.require(
              description.indexOf('\n') < 0 && description.indexOf('\r') < 0,
              key,
              "must be one line, got %s",
              Checks.excerpt(description));
          String normalised = prefix.strip();
          while (normalised.length() > 1 && normalised.endsWith("/")) {
            normalised = normalised.substring(0, normalised.length() - 1);
          }
          checked.put(normalised, description.strip());
        });
    return checked.isEmpty() ? NONE : new SourceContexts(checked);
  }

  /** The prefixes and descriptions, sorted by prefix; unmodifiable. */
  Map<String, String> asMap() {
    return contexts;
  }

  /** The description of the longest prefix of the record's origin path, or null. */
  String of(MemoryRecord record) {
    Origin origin = record.origin();
    if (origin == null) {
      return null;
    }
    String path = origin.path();
    for (Map.Entry<String, String> e : byLength) {
      String prefix = e.getKey();
      if (path.startsWith(prefix)
          && (path.length() == prefix.length()
              || prefix.endsWith("/")
              || path.charAt(prefix.length()) == '/')) {
        return e.getValue();
      }
    }
    return null;
  }

  /** The records with their source contexts; the same list when no context is configured. */
  List<ScoredRecord> apply(List<ScoredRecord> scored) {
    if (contexts.isEmpty() || scored.isEmpty()) {
      return scored;
    }
    List<ScoredRecord> out = new ArrayList<>(scored.size());
    for (ScoredRecord s : scored) {
      out.add(s.withSourceContext(of(s.record())));
    }
    return out;
  }
}
