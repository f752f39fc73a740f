package dev.recall4j.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Reads an {@link EngineConfig} from YAML: either a {@code recall4j.yaml} whose top level is the
 * configuration, or an agent's own YAML file whose {@code memory:} section is (other top-level keys
 * of such a file belong to the agent and are ignored). Relative paths resolve against the file's
 * folder, which is the workspace root.
 *
 * <pre>
 * index: agents/index
 * namespace: default
 * embedder: {provider: onnx, model: bge-small-en-v15-q, host: http://127.0.0.1:11434,
 *            timeout_ms: 10000, batch_size: 32, passage_words: 128, cache_size: 1024,
 *            background: false}
 * recall: {deadline_ms: 200, top_k: 50, fusion: "convex:alpha=0.5", decay: true, tier_boost: 0.25}
 * budget: {context_length: 8192, share: 0.25, tokenizer: cl100k, pinned_share: 0.5}
 * index_settings: {vector_encoding: int8, hnsw_m: 16, hnsw_beam_width: 100, vector_candidates: 100,
 *                  bm25_k1: 0.9, bm25_b: 0.4, code_field_boost: 0.3}
 * stats: {enabled: true, db: agents/recall4j.db, log_max_rows: 10000, log_max_days: 30}
 * </pre>
 *
 * <p>An unknown key or a bad value is an {@link IllegalArgumentException} naming the key, the value
 * and the file.
 */
public final class ConfigFile {
  /** The file name looked for in a workspace root. */
  public static final String FILE_NAME = "recall4j.yaml";

  private static final YAMLMapper YAML = new YAMLMapper();

  private ConfigFile() {}

  /**
   * The configuration of a workspace: its {@code recall4j.yaml} if present, else every default.
   */
  public static EngineConfig forWorkspace(Path workspace) throws IOException {
    Path file = workspace.resolve(FILE_NAME);
    return Files.isRegularFile(file) ? read(file) : EngineConfig.builder(workspace).build();
  }

