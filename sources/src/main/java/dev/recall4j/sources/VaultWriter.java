package dev.recall4j.sources;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Tier;
import dev.recall4j.core.Wire;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.text.Normalizer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes what an agent saves into a Markdown vault, as basic-memory's {@code write_note} does: a
 * new note {@code KIND/SLUG.md} (the kind its folder, as seed 002's vault files its entries) with
 * front matter ({@code id, kind, silo, title, tags, summary, tier, source, trust, created}, those
 * the record has, and {@code supersedes} for a replacement) and the content as its body; and a
 * note's {@code status} set in its front matter for a forget ({@code deleted}, with {@code
 * deleted_at}) or a supersede ({@code superseded}), the note kept.
 */
final class VaultWriter {
  private static final YAMLMapper YAML =
      YAMLMapper.builder()
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .build();

  private VaultWriter() {}

  /**
   * Writes the record as a new note under the vault's root and returns its path.
   *
   * @param supersedes the id of the note the record replaces, or null
   */
  static Path newNote(Path root, MemoryRecord r, String supersedes) throws IOException {
    Map<String, Object> front = new LinkedHashMap<>();
    front.put("id", r.id());
    front.put("kind", r.kind().name());
    front.put("silo", Wire.name(r.silo()));
    if (r.title() != null) {
      front.put("title", r.title());
    }
    if (!r.tags().isEmpty()) {
      front.put("tags", r.tags());
    }
    if (r.summary() != null) {
      front.put("summary", r.summary());
    }
    if (r.tier() != Tier.ACTIVE) {
      front.put("tier", Wire.name(r.tier()));
    }
    front.put("source", Wire.name(r.source()));
    if (r.trust() != null) {
      front.put("trust", r.trust());
    }
    front.put("created", r.created().toString());
    if (supersedes != null) {
      front.put("supersedes", supersedes);
    }
    Path folder = root.resolve(slug(r.kind().name()));
    String name = slug(r.title() != null ? r.title() : r.content());
    String text = "---\n" + yaml(front) + "---\n" + r.content().strip() + "\n";
    for (int n = 1; ; n++) {
      Path file = folder.resolve(n == 1 ? name + ".md" : name + "-" + n + ".md");
      try {
        FileText.create(file, text);
        return file;
      } catch (FileAlreadyExistsException e) {
        // another note has the name: the next number
      }
    }
  }

  /** Sets the note's {@code status} in its front matter (adding one if it has none). */
  static void setStatus(Path file, String status, Instant now) throws IOException {
    FileText.Read before = FileText.read(file);
    if (before.bytes() == null) {
      throw new IllegalStateException(file + ": the note is gone; run sync and try again");
    }
    List<String> lines = new ArrayList<>(Arrays.asList(before.text().split("\r?\n", -1)));
    int end = -1;
    if (!lines.isEmpty() && lines.get(0).strip().equals("---")) {
      for (int i = 1; i < lines.size() && end < 0; i++) {
        String l = lines.get(i).strip();
        if (l.equals("---") || l.equals("...")) {
          end = i;
        }
      }
    }
    if (end < 0) {
      lines.addAll(0, List.of("---", "---"));
      end = 1;
    }
    Map<String, String> set = new LinkedHashMap<>();
    set.put("status", status);
    if (status.equals("deleted")) {
      set.put("deleted_at", now.toString());
    }
    for (Map.Entry<String, String> e : set.entrySet()) {
      String line = e.getKey() + ": " + e.getValue();
      int at = -1;
      for (int i = 1; i < end; i++) {
        if (lines.get(i).matches(e.getKey() + "\\s*:.*")) {
          at = i;
        }
      }
      if (at >= 0) {
        lines.set(at, line);
      } else {
        lines.add(end++, line);
      }
    }
    FileText.replace(before, String.join("\n", lines));
  }

  /** A file or folder name of the text's first words: letters and digits of any script, '-'. */
  static String slug(String text) {
    String s =
        Normalizer.normalize(text.strip(), Normalizer.Form.NFKC)
            .toLowerCase(Locale.ROOT)
            .replaceAll("[^\\p{L}\\p{N}]+", "-")
            .replaceAll("^-+|-+$", "");
    if (s.length() > 60) {
      s = s.substring(0, 60).replaceAll("-[^-]*$", "");
    }
    return s.isEmpty() ? "note" : s;
  }

  private static String yaml(Map<String, Object> front) {
    try {
      return YAML.writeValueAsString(front);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a map of strings is always YAML", e);
    }
  }
}
