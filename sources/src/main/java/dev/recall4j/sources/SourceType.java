package dev.recall4j.sources;

import java.util.Locale;

/** How a source's files are read. */
public enum SourceType {
  /** A Markdown vault: notes with optional YAML front matter, chunked by heading. */
  MARKDOWN,
  /** {@code MEMORY.md} plus daily logs {@code memory/YYYY-MM-DD.md}: one record per entry. */
  DAILY_LOG,
  /** JSONL record files, merged over what is stored. */
  JSONL,
  /** One SQLite file read through one SQL query. */
  SQLITE;

  /** The spelling in {@code recall4j.yaml}: {@code markdown}, {@code daily-log}... */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Parses the configuration's spelling, naming {@code field} on error. */
  public static SourceType parse(String field, String value) {
    for (SourceType t : values()) {
      if (t.wireName().equals(value.strip().toLowerCase(Locale.ROOT).replace('_', '-'))) {
        return t;
      }
    }
    throw new IllegalArgumentException(
        field
            + ": unknown source type \""
            + value
            + "\", expected markdown, daily-log, jsonl or sqlite");
  }
}
