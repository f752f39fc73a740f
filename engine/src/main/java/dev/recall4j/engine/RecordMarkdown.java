package dev.recall4j.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Tier;
import dev.recall4j.core.Wire;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * A record as a Markdown file with a YAML front-matter block, the shape of a Markdown-vault memory:
 *
 * <pre>
 * ---
 * id: pref-1
 * silo: memory
 * kind: user_preference
 * status: active
 * tier: pinned
 * always_load: true
 * namespace: alice
 * tags: [go, style]
 * source: user
 * supersedes: pref-0
 * created: 2026-11-01T12:00:00Z
 * updated: 2026-11-01T12:00:00Z
 * recall_count: 3
 * ---
 * # Title, when the record has one
 *
 * The content.
 * </pre>
 *
 * Front-matter keys are snake case; absent optional fields are left out; {@code always_load} is
 * true exactly for pinned records. For people and vault tools: the lossless form is JSONL ({@link
 * RecordJson}), which the vector and every statistic survive. Thread-safe.
 */
public final class RecordMarkdown {
  private static final YAMLMapper YAML =
      YAMLMapper.builder()
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .build();

  private RecordMarkdown() {}

  /** The file's text: front matter, then the title as a heading, then the content. */
  public static String render(MemoryRecord r) {
    ObjectNode n = YAML.createObjectNode();
    n.put("id", r.id());
    n.put("silo", Wire.name(r.silo()));
    n.put("kind", r.kind().name());
    n.put("status", Wire.name(r.status()));
    n.put("tier", Wire.name(r.tier()));
    n.put("always_load", r.tier() == Tier.PINNED);
    RecordJson.putScopeAndProvenance(n, r);
    RecordJson.putIfPresent(n, "supersedes", r.supersedes());
    if (!r.links().isEmpty()) {
      r.links().forEach(n.putArray("links")::add);
    }
    n.put("created", r.created().toString());
    n.put("updated", r.updated().toString());
    RecordJson.putIfPresent(
        n, "last_accessed", r.lastAccessed() == null ? null : r.lastAccessed().toString());
    n.put("recall_count", r.recallCount());
    RecordJson.putIfPresent(n, "summary", r.summary());
    if (r.origin() != null) {
      ObjectNode o = n.putObject("origin");
      o.put("path", r.origin().path());
      o.put("chunk", r.origin().chunk());
      o.put("line", r.origin().line());
    }
    n.put("content_hash", r.contentHash());
    RecordJson.putIfPresent(n, "embedding_model", r.embeddingModel());
    String frontMatter;
    try {
      frontMatter = YAML.writeValueAsString(n);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
    StringBuilder md = new StringBuilder("---\n").append(frontMatter).append("---\n");
    if (r.title() != null) {
      md.append("# ").append(r.title()).append("\n\n");
    }
    return md.append(r.content()).append('\n').toString();
  }

  /** The longest id kept whole in a file name; longer ones are cut and hashed. */
  private static final int MAX_NAME_CHARS = 200;

  /**
   * A file name for the record, unique per id on every file system: the id itself when it is at
   * most 200 characters of {@code [a-z0-9._-]} not starting with a dot; otherwise the id
   * lower-cased with every other character replaced by {@code _}, cut to 200 characters, plus
   * {@code -} and 16 hex digits of the id's SHA-256, so that {@code a/b} and {@code a_b}, or {@code
   * Pref} and {@code pref} (one file on a case-insensitive file system), stay apart and a
   * 256-character id stays under the usual 255-byte name limit; then {@code .md}. The front matter
   * keeps the exact id.
   */
  public static String fileName(MemoryRecord r) {
    String id = r.id();
    String safe = id.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]", "_");
    if (safe.startsWith(".")) {
      safe = "_" + safe.substring(1);
    }
    if (safe.equals(id) && id.length() <= MAX_NAME_CHARS) {
      return id + ".md";
    }
    String cut = safe.length() <= MAX_NAME_CHARS ? safe : safe.substring(0, MAX_NAME_CHARS);
    return cut + "-" + sha256Hex(id).substring(0, 16) + ".md";
  }

  /** Of the id exactly: ContentHash normalises, which would join ids that differ in NFC form. */
  private static String sha256Hex(String id) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
