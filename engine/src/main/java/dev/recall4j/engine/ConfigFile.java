package dev.recall4j.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.recall4j.budget.RenderOptions;
import dev.recall4j.core.Kind;
import dev.recall4j.ranking.RecencyDecay;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 * recall: {deadline_ms: 200, top_k: 50, fusion: "convex:alpha=0.5,weights=confidence",
 *          tier_boost: 0.25,
 *          decay: {half_life: {tool_use: 14d, user_preference: 180d}, default_half_life: 30d,
 *                  floor: 0.9, refresh_on_access: false},     # or decay: true / false
 *          links: {expand: false, damping: 0.8, max_linked: 10, follow_top: 10},
 *          source_contexts: {/home/ada/vault/meetings: meeting transcripts}}
 * budget: {context_length: 8192, share: 0.25, tokenizer: cl100k, pinned_share: 0.5,
 *          renderer: grouped, title: memory context, xml_tag: memory-context,
 *          headings: {workspace_profile: ..., project_facts: ..., relevant_experience: ...,
 *                     knowledge: ...},
 *          quotas: {tool_use: 0.2, rag_chunk: 0.5}, render_source_context: false}
 * index_settings: {vector_encoding: int8, hnsw_m: 16, hnsw_beam_width: 100, vector_candidates: 100,
 *                  bm25_k1: 0.9, bm25_b: 0.4, code_field_boost: 0.3}
 * stats: {enabled: true, db: agents/index/stats.db, share_db: false, log_max_rows: 10000,
 *         log_max_days: 30}
 * </pre>
 *
 * <p>An unknown key or a bad value is an {@link IllegalArgumentException} naming the key, the value
 * and the file.
 *
 * <p>An agent's {@code memory:} section is read as the agent wrote it: its own keys that recall4j
 * has a meaning for are used ({@code budget_pct} as {@code budget.share}, {@code top_k} as {@code
 * recall.top_k}, {@code current_project} as {@code project}; recall4j's own spelling wins when both
 * are given), the agent's other keys ({@link #AGENT_KEYS}) and the agent's other top-level keys are
 * left to the agent and logged once at debug level (the CLI's {@code --verbose}), never rejected.
 */
public final class ConfigFile {
  /** The file name looked for in a workspace root. */
  public static final String FILE_NAME = "recall4j.yaml";

  /** Built on first use: a command without a config file never pays its ~0.15 s. */
  private static final class Yaml {
    static final YAMLMapper MAPPER = new YAMLMapper();
  }

  private static final Logger LOG = LoggerFactory.getLogger(ConfigFile.class);

  /**
   * The keys an agent's {@code memory:} section may hold that are the agent's own (seed 000's
   * {@code MemoryConfig}): read where recall4j has a meaning for them, else left to the agent.
   */
  public static final Set<String> AGENT_KEYS =
      Set.of(
          "enabled",
          "inject_on_start",
          "budget_pct",
          "top_k",
          "rolling_summary",
          "rag",
          "knowledge_base",
          "current_project");

  /**
   * The agent keys recall4j reads: as {@code budget.share}, {@code recall.top_k}, {@code project};
   * the RAG stores and the knowledge base as SQLite sources (module {@code sources}).
   */
  private static final Set<String> USED_AGENT_KEYS =
      Set.of("budget_pct", "top_k", "current_project", "rag", "knowledge_base");

  /** The seed agent's top-level keys from before it moved them under {@code memory:}. */
  private static final java.util.List<String> LEGACY_AGENT_KEYS =
      java.util.List.of("rag", "knowledge_db");

  private static final Set<String> OWN_KEYS =
      Set.of(
          "server", // read by the server module (ServerConfigFile), not the engine
          "index",
          "namespace",
          "project",
          "embedder",
          "recall",
          "budget",
          "index_settings",
          "stats",
          // Read by the sources module (SourcesConfig), which the engine does not depend on.
          "sources");

  private ConfigFile() {}

  /** The configuration of a workspace: its {@code recall4j.yaml} if present, else every default. */
  public static EngineConfig forWorkspace(Path workspace) throws IOException {
    Path file = workspace.resolve(FILE_NAME);
    return Files.isRegularFile(file) ? read(file) : EngineConfig.builder(workspace).build();
  }

  /** Reads one YAML file. */
  public static EngineConfig read(Path file) throws IOException {
    JsonNode root;
    try {
      root = Yaml.MAPPER.readTree(file.toFile());
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
        Section top = new Section(config, agentFile ? "memory" : "");
        if (agentFile) {
          applyAgentKeys(top, builder, file, root);
        }
        apply(top, builder, agentFile);
      }
      return builder.build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  /**
   * The agent's own keys of its {@code memory:} section that recall4j has a meaning for; the rest
   * of them are logged as left to the agent. recall4j's own keys, read after, override these.
   */
  private static void applyAgentKeys(
      Section memory, EngineConfig.Builder b, Path file, JsonNode root) {
    memory.number("budget_pct", b::budgetShare);
    memory.integer("top_k", b::topK);
    memory.text("current_project", b::project);
    java.util.List<String> ignored = new java.util.ArrayList<>();
    for (String key : new java.util.TreeSet<>(AGENT_KEYS)) {
      if (memory.node().has(key) && !USED_AGENT_KEYS.contains(key)) {
        ignored.add(memory.key(key));
      }
    }
    for (String key : LEGACY_AGENT_KEYS) {
      if (root.has(key)) {
        ignored.add(key);
      }
    }
    if (!ignored.isEmpty()) {
      LOG.debug(
          "{}: left to the agent, not read by recall4j: {}", file, String.join(", ", ignored));
    }
  }

  private static void apply(Section top, EngineConfig.Builder b, boolean agentFile) {
    java.util.Set<String> allowed = new java.util.HashSet<>(OWN_KEYS);
    if (agentFile) {
      allowed.addAll(AGENT_KEYS);
    }
    top.allow(allowed);
    top.text("index", v -> b.indexDir(Path.of(v)));
    top.text("namespace", b::namespace);
    top.text("project", b::project);
    top.section(
        "embedder",
        s -> {
          s.allow(
              "provider",
              "model",
              "host",
              "timeout_ms",
              "batch_size",
              "passage_words",
              "cache_size",
              "background");
          s.text("provider", v -> b.embedderProvider(EmbedderProvider.parse(s.key("provider"), v)));
          s.text("model", b::embedderModel);
          s.text("host", v -> b.ollamaHost(URI.create(v)));
          s.integer("timeout_ms", v -> b.embedderTimeout(Duration.ofMillis(v)));
          s.integer("batch_size", b::embedderBatchSize);
          s.integer("passage_words", b::passageWords);
          s.integer("cache_size", b::queryCacheSize);
          s.bool("background", b::embedInBackground);
        });
    top.section(
        "recall",
        s -> {
          s.allow(
              "deadline_ms", "top_k", "fusion", "decay", "tier_boost", "links", "source_contexts");
          s.integer("deadline_ms", v -> b.deadline(Duration.ofMillis(v)));
          s.integer("top_k", b::topK);
          s.text("fusion", b::fusion);
          JsonNode decay = s.node().get("decay");
          if (decay != null && decay.isObject()) {
            s.section("decay", d -> b.recencyDecay(decay(d)));
          } else {
            s.bool("decay", b::recencyDecay);
          }
          s.text("tier_boost", b::tierBoost);
          s.section(
              "links",
              l -> {
                l.allow("expand", "damping", "max_linked", "follow_top");
                l.bool("expand", b::linkExpansion);
                l.number("damping", b::linkDamping);
                l.integer("max_linked", b::maxLinked);
                l.integer("follow_top", b::linkFollowTop);
              });
          s.section(
              "source_contexts",
              c ->
                  c.node()
                      .fieldNames()
                      .forEachRemaining(p -> c.text(p, v -> b.sourceContext(p, v))));
        });
    top.section(
        "budget",
        s -> {
          s.allow(
              "context_length",
              "share",
              "tokenizer",
              "pinned_share",
              "renderer",
              "title",
              "xml_tag",
              "headings",
              "quotas",
              "render_source_context");
          s.integer("context_length", b::contextLength);
          s.number("share", b::budgetShare);
          s.text("tokenizer", b::tokenizer);
          s.number("pinned_share", b::pinnedShare);
          s.text("renderer", b::renderer);
          RenderOptions[] words = {RenderOptions.DEFAULT};
          s.text("title", v -> words[0] = words[0].withTitle(v));
          s.text("xml_tag", v -> words[0] = words[0].withXmlTag(v));
          s.bool("render_source_context", v -> words[0] = words[0].withSourceContext(v));
          s.section(
              "headings",
              h -> {
                java.util.Map<String, dev.recall4j.budget.Section> sections =
                    new java.util.TreeMap<>();
                for (dev.recall4j.budget.Section section : dev.recall4j.budget.Section.values()) {
                  sections.put(section.name().toLowerCase(java.util.Locale.ROOT), section);
                }
                h.allow(sections.keySet());
                sections.forEach(
                    (name, section) ->
                        h.text(name, v -> words[0] = words[0].withHeading(section, v)));
              });
          b.renderOptions(words[0]);
          s.section(
              "quotas",
              q ->
                  q.node()
                      .fieldNames()
                      .forEachRemaining(
                          kind ->
                              q.number(
                                  kind, share -> b.quota(Kind.parse(q.key(kind), kind), share))));
        });
    top.section(
        "index_settings",
        s -> {
          s.allow(
              "vector_encoding",
              "hnsw_m",
              "hnsw_beam_width",
              "vector_candidates",
              "bm25_k1",
              "bm25_b",
              "code_field_boost");
          s.text("vector_encoding", b::vectorEncoding);
          s.integer("hnsw_m", b::hnswM);
          s.integer("hnsw_beam_width", b::hnswBeamWidth);
          s.integer("vector_candidates", b::vectorCandidates);
          s.number("bm25_k1", b::bm25K1);
          s.number("bm25_b", b::bm25B);
          s.number("code_field_boost", b::codeFieldBoost);
        });
    top.section(
        "stats",
        s -> {
          s.allow("enabled", "db", "share_db", "log_max_rows", "log_max_days");
          s.bool("enabled", b::statsEnabled);
          s.text("db", v -> b.statsDb(Path.of(v)));
          s.bool("share_db", b::statsShareDb);
          s.integer("log_max_rows", b::logMaxRows);
          s.integer("log_max_days", b::logMaxDays);
        });
  }

  /**
   * {@code recall.decay} as a mapping: half-lives per kind ({@code 14d}, {@code 12h}, an ISO-8601
   * duration, or {@code none}), the default half-life, the floor, and whether access refreshes age.
   */
  private static RecencyDecay decay(Section d) {
    d.allow("enabled", "half_life", "default_half_life", "floor", "refresh_on_access");
    JsonNode enabled = d.node().get("enabled");
    if (enabled != null && !enabled.isNull() && !enabled.isBoolean()) {
      throw new IllegalArgumentException(
          d.key("enabled") + ": must be true or false, got " + enabled);
    }
    if (enabled != null && enabled.isBoolean() && !enabled.booleanValue()) {
      return RecencyDecay.none();
    }
    RecencyDecay.Builder decay = RecencyDecay.builder();
    d.section(
        "half_life",
        h ->
            h.node()
                .fieldNames()
                .forEachRemaining(
                    name ->
                        h.text(
                            name,
                            v -> {
                              Kind kind = Kind.parse(h.key(name), name);
                              Duration halfLife = halfLife(v);
                              if (halfLife == null) {
                                decay.noDecay(kind);
                              } else {
                                decay.halfLife(kind, halfLife);
                              }
                            })));
    d.text("default_half_life", v -> decay.defaultHalfLife(halfLife(v)));
    d.number("floor", decay::floor);
    d.bool("refresh_on_access", decay::refreshOnAccess);
    return decay.build();
  }

  private static final java.util.regex.Pattern SHORT_DURATION =
      java.util.regex.Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([smhdw])");

  /** {@code 14d}, {@code 36h}, {@code 2w}, {@code 90m}, {@code 30s}, ISO-8601, or none (null). */
  static Duration halfLife(String text) {
    String value = text.strip().toLowerCase(java.util.Locale.ROOT);
    if (value.equals("none") || value.equals("never")) {
      return null;
    }
    java.util.regex.Matcher m = SHORT_DURATION.matcher(value);
    if (m.matches()) {
      double amount = Double.parseDouble(m.group(1));
      long unitSeconds =
          switch (m.group(2)) {
            case "s" -> 1;
            case "m" -> 60;
            case "h" -> 3_600;
            case "d" -> 86_400;
            default -> 7 * 86_400;
          };
      return Duration.ofMillis(Math.round(amount * unitSeconds * 1000));
    }
    try {
      return Duration.parse(text.strip().toUpperCase(java.util.Locale.ROOT));
    } catch (java.time.format.DateTimeParseException e) {
      throw new IllegalArgumentException(
          "must be a duration such as 14d, 36h, 2w or none, got \"" + text + "\"", e);
    }
  }

  /** One mapping of the YAML tree, read with its dotted path for error messages. */
  private record Section(JsonNode node, String path) {
    Section {
      if (!node.isObject()) {
        throw new IllegalArgumentException(
            (path.isEmpty() ? "the top level" : path)
                + ": must be a mapping, got "
                + node.getNodeType().name().toLowerCase());
      }
    }

    String key(String name) {
      return path.isEmpty() ? name : path + "." + name;
    }

    void allow(String... names) {
      allow(Set.of(names));
    }

    void allow(Set<String> allowed) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        String name = it.next().getKey();
        if (!allowed.contains(name)) {
          throw new IllegalArgumentException(
              key(name)
                  + ": unknown setting, expected one of "
                  + String.join(", ", new java.util.TreeSet<>(allowed)));
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
            message != null && message.startsWith(key(name))
                ? message
                : key(name) + ": bad value " + value + ": " + message,
            e);
      }
    }
  }
}
