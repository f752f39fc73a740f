package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.recall4j.core.Scope;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Fuzzing of every reader of user files: the JSONL reader, the document (Markdown) reader and the
 * configuration loader get arbitrary bytes, arbitrary text and near-valid input built from their
 * own keys. None may raise anything but its documented error: {@link InputException} naming the
 * file for records and documents, {@link IllegalArgumentException} naming the file for the
 * configuration. 1,000 tries each (jqwik's default); {@code bin/fuzz} raises that with {@code
 * -Djqwik.tries.default=N}.
 */
class InputFuzzTest {
  static final Instant NOW = Instant.parse("2026-11-01T12:00:00Z");
  static final List<String> RECORD_KEYS =
      List.of(
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
          "passageVectors",
          "path",
          "chunk",
          "line",
          "colour");
  static final List<String> CONFIG_KEYS =
      List.of(
          "index",
          "namespace",
          "embedder",
          "recall",
          "budget",
          "index_settings",
          "stats",
          "memory",
          "provider",
          "model",
          "host",
          "timeout_ms",
          "batch_size",
          "passage_words",
          "cache_size",
          "background",
          "deadline_ms",
          "top_k",
          "fusion",
          "decay",
          "tier_boost",
          "context_length",
          "share",
          "tokenizer",
          "pinned_share",
          "vector_encoding",
          "hnsw_m",
          "hnsw_beam_width",
          "vector_candidates",
          "bm25_k1",
          "bm25_b",
          "code_field_boost",
          "segments_per_tier",
          "enabled",
          "db",
          "log_max_rows",
          "log_max_days");

  static Path config;

  @BeforeContainer
  static void createFile() throws IOException {
    config = Files.createTempFile("recall4j-fuzz", ".yaml");
  }

  @AfterContainer
  static void deleteFile() throws IOException {
    Files.deleteIfExists(config);
  }

  @Property
  void jsonlBytes(@ForAll byte[] bytes) {
    readJsonl(bytes);
  }

  @Property
  void jsonlText(@ForAll("anyText") String text) {
    readJsonl(text.getBytes(StandardCharsets.UTF_8));
  }

  @Property
  void jsonlNearValidRecords(@ForAll("jsonLines") String text) {
    readJsonl(text.getBytes(StandardCharsets.UTF_8));
  }

  @Property
  void documentBytes(@ForAll byte[] bytes) {
    readDocument(bytes);
  }

  @Property
  void documentText(@ForAll("markdown") String text) {
    readDocument(text.getBytes(StandardCharsets.UTF_8));
  }

  @Property
  void configBytes(@ForAll byte[] bytes) throws IOException {
    readConfig(bytes);
  }

  @Property
  void configText(@ForAll("anyText") String text) throws IOException {
    readConfig(text.getBytes(StandardCharsets.UTF_8));
  }

  @Property
  void configNearValidYaml(@ForAll("yaml") String text) throws IOException {
    readConfig(text.getBytes(StandardCharsets.UTF_8));
  }

  private static void readJsonl(byte[] bytes) {
    try {
      RecordFiles.forEachJsonl(new ByteArrayInputStream(bytes), "f.jsonl", "alice", NOW, r -> {});
    } catch (InputException e) {
      assertTrue(e.getMessage().startsWith("f.jsonl:"), e.getMessage());
    } catch (Throwable t) {
      fail("only InputException is documented, got " + t, t);
    }
  }

  private static void readDocument(byte[] bytes) {
    try {
      RecordFiles.chunk(
          Utf8Lines.decodeAll(bytes, "d.md"),
          "d.md",
          "d.md",
          "docs/d.md",
          Scope.of("alice"),
          NOW,
          Chunker.defaults());
    } catch (InputException e) {
      assertTrue(e.getMessage().startsWith("d.md:"), e.getMessage());
    } catch (Throwable t) {
      fail("only InputException is documented, got " + t, t);
    }
  }

