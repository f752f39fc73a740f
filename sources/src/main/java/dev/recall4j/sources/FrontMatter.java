package dev.recall4j.sources;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.recall4j.core.Kind;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Status;
import dev.recall4j.core.Wire;
import dev.recall4j.engine.InputException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The YAML front matter of a vault note, the block between a first line {@code ---} and the next
 * {@code ---} (or {@code ...}). The keys recall4j reads: {@code id, kind, silo, status, tier,
 * always_load} (true: pinned), {@code supersedes} (a note name, a {@code [[wikilink]]} or an id),
 * {@code tags} (a list or a comma/space separated string, {@code #} dropped), {@code title,
 * summary, created, updated} (a date, a date-time, with or without zone: UTC when none), {@code
 * source} ({@code user}, {@code agent}...) and {@code trust}. Other keys belong to the vault's own
 * tools and are left alone. A {@code status} recall4j does not know (a vault's own workflow states,
 * {@code draft}, {@code launched}) is kept as the tag {@code status:VALUE} and the note stays
 * active; {@code archived} moves it to the archived tier.
 *
 * <p>Invalid YAML, or a bad value of a key recall4j reads, is an {@link InputException} naming the
 * file and the line.
 *
 * @param bodyLine the 1-based line where the note's body starts
 */
record FrontMatter(
    String id,
    Kind kind,
    Silo silo,
    Status status,
    String tier,
    boolean alwaysLoad,
    String supersedes,
    List<String> tags,
    String title,
    String summary,
    Instant created,
    Instant updated,
    Source source,
    Double trust,
    int bodyLine,
    String body) {

  private static final YAMLMapper YAML = new YAMLMapper();

  static FrontMatter parse(String text, String file) {
    String[] lines = text.split("\r?\n", -1);
    if (lines.length == 0 || !lines[0].strip().equals("---")) {
      return new FrontMatter(
          null, null, null, null, null, false, null, List.of(), null, null, null, null, null, null,
          1, text);
    }
    int end = -1;
    for (int i = 1; i < lines.length; i++) {
      String l = lines[i].strip();
      if (l.equals("---") || l.equals("...")) {
        end = i;
        break;
      }
    }
    if (end < 0) {
      throw new InputException(
          file, 1, 0, "front matter opened with --- is never closed (add a line ---)", null);
    }
    String yaml = String.join("\n", java.util.Arrays.asList(lines).subList(1, end));
    JsonNode n;
    try {
      n = yaml.isBlank() ? YAML.createObjectNode() : YAML.readTree(yaml);
    } catch (JsonProcessingException e) {
      long line = e.getLocation() == null ? 1 : 1 + e.getLocation().getLineNr();
      throw new InputException(
          file, line, 0, "front matter is not valid YAML: " + e.getOriginalMessage(), e);
    }
    if (n == null || n.isNull() || n.isMissingNode()) {
      n = YAML.createObjectNode();
    }
    if (!n.isObject()) {
      throw new InputException(
          file, 2, 0, "front matter must be a mapping of keys, got " + n.getNodeType(), null);
    }
    Reader r = new Reader(n, lines, end, file);
    String body = String.join("\n", java.util.Arrays.asList(lines).subList(end + 1, lines.length));
    String status = r.text("status");
    Status parsedStatus = null;
    String tier = r.text("tier");
    List<String> tags = new ArrayList<>(r.list("tags"));
    if (status != null) {
      SourceStatus declared = SourceStatus.of(status);
      parsedStatus = declared.status();
      if (declared.tier() != null && tier == null) {
        tier = Wire.name(declared.tier());
      }
      if (declared.tag() != null) {
        tags.add(declared.tag());
      }
    }
    return new FrontMatter(
        r.text("id"),
        r.parsed("kind", v -> Kind.parse("kind", v)),
        r.parsed("silo", v -> Silo.parse("silo", v)),
        parsedStatus,
        r.parsed(
            "tier",
            v -> {
              dev.recall4j.core.Tier.parse("tier", v);
              return v;
            },
            tier),
        r.bool("always_load"),
        r.text("supersedes"),
        tags,
        r.text("title"),
        r.text("summary"),
        r.parsed("created", FrontMatter::instant),
        r.parsed("updated", FrontMatter::instant),
        r.parsed("source", v -> Source.parse("source", v)),
        r.parsed(
            "trust",
            v -> {
              double t;
              try {
                t = Double.parseDouble(v);
              } catch (NumberFormatException e) {
                t = Double.NaN;
              }
              if (!(t >= 0 && t <= 1)) {
                throw new IllegalArgumentException("must be a number in [0, 1], got " + v);
              }
              return t;
            }),
        end + 2,
        body);
  }

  /** A date, a date-time with or without zone (UTC), or an instant. */
  static Instant instant(String v) {
    String s = v.strip();
    try {
      return OffsetDateTime.parse(s).toInstant();
    } catch (DateTimeParseException e) {
      // next form
    }
    try {
      return LocalDateTime.parse(s.replace(' ', 'T')).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      // next form
    }
    try {
      return LocalDate.parse(s).atStartOfDay().toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "must be a date (2026-06-20) or a date-time (2026-06-20T09:30:00Z), got \"" + s + "\"");
    }
  }

  /** Reads keys, turning a bad value into an error at the key's line. */
  private record Reader(JsonNode n, String[] lines, int end, String file) {
    String text(String key) {
      JsonNode v = n.get(key);
      if (v == null || v.isNull()) {
        return null;
      }
      if (v.isArray() && v.size() == 1 && v.get(0).isArray() && v.get(0).size() == 1) {
        // [[Note]] written unquoted in YAML is a list holding a list holding the name.
        return "[[" + v.get(0).get(0).asText() + "]]";
      }
      if (!v.isValueNode()) {
        throw error(key, "must be a single value, got " + v);
      }
      return v.asText();
    }

    boolean bool(String key) {
      JsonNode v = n.get(key);
      if (v == null || v.isNull()) {
        return false;
      }
      if (v.isBoolean()) {
        return v.booleanValue();
      }
      String t = v.asText().strip().toLowerCase(Locale.ROOT);
      if (t.equals("true") || t.equals("yes")) {
        return true;
      }
      if (t.equals("false") || t.equals("no")) {
        return false;
      }
      throw error(key, "must be true or false, got " + v);
    }

    List<String> list(String key) {
      JsonNode v = n.get(key);
      if (v == null || v.isNull()) {
        return List.of();
      }
      List<String> out = new ArrayList<>();
      if (v.isArray()) {
        for (JsonNode e : v) {
          if (!e.isValueNode()) {
            throw error(key, "must be a list of words, got " + v);
          }
          out.add(e.asText());
        }
      } else if (v.isValueNode()) {
        for (String t : v.asText().split("[,\\s]+")) {
          out.add(t);
        }
      } else {
        throw error(key, "must be a list or a comma separated string, got " + v);
      }
      return out.stream()
          .map(t -> t.strip().replaceFirst("^#", ""))
          .filter(t -> !t.isEmpty())
          .toList();
    }

    <T> T parsed(String key, java.util.function.Function<String, T> parser) {
      return parsed(key, parser, null);
    }

    <T> T parsed(String key, java.util.function.Function<String, T> parser, String override) {
      String v = override != null ? override : text(key);
      if (v == null) {
        return null;
      }
      try {
        return parser.apply(v);
      } catch (IllegalArgumentException e) {
        String message = e.getMessage() == null ? "bad value" : e.getMessage();
        throw error(
            key,
            message.startsWith(key + ":") ? message.substring(key.length() + 1).strip() : message);
      }
    }

    private InputException error(String key, String detail) {
      return new InputException(file, lineOf(key), 0, "front matter: " + key + ": " + detail, null);
    }

    private long lineOf(String key) {
      for (int i = 1; i < end; i++) {
        if (lines[i].matches("\\s*" + java.util.regex.Pattern.quote(key) + "\\s*:.*")) {
          return i + 1;
        }
      }
      return 1;
    }
  }
}
