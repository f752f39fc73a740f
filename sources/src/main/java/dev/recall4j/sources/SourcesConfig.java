package dev.recall4j.sources;

import dev.recall4j.core.ConfigSection;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.ConfigFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code sources:} of a {@code recall4j.yaml} (or of an agent's {@code memory:} section), each
 * a named store synced into the index:
 *
 * <pre>
 * sources:
 *   - name: notes                 # the first part of its records' ids
 *     type: markdown              # markdown | daily-log | jsonl | sqlite
 *     path: vault                 # relative to the configuration's folder
 *     exclude: [.obsidian]        # at any depth; a path with a slash is anchored; globs
 *     archive: [_archive]         # records stored in the archived tier
 *     pin: [CLAUDE.md, rules]     # records pinned (always injected)
 *     include_inbox: false        # _inbox folders are not read unless true
 *     writable: false             # true: appends, supersedes and forgets write the files
 *     follow_symlinks: false      # true: links may lead out of the path
 *     max_file_mb: 32             # a larger note is reported, not read
 *     chunk_words: 160
 *     silo: memory                # for records that name none
 *     context: personal notes     # what the source holds, shown with its hits
 *     contexts: {meetings: meeting transcripts}   # per sub-folder
 *   - {name: harness, type: daily-log, path: workspace, pin_memory: true}
 *   - {name: rules, type: markdown, path: .claude, scope: user}   # or project: NAME, team: NAME
 *   - {name: memories, type: sqlite, path: agents/memories/memories.db, query: "SELECT ..."}
 * </pre>
 *
 * The Go agent's own {@code memory.rag.stores[]} ({@code name, db_path, embedding_model}) and
 * {@code memory.knowledge_base.db_path} become SQLite sources ({@link GoAgentSilos}) when the file
 * holds the table the seed describes; otherwise they are left to the agent (logged at debug level).
 * An unknown key, a key the source's type does not take, or a bad value is an {@link
 * IllegalArgumentException} naming the file and the key ({@code sources[1].type}).
 */
public final class SourcesConfig {
  private static final Logger LOG = LoggerFactory.getLogger(SourcesConfig.class);

  /** The settings every source takes. */
  private static final Set<String> COMMON =
      Set.of("name", "type", "path", "context", "contexts", "scope", "project", "team");

  /** The settings of each type besides {@link #COMMON}: any other is an error naming it. */
  private static final Map<SourceType, Set<String>> OPTIONS =
      Map.of(
          SourceType.MARKDOWN,
          Set.of(
              "exclude",
              "archive",
              "pin",
              "chunk_words",
              "silo",
              "include_inbox",
              "writable",
              "follow_symlinks",
              "max_file_mb"),
          SourceType.DAILY_LOG,
          Set.of(
              "exclude",
              "archive",
              "pin",
              "pin_memory",
              "writable",
              "follow_symlinks",
              "max_file_mb"),
          SourceType.JSONL,
          Set.of("exclude", "archive", "pin", "follow_symlinks"),
          SourceType.SQLITE,
          Set.of("query", "silo"));

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