  /** Reads one YAML file. */
  public static EngineConfig read(Path file) throws IOException {
    JsonNode root;
    try {
      root = YAML.readTree(file.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException(file + ": not valid YAML: " + e.getMessage(), e);
    }
    Path workspace = file.toAbsolutePath().getParent();
    EngineConfig.Builder builder = EngineConfig.builder(workspace);
    if (root == null || root.isMissingNode() || root.isNull()) {
      return builder.build();
    }
    boolean agentFile = root.has("memory");
    JsonNode config = agentFile ? root.get("memory") : root;
    try {
      if (!config.isNull()) {
        apply(new Section(config, agentFile ? "memory" : ""), builder);
      }
      return builder.build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  private static void apply(Section top, EngineConfig.Builder b) {
    top.allow("index", "namespace", "embedder", "recall", "budget", "index_settings", "stats");
    top.text("index", v -> b.indexDir(Path.of(v)));
    top.text("namespace", b::namespace);
    top.section("embedder", s -> {
      s.allow("provider", "model", "host", "timeout_ms", "batch_size", "passage_words", "cache_size", "background");
      s.text("provider", v -> b.embedderProvider(EmbedderProvider.parse(s.key("provider"), v)));
      s.text("model", b::embedderModel);
      s.text("host", v -> b.ollamaHost(URI.create(v)));
      s.integer("timeout_ms", v -> b.embedderTimeout(Duration.ofMillis(v)));
      s.integer("batch_size", b::embedderBatchSize);
      s.integer("passage_words", b::passageWords);
      s.integer("cache_size", b::queryCacheSize);
      s.bool("background", b::embedInBackground);
    });
    top.section("recall", s -> {
      s.allow("deadline_ms", "top_k", "fusion", "decay", "tier_boost");
      s.integer("deadline_ms", v -> b.deadline(Duration.ofMillis(v)));
      s.integer("top_k", b::topK);
      s.text("fusion", b::fusion);
      s.bool("decay", b::recencyDecay);
      s.text("tier_boost", b::tierBoost);
    });
    top.section("budget", s -> {
      s.allow("context_length", "share", "tokenizer", "pinned_share");
      s.integer("context_length", b::contextLength);
      s.number("share", b::budgetShare);
      s.text("tokenizer", b::tokenizer);
      s.number("pinned_share", b::pinnedShare);
    });
    top.section("index_settings", s -> {
      s.allow("vector_encoding", "hnsw_m", "hnsw_beam_width", "vector_candidates", "bm25_k1", "bm25_b", "code_field_boost");
      s.text("vector_encoding", b::vectorEncoding);
      s.integer("hnsw_m", b::hnswM);
      s.integer("hnsw_beam_width", b::hnswBeamWidth);
      s.integer("vector_candidates", b::vectorCandidates);
      s.number("bm25_k1", b::bm25K1);
      s.number("bm25_b", b::bm25B);
      s.number("code_field_boost", b::codeFieldBoost);
    });
    top.section("stats", s -> {
      s.allow("enabled", "db", "log_max_rows", "log_max_days");
      s.bool("enabled", b::statsEnabled);
      s.text("db", v -> b.statsDb(Path.of(v)));
      s.integer("log_max_rows", b::logMaxRows);
      s.integer("log_max_days", b::logMaxDays);
    });
  }

  /** One mapping of the YAML tree, read with its dotted path for error messages. */
  private record Section(JsonNode node, String path) {
    Section {
      if (!node.isObject()) {
        throw new IllegalArgumentException(
            (path.isEmpty() ? "the top level" : path) + ": must be a mapping, got " + node.getNodeType().name().toLowerCase());
      }
    }

    String key(String name) {
      return path.isEmpty() ? name : path + "." + name;
    }

    void allow(String... names) {
      Set<String> allowed = Set.of(names);
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        String name = it.next().getKey();
        if (!allowed.contains(name)) {
          throw new IllegalArgumentException(
              key(name) + ": unknown setting, expected one of " + String.join(", ", new java.util.TreeSet<>(allowed)));
        }
      }
    }

    void section(String name, Consumer<Section> reader) {
      JsonNode child = node.get(name);
      if (child != null && !child.isNull()) {
        reader.accept(new Section(child, key(name)));
      }
    }

    void text(String name, Consumer<String> setter) {
      JsonNode value = node.get(name);
      if (value == null || value.isNull()) {
        return;
      }
      if (!value.isValueNode()) {
        throw new IllegalArgumentException(key(name) + ": must be a single value, got " + value);
      }
      withKey(name, value, () -> setter.accept(value.asText()));
    }

    void integer(String name, java.util.function.IntConsumer setter) {
      JsonNode value = node.get(name);
      if (value == null || value.isNull()) {
        return;
      }
      if (!value.canConvertToInt() || !value.isIntegralNumber()) {
        throw new IllegalArgumentException(key(name) + ": must be a whole number, got " + value);
      }
      withKey(name, value, () -> setter.accept(value.intValue()));
    }

    void bool(String name, Consumer<Boolean> setter) {
      JsonNode value = node.get(name);
      if (value == null || value.isNull()) {
        return;
      }
      if (!value.isBoolean()) {
        throw new IllegalArgumentException(key(name) + ": must be true or false, got " + value);
      }
      setter.accept(value.booleanValue());
    }

    void number(String name, java.util.function.DoubleConsumer setter) {
      JsonNode value = node.get(name);
      if (value == null || value.isNull()) {
        return;
      }
      if (!value.isNumber()) {
        throw new IllegalArgumentException(key(name) + ": must be a number, got " + value);
      }
      withKey(name, value, () -> setter.accept(value.doubleValue()));
    }

    /** Setters that parse (enums, URIs) report under the key, with the value. */
    private void withKey(String name, JsonNode value, Runnable set) {
      try {
        set.run();
      } catch (IllegalArgumentException e) {
        String message = e.getMessage();
        throw new IllegalArgumentException(
            message != null && message.startsWith(key(name)) ? message : key(name) + ": bad value " + value + ": " + message, e);
      }
    }
  }
}
