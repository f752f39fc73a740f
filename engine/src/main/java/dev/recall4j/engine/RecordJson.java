package dev.recall4j.engine;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.Checks;
import dev.recall4j.core.ContentHash;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import dev.recall4j.core.Wire;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The JSON form of a {@link MemoryRecord}, one object per JSONL line. Keys are the record's field
 * names, with the scope flattened ({@code namespace}, {@code project}, {@code task}, {@code
 * session}) and the origin nested ({@code origin: {path, chunk, line}}); enums in their wire
 * spelling; times as ISO-8601 instants. Only {@code silo} and {@code content} are required: a
 * missing {@code id} is derived from the content hash, a missing namespace is the caller's default,
 * times default to now. Writing then reading a record gives it back unchanged.
 *
 * <p>Thread-safe.
 */
public final class RecordJson {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> KEYS =
      Set.of(
          "id",
          "silo",
          "kind",
          "tier",
          "status",
          "namespace",
          "project",
          "task",
          "session",
          "tags",
          "source",
          "trust",
          "created",
          "updated",
          "lastAccessed",
          "recallCount",
          "supersedes",
          "links",
          "title",
          "content",
          "summary",
          "origin",
          "contentHash",
          "embeddingModel",
          "vector",
          "passageVectors");

  private RecordJson() {}

  /** One record as a single-line JSON object (its vectors included when {@code withVector}). */
  public static String write(MemoryRecord r, boolean withVector) {
    return toNode(r, withVector).toString();
  }

  /** One record as a JSON tree. */
  public static ObjectNode toNode(MemoryRecord r, boolean withVector) {
    ObjectNode n = JSON.createObjectNode();
    n.put("id", r.id());
    n.put("silo", Wire.name(r.silo()));
    n.put("kind", r.kind().name());
    n.put("tier", Wire.name(r.tier()));
    n.put("status", Wire.name(r.status()));
    putScopeAndProvenance(n, r);
    n.put("created", r.created().toString());
    n.put("updated", r.updated().toString());
    if (r.lastAccessed() != null) {
      n.put("lastAccessed", r.lastAccessed().toString());
    }
    n.put("recallCount", r.recallCount());
    putIfPresent(n, "supersedes", r.supersedes());
    if (!r.links().isEmpty()) {
      r.links().forEach(n.putArray("links")::add);
    }
    putIfPresent(n, "title", r.title());
    n.put("content", r.content());
    putIfPresent(n, "summary", r.summary());
    if (r.origin() != null) {
      ObjectNode o = n.putObject("origin");
      o.put("path", r.origin().path());
      o.put("chunk", r.origin().chunk());
      o.put("line", r.origin().line());
    }
    n.put("contentHash", r.contentHash());
    putIfPresent(n, "embeddingModel", r.embeddingModel());
    if (withVector && r.vector() != null) {
      putVector(n.putArray("vector"), r.vector());
      List<float[]> passages = r.passageVectors();
      if (!passages.isEmpty()) {
        ArrayNode all = n.putArray("passageVectors");
        passages.forEach(p -> putVector(all.addArray(), p));
      }
    }
    return n;
  }

  /**
   * Parses one JSON object into a record.
   *
   * @param line the JSON text
   * @param defaultNamespace the namespace of a record that names none
   * @param now the creation time of a record that gives none
   * @throws IllegalArgumentException naming the key and value when the line is not a valid record
   */
  public static MemoryRecord read(String line, String defaultNamespace, Instant now) {
    return read(parse(line), defaultNamespace, now);
  }

