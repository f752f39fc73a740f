package dev.recall4j.engine;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.recall4j.core.ConfigSection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
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
 *                  bm25_k1: 0.9, bm25_b: 0.4, code_field_boost: 0.3, segments_per_tier: 4}
 * stats: {enabled: true, db: agents/index/stats.db, share_db: false, log_max_rows: 10000,
 *         log_max_days: 30}
 * sessions: {on_end: archive}                                  # or drop
 * </pre>
 *
 * <p>This is the one YAML reader of {@code recall4j.yaml}: each section is read by the settings
 * record that owns it ({@link EmbedderSettings#read}, {@link RecallSettings#read}...), and the
 * other modules read their own sections from {@link #sections(Path)} ({@code server:}, {@code
 * sources:}, a {@code store:} of another type through its {@link StoreProvider}). An unknown key or
 * a bad value is an {@link IllegalArgumentException} naming the key, the value and the file; a
 * top-level key is known when the engine or a {@link ConfigSectionOwner} on the class path reads
 * it.
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
  private static final List<String> LEGACY_AGENT_KEYS = List.of("rag", "knowledge_db");

  /** The top-level keys the engine reads. */
  private static final Set<String> OWN_KEYS =
      Set.of(
          "index",
          "namespace",
          "project",
          "embedder",
          "recall",
          "budget",
          "index_settings",
          "stats",
          "store",
          "sessions");

  /** The in-process index's {@code store.type}. */
  static final String IN_PROCESS_STORE = "lucene";

  private ConfigFile() {}

  /** The configuration of a workspace: its {@code recall4j.yaml} if present, else every default. */
  public static EngineConfig forWorkspace(Path workspace) throws IOException {
    Path file = workspace.resolve(FILE_NAME);
    return Files.isRegularFile(file) ? read(file) : EngineConfig.builder(workspace).build();
  }

  /**
   * The configuration's top level of a YAML file, for a module that reads its own section: the
   * file's top level, or an agent file's {@code memory:} section; empty for an empty file.
   *
   * @throws IllegalArgumentException {@code FILE: not valid YAML} or {@code FILE: the top level:
   *     must be a mapping}
   */
  public static ConfigSection sections(Path file) throws IOException {
    Object root = parse(file);
    if (root == null) {
      return ConfigSection.empty("");
    }
    try {
      ConfigSection top = ConfigSection.of(root, "");
      return top.hasSection("memory") ? top.section("memory") : top;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  /** Reads one YAML file. */
  public static EngineConfig read(Path file) throws IOException {
    Object root = parse(file);
    Path workspace = file.toAbsolutePath().getParent();
    EngineConfig.Builder builder = EngineConfig.builder(workspace);
    if (root == null) {
      return builder.build();
    }
    try {
      ConfigSection top = ConfigSection.of(root, "");
      boolean agentFile = top.has("memory");
      if (agentFile) {
        ConfigSection memory = top.section("memory");
        applyAgentKeys(memory, builder, file, top);
        apply(memory, builder, true);
      } else {
        apply(top, builder, false);
      }
      return builder.build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  private static Object parse(Path file) throws IOException {
    try {
      return Yaml.MAPPER.readValue(file.toFile(), Object.class);
    } catch (IOException e) {
      if (!Files.isRegularFile(file)) {
        throw e;
      }
      throw new IllegalArgumentException(file + ": not valid YAML: " + e.getMessage(), e);
    }
  }

  /**
   * The agent's own keys of its {@code memory:} section that recall4j has a meaning for; the rest
   * of them are logged as left to the agent. recall4j's own keys, read after, override these.
   */
  private static void applyAgentKeys(
      ConfigSection memory, EngineConfig.Builder b, Path file, ConfigSection root) {
    memory.number(
        "budget_pct",
        v -> b.budget(b.budget().withShare(v).withShareKey(memory.key("budget_pct"))));
    memory.integer("top_k", b::topK);
    memory.text("current_project", b::project);
    List<String> ignored = new ArrayList<>();
    for (String key : new TreeSet<>(AGENT_KEYS)) {
      if (memory.has(key) && !USED_AGENT_KEYS.contains(key)) {
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

  private static void apply(ConfigSection top, EngineConfig.Builder b, boolean agentFile) {
    Set<String> allowed = new HashSet<>(OWN_KEYS);
    for (ConfigSectionOwner owner : ServiceLoader.load(ConfigSectionOwner.class)) {
      allowed.addAll(owner.sections());
    }
    if (agentFile) {
      allowed.addAll(AGENT_KEYS);
    }
    top.allow(allowed);
    top.text("index", v -> b.indexDir(Path.of(v)));
    top.text("namespace", b::namespace);
    top.text("project", b::project);
    top.section("embedder", s -> b.embedder(b.embedder().read(s)));
    top.section("recall", s -> b.recall(b.recall().read(s)));
    top.section("budget", s -> b.budget(b.budget().read(s)));
    top.section("index_settings", s -> b.indexSettings(b.indexSettings().read(s)));
    top.section("stats", s -> b.stats(b.stats().read(s)));
    top.section("sessions", s -> b.sessions(b.sessions().read(s)));
    top.section("store", s -> b.store(store(s, b)));
  }

  /**
   * {@code store}: the in-process index ({@code type: lucene}, the default: it lives in {@code
   * index}), or a store of another type read by its {@link StoreProvider}.
   */
  private static StoreOpener store(ConfigSection s, EngineConfig.Builder b) {
    String type = s.text("type");
    if (type == null || type.equals(IN_PROCESS_STORE)) {
      s.allow("type");
      return null;
    }
    Map<String, StoreProvider> providers = new java.util.TreeMap<>();
    for (StoreProvider provider : ServiceLoader.load(StoreProvider.class)) {
      providers.put(provider.type(), provider);
    }
    StoreProvider provider = providers.get(type);
    if (provider == null) {
      Set<String> known = new TreeSet<>(providers.keySet());
      known.add(IN_PROCESS_STORE);
      throw new IllegalArgumentException(
          s.key("type")
              + ": unknown store type \""
              + type
              + "\", expected one of "
              + String.join(", ", known)
              + " (a store type comes with its module on the class path, such as"
              + " recall4j-opensearch for opensearch)");
    }
    return provider.read(s, b.workspace());
  }
}