  private static void readConfig(byte[] bytes) throws IOException {
    Files.write(config, bytes);
    try {
      ConfigFile.read(config);
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().startsWith(config + ": "), e.getMessage());
    } catch (Throwable t) {
      fail("only IllegalArgumentException naming the file is documented, got " + t, t);
    }
  }

  @Provide
  Arbitrary<String> anyText() {
    return Arbitraries.strings().all().ofMaxLength(300);
  }

  /** JSON-ish values of every shape, including escapes, huge numbers and deep nesting. */
  static Arbitrary<String> jsonValue(int depth) {
    Arbitrary<String> scalar =
        Arbitraries.oneOf(
            Arbitraries.strings().all().ofMaxLength(20).map(InputFuzzTest::quote),
            Arbitraries.of(
                "null",
                "true",
                "false",
                "0",
                "-1",
                "1e400",
                "-1e400",
                "4156292991",
                "99999999999999999999999",
                "0.5",
                "NaN",
                "\"\\ud800\"",
                "\"\\udc00x\"",
                "\"\\ud83c\\udf0a\"",
                "\"\\u0000\"",
                "\"memory\"",
                "\"kb\"",
                "\"rag\"",
                "\"2026-01-01T00:00:00Z\"",
                "\"pinned\"",
                "\"deleted\"",
                "\"user\"",
                "[]",
                "{}",
                "[1,0]",
                "[[1,0]]",
                "\"" + "a".repeat(300) + "\""),
            Arbitraries.doubles().map(String::valueOf));
    if (depth == 0) {
      return scalar;
    }
    Arbitrary<String> array =
        jsonValue(depth - 1).list().ofMaxSize(4).map(l -> "[" + String.join(",", l) + "]");
    Arbitrary<String> object =
        Combinators.combine(Arbitraries.of(RECORD_KEYS), jsonValue(depth - 1))
            .as((k, v) -> quote(k) + ":" + v)
            .list()
            .ofMaxSize(4)
            .map(l -> "{" + String.join(",", l) + "}");
    return Arbitraries.oneOf(scalar, scalar, array, object);
  }

  @Provide
  Arbitrary<String> jsonLines() {
    Arbitrary<String> field =
        Combinators.combine(Arbitraries.of(RECORD_KEYS), jsonValue(2))
            .as((k, v) -> quote(k) + ":" + v);
    Arbitrary<String> record =
        field
            .list()
            .ofMaxSize(8)
            .map(
                fs ->
                    "{\"silo\":\"memory\",\"content\":\"x\""
                        + (fs.isEmpty() ? "" : ",")
                        + String.join(",", fs)
                        + "}");
    Arbitrary<String> damaged =
        Combinators.combine(
                record,
                Arbitraries.integers().between(0, 200),
                Arbitraries.of(
                    "",
                    "}",
                    "{",
                    "\"",
                    "\\",
                    ",",
                    "\n",
                    "\r\n",
                    "\uFEFF",
                    "//",
                    " {\"silo\":\"kb\"}"))
            .as((r, cut, extra) -> r.substring(0, Math.min(cut, r.length())) + extra);
    return Arbitraries.oneOf(record, record, damaged)
        .list()
        .ofMaxSize(4)
        .map(l -> String.join("\n", l));
  }

  @Provide
  Arbitrary<String> markdown() {
    Arbitrary<String> line =
        Arbitraries.oneOf(
            Arbitraries.strings().all().ofMaxLength(80),
            Arbitraries.strings().all().ofMaxLength(40).map(s -> "# " + s),
            Arbitraries.of("", "#", "##", "   ", "\r", "\t# x", "\uFEFF", "\u0000"));
    return line.list().ofMaxSize(30).map(l -> String.join("\n", l));
  }

  @Provide
  Arbitrary<String> yaml() {
    Arbitrary<String> scalar =
        Arbitraries.oneOf(
            Arbitraries.strings().all().ofMaxLength(20),
            Arbitraries.of(
                "",
                "~",
                "null",
                "true",
                "yes",
                "0",
                "-1",
                "4156292991",
                "1e400",
                ".nan",
                ".inf",
                "onnx",
                "none",
                "ollama",
                "int8",
                "float32",
                "\"convex:alpha=0.5\"",
                "rrf:k=60",
                "strict",
                "http://[::1",
                "{",
                "[",
                "&a",
                "*a",
                "!!binary x",
                "'",
                "\"",
                "- x",
                "99999999999999999999",
                "cl100k",
                "bge-small-en-v15-q",
                "{a: 1}",
                "[1, 2]"));
    Arbitrary<String> entry =
        Combinators.combine(
                Arbitraries.of(CONFIG_KEYS),
                Arbitraries.of("", "  ", "    ", "\t"),
                scalar,
                Arbitraries.of(": ", ":", " : ", ":\n  "))
            .as((k, indent, v, sep) -> indent + k + sep + v);
    return entry.list().ofMaxSize(12).map(l -> String.join("\n", l));
  }

  private static String quote(String s) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20 || Character.isSurrogate(c)) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.append('"').toString();
  }
}