  /**
   * {@link #read(String, String, Instant)} of a JSON object already parsed (a search hit's source),
   * which must hold valid Unicode.
   */
  public static MemoryRecord read(JsonNode n, String defaultNamespace, Instant now) {
    if (n == null || !n.isObject()) {
      throw new IllegalArgumentException(
          "expected a JSON object, got "
              + (n == null ? "nothing" : n.getNodeType().name().toLowerCase()));
    }
    for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      Checks.require(
          KEYS.contains(key),
          key,
          "unknown key; expected one of %s",
          new java.util.TreeSet<>(KEYS));
    }
    MemoryRecord.Builder b = MemoryRecord.builder();
    Silo silo = Silo.parse("silo", requiredText(n, "silo"));
    b.silo(silo);
    String content = text(n, "content");
    b.content(content);
    String id = text(n, "id");
    if (id == null && content != null) {
      // The derived id is a prefix of the content hash: hash once, not again in build().
      String hash = ContentHash.of(content);
      b.id(idFromHash(silo, hash)).contentHash(hash);
    } else {
      b.id(id);
    }
    optional(n, "kind", v -> b.kind(Kind.parse("kind", v)));
    optional(n, "tier", v -> b.tier(Tier.parse("tier", v)));
    optional(n, "status", v -> b.status(Status.parse("status", v)));
    optional(n, "source", v -> b.source(Source.parse("source", v)));
    String namespace = text(n, "namespace");
    b.scope(
        new Scope(
            namespace == null ? defaultNamespace : namespace,
            text(n, "project"),
            text(n, "task"),
            text(n, "session")));
    b.tags(stringList(n, "tags"));
    b.links(stringList(n, "links"));
    if (has(n, "trust")) {
      b.trust(number(n, "trust"));
    }
    optional(n, "created", v -> b.created(instant("created", v)));
    optional(n, "updated", v -> b.updated(instant("updated", v)));
    optional(n, "lastAccessed", v -> b.lastAccessed(instant("lastAccessed", v)));
    if (has(n, "recallCount")) {
      JsonNode c = n.get("recallCount");
      Checks.require(
          c.canConvertToLong() && c.isIntegralNumber(),
          "recallCount",
          "must be a whole number, got %s",
          c);
      b.recallCount(c.longValue());
    }
    optional(n, "supersedes", b::supersedes);
    optional(n, "title", b::title);
    optional(n, "summary", b::summary);
    optional(n, "embeddingModel", b::embeddingModel);
    if (has(n, "origin")) {
      JsonNode o = n.get("origin");
      Checks.require(o.isObject(), "origin", "must be an object {path, chunk, line}, got %s", o);
      b.origin(new Origin(text(o, "path"), integer(o, "chunk", -1), integer(o, "line", 0)));
    }
    if (has(n, "vector")) {
      List<float[]> vectors = new ArrayList<>();
      vectors.add(vector(n.get("vector"), "vector"));
      if (has(n, "passageVectors")) {
        JsonNode passages = n.get("passageVectors");
        Checks.require(
            passages.isArray(),
            "passageVectors",
            "must be an array of vectors, got %s",
            passages.getNodeType().name().toLowerCase());
        for (int i = 0; i < passages.size(); i++) {
          vectors.add(vector(passages.get(i), "passageVectors[" + i + "]"));
        }
      }
      b.vectors(vectors);
    } else {
      Checks.require(
          !has(n, "passageVectors"), "passageVectors", "given without vector, the first passage's");
    }
    MemoryRecord built = b.build(now);
    String hash = text(n, "contentHash");
    Checks.require(
        hash == null || hash.equals(built.contentHash()),
        "contentHash",
        "does not match the content (expected %s, got %s)",
        built.contentHash(),
        Checks.excerpt(hash));
    return built;
  }

  /**
   * One JSON value, and nothing after it: a second object on the line would otherwise be dropped
   * silently. Strings must be valid Unicode: Jackson decodes an escaped lone surrogate such as
   * {@code "\\ud800"} into a Java string that no UTF-8 file or index can hold (it would come back
   * as U+FFFD, and the export would fail its content hash), so it is refused where it stands.
   */
  private static JsonNode parse(String line) {
    try (JsonParser p = JSON.getFactory().createParser(line)) {
      JsonNode n = JSON.readTree(p);
      if (p.nextToken() != null) {
        throw new JsonLineException(
            p.currentTokenLocation().getColumnNr(),
            "a second JSON value after the record; write one record per line",
            null);
      }
      if (n != null && holdsLoneSurrogate(n)) {
        throw loneSurrogate(line);
      }
      return n;
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      throw new JsonLineException(
          at == null ? 0 : at.getColumnNr(), "malformed JSON: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException("reading a string cannot fail", e);
    }
  }

  private static boolean holdsLoneSurrogate(JsonNode n) {
    if (n.isTextual()) {
      return Checks.loneSurrogate(n.textValue()) >= 0;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      if (Checks.loneSurrogate(field.getKey()) >= 0 || holdsLoneSurrogate(field.getValue())) {
        return true;
      }
    }
    for (JsonNode element : n.isArray() ? n : List.<JsonNode>of()) {
      if (holdsLoneSurrogate(element)) {
        return true;
      }
    }
    return false;
  }

  /** Finds the string holding the lone surrogate again, token by token, for its column. */
  private static JsonLineException loneSurrogate(String line) throws IOException {
    try (JsonParser p = JSON.getFactory().createParser(line)) {
      for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
        if (t != JsonToken.FIELD_NAME && t != JsonToken.VALUE_STRING) {
          continue;
        }
        String text = p.getText();
        int at = Checks.loneSurrogate(text);
        if (at >= 0) {
          return new JsonLineException(
              p.currentTokenLocation().getColumnNr(),
              String.format(
                  Locale.ROOT,
                  "%s: a lone UTF-16 surrogate (\\u%04x) %s; JSON text must be valid Unicode,"
                      + " so pair the escape or remove it",
                  keyOf(p),
                  (int) text.charAt(at),
                  t == JsonToken.FIELD_NAME ? "in a key" : "in the value"),
              null);
        }
      }
    }
    throw new IllegalStateException("a lone surrogate was found in the tree but not in the text");
  }

  /** The key a token belongs to: its own name, or the name of the array it is an element of. */
  private static String keyOf(JsonParser p) {
    for (JsonStreamContext c = p.getParsingContext(); c != null; c = c.getParent()) {
      if (c.getCurrentName() != null) {
        return c.getCurrentName();
      }
    }
    return "(top level)";
  }

  /**
   * A line that is not one well-formed JSON value; {@code column} is 1-based in characters, 0 when
   * unknown. The file readers add the file and line.
   */
  static final class JsonLineException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    final int column;

    JsonLineException(int column, String message, Throwable cause) {
      super(message, cause);
      this.column = column;
    }
  }

  /**
   * A stable id for a record given without one: the silo's wire name, a dash and the first 16 hex
   * digits of the content hash, e.g. {@code memory-3f2a...}.
   */
  public static String derivedId(Silo silo, String content) {
    return idFromHash(silo, ContentHash.of(content));
  }

  private static String idFromHash(Silo silo, String contentHash) {
    return Wire.name(silo) + "-" + contentHash.substring(0, 16);
  }

  /**
   * The scope (namespace, project, task, session), tags, source and trust of a record, in that
   * order: the part of the record JSONL and the Markdown front matter write alike.
   */
  static void putScopeAndProvenance(ObjectNode n, MemoryRecord r) {
    n.put("namespace", r.scope().namespace());
    putIfPresent(n, "project", r.scope().project());
    putIfPresent(n, "task", r.scope().task());
    putIfPresent(n, "session", r.scope().session());
    if (!r.tags().isEmpty()) {
      r.tags().forEach(n.putArray("tags")::add);
    }
    n.put("source", Wire.name(r.source()));
    if (r.trust() != null) {
      n.put("trust", r.trust());
    }
  }

  static void putIfPresent(ObjectNode n, String key, String value) {
    if (value != null) {
      n.put(key, value);
    }
  }

  private static boolean has(JsonNode n, String key) {
    return n.has(key) && !n.get(key).isNull();
  }

  private static String text(JsonNode n, String key) {
    if (!has(n, key)) {
      return null;
    }
    JsonNode v = n.get(key);
    Checks.require(v.isTextual(), key, "must be a string, got %s", v);
    return v.asText();
  }

  private static String requiredText(JsonNode n, String key) {
    return Checks.notNull(text(n, key), key);
  }

  private static void optional(JsonNode n, String key, java.util.function.Consumer<String> setter) {
    String v = text(n, key);
    if (v != null) {
      setter.accept(v);
    }
  }

  /**
   * A whole number that fits an int. Jackson's {@code asInt} wraps larger ones around (4156292991
   * became -138674305) and reads a string as 0, so both are refused here instead.
   */
  private static int integer(JsonNode n, String key, int absent) {
    if (!has(n, key)) {
      return absent;
    }
    JsonNode v = n.get(key);
    Checks.require(
        v.isIntegralNumber() && v.canConvertToInt(),
        "origin." + key,
        "must be a whole number from %d to %d, got %s",
        Integer.MIN_VALUE,
        Integer.MAX_VALUE,
        v);
    return v.intValue();
  }

  private static double number(JsonNode n, String key) {
    JsonNode v = n.get(key);
    Checks.require(v.isNumber(), key, "must be a number, got %s", v);
    return v.doubleValue();
  }

  private static List<String> stringList(JsonNode n, String key) {
    if (!has(n, key)) {
      return List.of();
    }
    JsonNode v = n.get(key);
    Checks.require(v.isArray(), key, "must be an array of strings, got %s", v);
    List<String> out = new ArrayList<>();
    for (JsonNode e : v) {
      Checks.require(e.isTextual(), key, "must be an array of strings, got element %s", e);
      out.add(e.asText());
    }
    return out;
  }

  private static Instant instant(String key, String value) {
    try {
      return Instant.parse(value);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          key + ": not an ISO-8601 instant (e.g. 2026-01-31T12:00:00Z): " + Checks.excerpt(value),
          e);
    }
  }

  private static void putVector(ArrayNode out, float[] vector) {
    for (float x : vector) {
      out.add(x);
    }
  }

  private static float[] vector(JsonNode v, String field) {
    Checks.require(
        v.isArray(),
        field,
        "must be an array of numbers, got %s",
        v.getNodeType().name().toLowerCase());
    float[] out = new float[v.size()];
    for (int i = 0; i < out.length; i++) {
      JsonNode x = v.get(i);
      Checks.require(x.isNumber(), field, "component %d must be a number, got %s", i, x);
      out[i] = x.floatValue();
    }
    return out;
  }
}
