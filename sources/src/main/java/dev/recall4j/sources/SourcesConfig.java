package dev.recall4j.sources;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.ConfigFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * The {@code sources:} of a {@code recall4j.yaml} (or of an agent's {@code memory:} section), each
 * a named store synced into the index:
 *
 * <pre>
 * sources:
 *   - name: notes                 # the first part of its records' ids
 *     type: markdown              # markdown | daily-log | jsonl | sqlite
 *     path: vault                 # relative to the configuration's folder
 *     exclude: [_inbox, .obsidian]
 *     archive: [_archive]         # records stored in the archived tier
 *     pin: [CLAUDE.md, rules]     # records pinned (always injected)
 *     chunk_words: 160
 *     silo: memory                # for records that name none
 *     context: personal notes     # what the source holds, shown with its hits
 *     contexts: {meetings: meeting transcripts}   # per sub-folder
 *   - {name: harness, type: daily-log, path: workspace, pin_memory: true}
 *   - {name: memories, type: sqlite, path: agents/memories/memories.db, query: "SELECT ..."}
 * </pre>
 *
 * The Go agent's own {@code memory.rag.stores[]} ({@code name, db_path, embedding_model}) and
 * {@code memory.knowledge_base.db_path} become SQLite sources ({@link GoAgentSilos}) when the file
 * holds the table the seed describes; otherwise they are left to the agent (logged at debug level).
 * An unknown key or a bad value is an {@link IllegalArgumentException} naming the file and the key
 * ({@code sources[1].type}).
 */
public final class SourcesConfig {
  private static final Logger LOG = LoggerFactory.getLogger(SourcesConfig.class);
  private static final YAMLMapper YAML = new YAMLMapper();
  private static final Set<String> KEYS =
      Set.of(
          "name",
          "type",
          "path",
          "exclude",
          "archive",
          "chunk_words",
          "pin_memory",
          "silo",
          "query",
          "context",
          "contexts");

  private final List<SourceSpec> sources;

  private SourcesConfig(List<SourceSpec> sources) {
    this.sources = List.copyOf(sources);
  }

  /** No sources. */
  public static SourcesConfig none() {
    return new SourcesConfig(List.of());
  }

  /** The sources of a workspace's {@code recall4j.yaml}, or none when it has no such file. */
  public static SourcesConfig forWorkspace(Path workspace) throws IOException {
    Path file = workspace.resolve(ConfigFile.FILE_NAME);
    return Files.isRegularFile(file) ? read(file) : none();
  }

  /** Reads the sources of one YAML file. */
  public static SourcesConfig read(Path file) throws IOException {
    JsonNode root;
    try {
      root = YAML.readTree(file.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException(file + ": not valid YAML: " + e.getMessage(), e);
    }
    if (root == null || !root.isObject()) {
      return none();
    }
    Path base = file.toAbsolutePath().getParent();
    boolean agentFile = root.has("memory");
    JsonNode config = agentFile ? root.get("memory") : root;
    List<SourceSpec> specs = new ArrayList<>();
    try {
      if (config != null && config.isObject()) {
        JsonNode list = config.get("sources");
        if (list != null && !list.isNull()) {
          String key = agentFile ? "memory.sources" : "sources";
          if (!list.isArray()) {
            throw new IllegalArgumentException(key + ": must be a list of sources");
          }
          for (int i = 0; i < list.size(); i++) {
            specs.add(source(list.get(i), key + "[" + i + "]", base));
          }
        }
        if (agentFile) {
          specs.addAll(agentStores(config, base, file));
        }
      }
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
    Set<String> names = new TreeSet<>();
    for (SourceSpec s : specs) {
      if (!names.add(s.name())) {
        throw new IllegalArgumentException(
            file + ": sources: the name " + s.name() + " is used twice; names must be unique");
      }
    }
    return new SourcesConfig(specs);
  }

  public List<SourceSpec> sources() {
    return sources;
  }

  /** The source of this name, if configured. */
  public java.util.Optional<SourceSpec> source(String name) {
    return sources.stream().filter(s -> s.name().equals(name)).findFirst();
  }

  /**
   * What each source and sub-folder holds, by absolute path prefix, the longest (most specific)
   * first: the first prefix a record's {@code origin.path} starts with describes it.
   */
  public Map<Path, String> contexts() {
    Map<Path, String> out = new LinkedHashMap<>();
    List<Map.Entry<Path, String>> all = new ArrayList<>();
    for (SourceSpec s : sources) {
      s.contexts()
          .forEach(
              (sub, text) ->
                  all.add(
                      Map.entry(
                          sub.isEmpty() ? s.path() : s.path().resolve(sub).normalize(), text)));
    }
    all.sort(
        Comparator.comparingInt((Map.Entry<Path, String> e) -> e.getKey().getNameCount())
            .reversed()
            .thenComparing(e -> e.getKey().toString()));
    all.forEach(e -> out.putIfAbsent(e.getKey(), e.getValue()));
    return out;
  }

  private static SourceSpec source(JsonNode n, String key, Path base) {
    if (!n.isObject()) {
      throw new IllegalArgumentException(key + ": must be a mapping with name, type and path");
    }
    for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
      String k = it.next();
      if (!KEYS.contains(k)) {
        throw new IllegalArgumentException(
            key + "." + k + ": unknown setting, expected one of " + new TreeSet<>(KEYS));
      }
    }
    String name = required(n, key, "name");
    SourceType type = SourceType.parse(key + ".type", required(n, key, "type"));
    Path path = base.resolve(required(n, key, "path")).normalize();
    Map<String, String> contexts = new LinkedHashMap<>();
    if (n.hasNonNull("context")) {
      contexts.put("", text(n, key, "context"));
    }
    JsonNode sub = n.get("contexts");
    if (sub != null && !sub.isNull()) {
      if (!sub.isObject()) {
        throw new IllegalArgumentException(key + ".contexts: must map sub-folders to descriptions");
      }
      sub.fields()
          .forEachRemaining(
              e ->
                  contexts.put(
                      e.getKey().replaceAll("^/+|/+$", ""),
                      text(sub, key + ".contexts", e.getKey())));
    }
    try {
      return new SourceSpec(
          name,
          type,
          path,
          n.has("exclude") ? list(n, key, "exclude") : SourceSpec.DEFAULT_EXCLUDED,
          n.has("archive") ? list(n, key, "archive") : List.of(),
          n.has("pin") ? list(n, key, "pin") : List.of(),
          n.has("chunk_words") ? integer(n, key, "chunk_words") : SourceSpec.DEFAULT_CHUNK_WORDS,
          n.has("pin_memory") && bool(n, key, "pin_memory"),
          n.hasNonNull("silo") ? Silo.parse(key + ".silo", text(n, key, "silo")) : null,
          n.hasNonNull("query") ? text(n, key, "query") : null,
          contexts);
    } catch (IllegalArgumentException e) {
      String message = e.getMessage();
      throw new IllegalArgumentException(
          message.startsWith(key) ? message : key + "." + message, e);
    }
  }

  /** The agent's RAG stores and knowledge base, as SQLite sources when their tables fit. */
  private static List<SourceSpec> agentStores(JsonNode memory, Path base, Path file) {
    List<SourceSpec> out = new ArrayList<>();
    JsonNode stores = memory.path("rag").path("stores");
    for (int i = 0; stores.isArray() && i < stores.size(); i++) {
      JsonNode s = stores.get(i);
      String dbPath = s.path("db_path").asText(null);
      String storeName = s.path("name").asText("store" + i);
      if (dbPath == null) {
        continue;
      }
      Path db = base.resolve(dbPath).normalize();
      if (holdsTable(db, GoAgentSilos.RAG_TABLE, file)) {
        out.add(
            sqlite(
                "rag-" + storeName.replaceAll("[^A-Za-z0-9._-]", "_"),
                db,
                GoAgentSilos.ragQuery(s.path("embedding_model").asText(null)),
                Silo.RAG));
      }
    }
    String kb = memory.path("knowledge_base").path("db_path").asText(null);
    if (kb != null && !kb.isBlank()) {
      Path db = base.resolve(kb).normalize();
      if (holdsTable(db, GoAgentSilos.KNOWLEDGE_TABLE, file)) {
        out.add(sqlite("knowledge", db, GoAgentSilos.KNOWLEDGE_QUERY, Silo.KB));
      }
    }
    return out;
  }

  private static SourceSpec sqlite(String name, Path db, String query, Silo silo) {
    return new SourceSpec(
        name,
        SourceType.SQLITE,
        db,
        List.of(),
        List.of(),
        List.of(),
        SourceSpec.DEFAULT_CHUNK_WORDS,
        false,
        silo,
        query,
        Map.of());
  }

  /** Whether a SQLite file holds the table, read-only; false (logged) when it does not. */
  static boolean holdsTable(Path db, String table, Path configFile) {
    if (!Files.isRegularFile(db)) {
      LOG.debug("{}: {} does not exist; not synced", configFile, db);
      return false;
    }
    SQLiteConfig config = new SQLiteConfig();
    config.setReadOnly(true);
    config.setOpenMode(SQLiteOpenMode.READONLY);
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db, config.toProperties());
        PreparedStatement st =
            c.prepareStatement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")) {
      st.setString(1, table);
      try (ResultSet rs = st.executeQuery()) {
        if (rs.next()) {
          return true;
        }
      }
    } catch (SQLException e) {
      LOG.debug("{}: {} cannot be read: {}", configFile, db, e.getMessage());
      return false;
    }
    LOG.debug("{}: {} has no table {}; left to the agent", configFile, db, table);
    return false;
  }

  private static String required(JsonNode n, String key, String name) {
    if (!n.hasNonNull(name)) {
      throw new IllegalArgumentException(key + "." + name + ": required");
    }
    return text(n, key, name);
  }

  private static String text(JsonNode n, String key, String name) {
    JsonNode v = n.get(name);
    if (!v.isValueNode()) {
      throw new IllegalArgumentException(key + "." + name + ": must be a single value, got " + v);
    }
    return v.asText();
  }

  private static List<String> list(JsonNode n, String key, String name) {
    JsonNode v = n.get(name);
    if (v == null || v.isNull()) {
      return List.of();
    }
    if (v.isValueNode()) {
      return List.of(v.asText());
    }
    if (!v.isArray()) {
      throw new IllegalArgumentException(key + "." + name + ": must be a list of folders");
    }
    List<String> out = new ArrayList<>();
    v.forEach(e -> out.add(e.asText().replaceAll("^/+|/+$", "")));
    return out;
  }

  private static int integer(JsonNode n, String key, String name) {
    JsonNode v = n.get(name);
    if (!v.isIntegralNumber() || !v.canConvertToInt()) {
      throw new IllegalArgumentException(key + "." + name + ": must be a whole number, got " + v);
    }
    return v.intValue();
  }

  private static boolean bool(JsonNode n, String key, String name) {
    JsonNode v = n.get(name);
    if (!v.isBoolean()) {
      throw new IllegalArgumentException(key + "." + name + ": must be true or false, got " + v);
    }
    return v.booleanValue();
  }
}