  /** Reads the sources of one YAML file, through the engine's one YAML reader. */
  public static SourcesConfig read(Path file) throws IOException {
    ConfigSection config = ConfigFile.sections(file);
    Path base = file.toAbsolutePath().getParent();
    boolean agentFile = !config.path().isEmpty();
    List<SourceSpec> specs = new ArrayList<>();
    try {
      config.sections("sources", n -> specs.add(source(n, base)));
      if (agentFile) {
        specs.addAll(agentStores(config, base, file));
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

  private static SourceSpec source(ConfigSection n, Path base) {
    Set<String> known = new TreeSet<>(COMMON);
    OPTIONS.values().forEach(known::addAll);
    n.allow(known);
    String name = required(n, "name");
    SourceType type = SourceType.parse(n.key("type"), required(n, "type"));
    Set<String> takes = new TreeSet<>(OPTIONS.get(type));
    for (String key : n.names()) {
      if (!COMMON.contains(key) && !takes.contains(key)) {
        throw new IllegalArgumentException(
            n.key(key)
                + ": not supported by "
                + type.wireName()
                + " (a "
                + type.wireName()
                + " source takes "
                + String.join(", ", takes)
                + " besides "
                + String.join(", ", new TreeSet<>(COMMON))
                + ")");
      }
    }
    Path path = base.resolve(required(n, "path")).normalize();
    Map<String, String> contexts = new LinkedHashMap<>();
    n.text("context", v -> contexts.put("", v));
    n.section(
        "contexts",
        sub ->
            sub.names()
                .forEach(
                    folder ->
                        sub.text(folder, v -> contexts.put(folder.replaceAll("^/+|/+$", ""), v))));
    List<String> exclude = folders(n, "exclude", SourceSpec.DEFAULT_EXCLUDED);
    List<String> archive = folders(n, "archive", List.of());
    List<String> pin = folders(n, "pin", List.of());
    int[] chunkWords = {SourceSpec.DEFAULT_CHUNK_WORDS};
    n.integer("chunk_words", v -> chunkWords[0] = v);
    boolean[] flags = {false, false, false, false};
    n.bool("pin_memory", v -> flags[0] = v);
    n.bool("include_inbox", v -> flags[1] = v);
    n.bool("writable", v -> flags[2] = v);
    n.bool("follow_symlinks", v -> flags[3] = v);
    int[] maxFileMb = {FileAccess.DEFAULT_MAX_FILE_MB};
    n.integer("max_file_mb", v -> maxFileMb[0] = v);
    String silo = n.text("silo");
    try {
      return new SourceSpec(
          name,
          type,
          path,
          exclude,
          archive,
          pin,
          chunkWords[0],
          flags[0],
          silo == null ? null : Silo.parse(n.key("silo"), silo),
          n.text("query"),
          contexts,
          flags[1],
          flags[2],
          SourceScope.read(n),
          new FileAccess(flags[3], maxFileMb[0]));
    } catch (IllegalArgumentException e) {
      String message = e.getMessage();
      throw new IllegalArgumentException(
          message.startsWith(n.path()) ? message : n.path() + "." + message, e);
    }
  }

  /** The agent's RAG stores and knowledge base, as SQLite sources when their tables fit. */
  private static List<SourceSpec> agentStores(ConfigSection memory, Path base, Path file) {
    List<SourceSpec> out = new ArrayList<>();
    int[] i = {0};
    memory
        .section("rag")
        .sections(
            "stores",
            s -> {
              String dbPath = s.text("db_path");
              String fallback = "store" + i[0]++;
              String storeName = s.has("name") ? s.text("name") : fallback;
              if (dbPath == null) {
                return;
              }
              Path db = base.resolve(dbPath).normalize();
              if (holdsTable(db, GoAgentSilos.RAG_TABLE, file)) {
                out.add(
                    sqlite(
                        "rag-" + storeName.replaceAll("[^A-Za-z0-9._-]", "_"),
                        db,
                        GoAgentSilos.ragQuery(s.text("embedding_model")),
                        Silo.RAG));
              }
            });
    String kb = memory.section("knowledge_base").text("db_path");
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
        Map.of(),
        false,
        false);
  }

  /** Whether a SQLite file holds the table, read-only; false (logged) when it does not. */
  static boolean holdsTable(Path db, String table, Path configFile) {
    if (!Files.isRegularFile(db)) {
      LOG.debug("{}: {} does not exist; not synced", configFile, db);
      return false;
    }
    try (Connection c = SqliteSource.open(db);
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

  private static String required(ConfigSection n, String name) {
    String value = n.text(name);
    if (value == null) {
      throw new IllegalArgumentException(n.key(name) + ": required");
    }
    return value;
  }

  /** Folder names, slashes around them dropped; a single one counts as a list of one. */
  private static List<String> folders(ConfigSection n, String name, List<String> absent) {
    List<String> out = new ArrayList<>(absent);
    n.list(
        name,
        values -> {
          out.clear();
          values.forEach(v -> out.add(v.replaceAll("^/+|/+$", "")));
        });
    return out;
  }
}
