package dev.recall4j.sources;

import dev.recall4j.core.Embedder;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Tier;
import dev.recall4j.engine.InputException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The rows of one SQL query over an agent's SQLite file, as records. The query's columns are named
 * after record fields: {@code id} and {@code content} are required; {@code title, summary, silo,
 * kind, tier, status, project, task, session, source, trust, supersedes, created, updated}
 * (ISO-8601 text, or Unix seconds or milliseconds), {@code tags} and {@code links} (a JSON array or
 * a comma list), {@code path, chunk, line} (the origin), and {@code vector} (a BLOB of
 * little-endian float32) with {@code embedding_model}. A record's id is {@code source:id}.
 *
 * <p>A vector is kept when its model is the index's and its dimension fits, else dropped so that
 * the engine embeds the text with the index's model. The file is opened by {@link SqliteSource}:
 * never written, never locked for writing, no file created beside it.
 */
final class SqliteRows {
  private static final Set<String> COLUMNS =
      Set.of(
          "id",
          "content",
          "title",
          "summary",
          "silo",
          "kind",
          "tier",
          "status",
          "project",
          "task",
          "session",
          "source",
          "trust",
          "supersedes",
          "created",
          "updated",
          "tags",
          "links",
          "path",
          "chunk",
          "line",
          "vector",
          "embedding_model");

  private SqliteRows() {}

  /**
   * What a query gave: its good rows as records, and each bad row's error, so that one bad row
   * never keeps the others out.
   *
   * @param records the good rows, a row another row {@code supersedes} marked superseded
   * @param errors one line per bad row: {@code FILE: source NAME, row N (id ID): reason}
   * @param unread the record ids of the bad rows whose id could be read: their stored records stay
   *     as they were
   */
  record Rows(List<MemoryRecord> records, List<String> errors, Set<String> unread) {}

  static Rows read(SourceSpec spec, Scope scope, Embedder embedder, Instant fileModified) {
    Path file = spec.path();
    List<MemoryRecord> out = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    Set<String> unread = new HashSet<>();
    try (Connection c = SqliteSource.open(file);
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(spec.query())) {
      ResultSetMetaData meta = rs.getMetaData();
      Set<String> columns = new HashSet<>();
      for (int i = 1; i <= meta.getColumnCount(); i++) {
        String name = meta.getColumnLabel(i).toLowerCase(Locale.ROOT);
        if (!COLUMNS.contains(name)) {
          throw new InputException(
              file.toString(),
              0,
              0,
              "source "
                  + spec.name()
                  + ": query column \""
                  + name
                  + "\" is not a record field; expected some of "
                  + new java.util.TreeSet<>(COLUMNS),
              null);
        }
        columns.add(name);
      }
      for (String required : List.of("id", "content")) {
        if (!columns.contains(required)) {
          throw new InputException(
              file.toString(),
              0,
              0,
              "source " + spec.name() + ": the query gives no column \"" + required + "\"",
              null);
        }
      }
      long row = 0;
      while (rs.next()) {
        row++;
        try {
          MemoryRecord r = row(rs, columns, spec, scope, embedder, fileModified);
          if (r != null) {
            out.add(r);
          }
        } catch (IllegalArgumentException e) {
          String key = rs.getString("id");
          if (key != null && !key.isBlank()) {
            unread.add(RecordIds.row(spec.name(), key));
          }
          errors.add(
              file
                  + ": source "
                  + spec.name()
                  + ", row "
                  + row
                  + (key == null ? "" : " (id " + key + ")")
                  + ": "
                  + e.getMessage());
        }
      }
    } catch (SQLException e) {
      throw new InputException(
          file.toString(), 0, 0, "source " + spec.name() + ": " + e.getMessage(), e);
    }
    return new Rows(Supersessions.mark(out), errors, unread);
  }

