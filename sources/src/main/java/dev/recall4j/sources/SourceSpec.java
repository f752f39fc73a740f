package dev.recall4j.sources;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Silo;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One configured source: a named store of an agent, read as its owner wrote it.
 *
 * @param name the source's name, the first part of its records' ids ({@code name:path#chunk});
 *     letters, digits, {@code . _ -}
 * @param type how its files are read
 * @param path the source's root folder (or, for SQLite and a single file, the file), absolute
 * @param excluded folders and files never read, e.g. {@code .obsidian}; at any depth, or anchored
 *     at {@code path} when they hold a slash, globs allowed ({@link FolderPatterns})
 * @param archived folders and files whose records are stored in the archived tier, e.g. {@code
 *     _archive} (matched as {@code excluded})
 * @param pinned folders and files whose records are pinned (always injected), e.g. {@code
 *     CLAUDE.md}, {@code rules}: the instruction files an agent loads every session
 * @param chunkWords the word count a Markdown chunk grows to before a paragraph break ends it
 * @param pinMemoryFile daily logs: whether {@code MEMORY.md}'s entries are pinned
 * @param silo the silo of records that name none (null: by type — RAG for notes without a kind,
 *     memory otherwise)
 * @param query SQLite: the SQL query whose columns are named after record fields; null otherwise
 * @param contexts what the source holds, for an agent choosing among hits: sub-folder (relative,
 *     {@code ""} for the whole source) to description
 * @param includeInbox markdown: whether notes in {@value #INBOX} folders (raw candidates a vault
 *     keeps out of recall) are read; they are not by default
 * @param writable markdown and daily logs: whether what an agent writes through recall4j (append,
 *     supersede, forget) is written to the files first ({@link SourceWriteBack})
 * @param scope where its records belong: the user's own, a project's or a team's ({@link
 *     SourceScope#SYNC}: the sync's scope)
 * @param files whether links may lead out of {@code path}, and the largest file read whole
 */
public record SourceSpec(
    String name,
    SourceType type,
    Path path,
    List<String> excluded,
    List<String> archived,
    List<String> pinned,
    int chunkWords,
    boolean pinMemoryFile,
    Silo silo,
    String query,
    Map<String, String> contexts,
    boolean includeInbox,
    boolean writable,
    SourceScope scope,
    FileAccess files) {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  /** The folders a vault tool keeps for itself, never read unless configured otherwise. */
  public static final List<String> DEFAULT_EXCLUDED = List.of(".obsidian", ".git", ".trash");

  public static final int DEFAULT_CHUNK_WORDS = 160;

  /** The folder name of a vault's unreviewed notes, read only with {@code include_inbox}. */
  public static final String INBOX = "_inbox";

  public SourceSpec {
    Checks.require(
        name != null && NAME.matcher(name).matches(),
        "name",
        "must be 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit, got %s",
        name);
    Checks.notNull(type, "type");
    Checks.notNull(path, "path");
    path = path.toAbsolutePath().normalize();
    excluded = List.copyOf(excluded);
    archived = List.copyOf(archived);
    pinned = List.copyOf(pinned);
    Checks.require(chunkWords >= 1, "chunk_words", "must be >= 1, got %d", chunkWords);
    Checks.require(
        type != SourceType.SQLITE || (query != null && !query.isBlank()),
        "query",
        "a sqlite source needs a query");
    contexts = Map.copyOf(new LinkedHashMap<>(contexts));
    Checks.notNull(scope, "scope");
    excluded.forEach(FolderPatterns::check);
    archived.forEach(FolderPatterns::check);
    pinned.forEach(FolderPatterns::check);
    Checks.require(
        !writable || type == SourceType.MARKDOWN || type == SourceType.DAILY_LOG,
        "writable",
        "only a markdown or daily-log source can be written, not a %s source",
        type.wireName());
    Checks.notNull(files, "files");
  }

  /**
   * A source in the sync's scope ({@link SourceScope#SYNC}) whose files are reached and read as
   * {@link FileAccess#DEFAULT} says.
   */
  public SourceSpec(
      String name,
      SourceType type,
      Path path,
      List<String> excluded,
      List<String> archived,
      List<String> pinned,
      int chunkWords,
      boolean pinMemoryFile,
      Silo silo,
      String query,
      Map<String, String> contexts,
      boolean includeInbox,
      boolean writable) {
    this(
        name,
        type,
        path,
        excluded,
        archived,
        pinned,
        chunkWords,
        pinMemoryFile,
        silo,
        query,
        contexts,
        includeInbox,
        writable,
        SourceScope.SYNC,
        FileAccess.DEFAULT);
  }

  /** A source with every option at its default. */
  public static SourceSpec of(String name, SourceType type, Path path) {
    return new SourceSpec(
        name,
        type,
        path,
        DEFAULT_EXCLUDED,
        List.of(),
        List.of(),
        DEFAULT_CHUNK_WORDS,
        false,
        null,
        null,
        Map.of(),
        false,
        false);
  }

  /** The folder options, compiled: which files are skipped and which tier folders give. */
  FolderRules folders() {
    return new FolderRules(this);
  }

  /** Settings that change what a file's records are: a change makes every file read again. */
  String settingsKey() {
    return String.join(
        "|",
        type.name(),
        path.toString(),
        excluded.toString(),
        archived.toString(),
        pinned.toString(),
        Integer.toString(chunkWords),
        Boolean.toString(pinMemoryFile),
        Boolean.toString(includeInbox),
        String.valueOf(silo),
        String.valueOf(query),
        scope.key());
  }
}