  private static MemoryRecord row(
      ResultSet rs,
      Set<String> columns,
      SourceSpec spec,
      Scope scope,
      Embedder embedder,
      Instant fileModified)
      throws SQLException {
    String key = text(rs, columns, "id");
    String content = text(rs, columns, "content");
    if (key == null || content == null || content.isBlank()) {
      return null; // an empty row holds nothing to recall
    }
    Silo silo =
        columns.contains("silo") && text(rs, columns, "silo") != null
            ? Silo.parse("silo", text(rs, columns, "silo"))
            : spec.silo() != null ? spec.silo() : Silo.MEMORY;
    MemoryRecord.Builder b =
        MemoryRecord.builder()
            .id(RecordIds.row(spec.name(), key))
            .silo(silo)
            .scope(
                new Scope(
                    scope.namespace(),
                    or(text(rs, columns, "project"), scope.project()),
                    or(text(rs, columns, "task"), scope.task()),
                    or(text(rs, columns, "session"), scope.session())))
            .content(content)
            .title(text(rs, columns, "title"))
            .summary(text(rs, columns, "summary"))
            .links(
                list(text(rs, columns, "links")).stream()
                    .map(l -> RecordIds.row(spec.name(), l))
                    .toList());
    String v;
    if ((v = text(rs, columns, "kind")) != null) {
      b.kind(Kind.parse("kind", v));
    }
    List<String> tags = new ArrayList<>(list(text(rs, columns, "tags")));
    if ((v = text(rs, columns, "status")) != null) {
      SourceStatus declared = SourceStatus.of(v);
      if (declared.status() != null) {
        b.status(declared.status());
      }
      if (declared.tier() != null) {
        b.tier(declared.tier());
      }
      if (declared.tag() != null) {
        tags.add(declared.tag());
      }
    }
    b.tags(tags);
    if ((v = text(rs, columns, "tier")) != null) {
      b.tier(Tier.parse("tier", v));
    }
    b.source((v = text(rs, columns, "source")) != null ? Source.parse("source", v) : Source.IMPORT);
    if ((v = text(rs, columns, "trust")) != null) {
      b.trust(Double.parseDouble(v));
    }
    if ((v = text(rs, columns, "supersedes")) != null) {
      b.supersedes(RecordIds.row(spec.name(), v));
    }
    Instant created = time(rs, columns, "created");
    b.created(created != null ? created : fileModified);
    b.updated(time(rs, columns, "updated"));
    if ((v = text(rs, columns, "path")) != null) {
      String chunk = text(rs, columns, "chunk");
      String line = text(rs, columns, "line");
      b.origin(
          new Origin(
              v,
              chunk == null ? -1 : Integer.parseInt(chunk),
              line == null ? 0 : Integer.parseInt(line)));
    }
    if (columns.contains("vector") && embedder != null) {
      byte[] blob = rs.getBytes("vector");
      String model = text(rs, columns, "embedding_model");
      if (blob != null
          && blob.length == 4 * embedder.dimension()
          && embedder.modelId().equals(model)) {
        float[] vector = new float[embedder.dimension()];
        ByteBuffer.wrap(blob).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(vector);
        b.vector(vector).embeddingModel(model);
      }
    }
    MemoryRecord r = b.build();
    if (r.updated().isBefore(r.created())) {
      r = r.toBuilder().updated(r.created()).build();
    }
    return r;
  }

  private static String or(String a, String b) {
    return a != null ? a : b;
  }

  private static String text(ResultSet rs, Set<String> columns, String name) throws SQLException {
    if (!columns.contains(name)) {
      return null;
    }
    String v = rs.getString(name);
    return v == null || v.isBlank() ? null : v;
  }

  private static Instant time(ResultSet rs, Set<String> columns, String name) throws SQLException {
    String v = text(rs, columns, name);
    if (v == null) {
      return null;
    }
    if (v.matches("\\d+(\\.\\d+)?")) {
      double n = Double.parseDouble(v);
      // Seconds until the year 5138; milliseconds beyond.
      return n < 1e11 ? Instant.ofEpochMilli((long) (n * 1000)) : Instant.ofEpochMilli((long) n);
    }
    try {
      return FrontMatter.instant(v);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
    }
  }

  /** A JSON array of strings or a comma-separated list. */
  static List<String> list(String v) {
    if (v == null) {
      return List.of();
    }
    String s = v.strip();
    if (s.startsWith("[")) {
      try {
        List<String> out = new ArrayList<>();
        for (var n : new com.fasterxml.jackson.databind.ObjectMapper().readTree(s)) {
          out.add(n.asText());
        }
        return out.stream().map(String::strip).filter(t -> !t.isEmpty()).toList();
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        throw new IllegalArgumentException("not a JSON array: " + s, e);
      }
    }
    return java.util.Arrays.stream(s.split(","))
        .map(String::strip)
        .filter(t -> !t.isEmpty())
        .toList();
  }
}
