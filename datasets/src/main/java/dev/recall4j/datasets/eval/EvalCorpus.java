package dev.recall4j.datasets.eval;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.datasets.load.Dataset;
import dev.recall4j.datasets.load.Document;
import dev.recall4j.datasets.load.Level;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/*
 * How a relevance corpus becomes engine records, and what "now" is for each haystack.
 *
 * Records. One record per document, id = document id, scope = the document's namespace (each LoCoMo
 * conversation its own haystack), source import (one trust for all, so trust never reorders):
 *   BEIR layout             -> silo rag,    kind rag_chunk     (never decays)
 *   LoCoMo turns            -> silo memory, kind dialog_turn    (unlisted kind: 30-day half-life)
 *   LoCoMo sessions         -> silo memory, kind dialog_session (the same)
 *   LoCoMo observations     -> silo kb,     kind observation    (90-day half-life)
 *   LoCoMo mixed            -> each document as at the level of the file it came from
 *                              (Document.level), so turns and observations share one haystack
 *                              in their own tiers (priority 4 and 6)
 * title = the document title, content = its text (the title alone when the text is empty; a
 * document with neither is skipped with a warning, as is one whose id the record model refuses).
 * A dated document without a title (LoCoMo's turns and observations) gets the time it was said as
 * its title, "8 May 2023, 1:56 pm", as an agent that keeps conversation memories stamps each one:
 * the date is part of what the memory says, it is searched and embedded with it, and a question
 * about when something happened finds it (nDCG@10 +0.02 to +0.03 on LoCoMo turns and
 * observations, BM25 and dense alike; docs/RESULTS.md).
 * created = updated = the document's timestamp (LoCoMo's session time), else the epoch.
 *
 * Now. Recency decay is measured at the moment the questions are asked. LoCoMo's questions are
 * asked after a conversation ends, so "now" for a conversation is its latest session time plus one
 * day (negligible against half-lives of 30 days and more, but after every turn). A haystack without
 * timestamps uses the epoch, as its records do: age 0, no decay.
 */
final class EvalCorpus {
  static final Kind DIALOG_TURN = new Kind("dialog_turn");
  static final Kind DIALOG_SESSION = new Kind("dialog_session");

  /** Time after a conversation's last session at which its questions are asked. */
  static final Duration ASKED_AFTER = Duration.ofDays(1);

  /** The time of records and haystacks without timestamps. */
  static final Instant UNDATED = Instant.EPOCH;

  private static final DateTimeFormatter SAID_AT =
      DateTimeFormatter.ofPattern("d MMMM yyyy, h:mm a", Locale.ENGLISH);

  private final List<MemoryRecord> records;
  private final Map<String, MemoryRecord> byId;
  private final Map<String, Document> documents;
  private final Map<String, Instant> nowByNamespace;
  private final List<String> warnings;

  private EvalCorpus(
      List<MemoryRecord> records,
      Map<String, Document> documents,
      Map<String, Instant> nowByNamespace,
      List<String> warnings) {
    this.records = List.copyOf(records);
    Map<String, MemoryRecord> index = HashMap.newHashMap(records.size());
    records.forEach(r -> index.put(r.id(), r));
    this.byId = Collections.unmodifiableMap(index);
    this.documents = Collections.unmodifiableMap(documents);
    this.nowByNamespace = Map.copyOf(nowByNamespace);
    this.warnings = List.copyOf(warnings);
  }

  /** Where a document of one level is stored. */
  record Placement(Silo silo, Kind kind) {}

  /** The silo and kind of a document of {@code level} (null: a single-level BEIR corpus). */
  static Placement placement(Level level) {
    if (level == null) {
      return new Placement(Silo.RAG, Kind.RAG_CHUNK);
    }
    return switch (level) {
      case TURNS -> new Placement(Silo.MEMORY, DIALOG_TURN);
      case SESSIONS -> new Placement(Silo.MEMORY, DIALOG_SESSION);
      case OBSERVATIONS -> new Placement(Silo.KB, Kind.OBSERVATION);
      case MIXED ->
          throw new IllegalArgumentException(
              "level: a document is never mixed; its file's level decides");
    };
  }

  static EvalCorpus of(Dataset dataset) {
    List<MemoryRecord> records = new ArrayList<>(dataset.corpus().size());
    Map<String, Document> documents = new LinkedHashMap<>();
    Map<String, Instant> latest = new HashMap<>();
    List<String> warnings = new ArrayList<>();
    for (Document d : dataset.corpus().documents()) {
      Instant created = d.timestamp() == null ? UNDATED : d.timestamp();
      latest.merge(d.namespace(), created, (a, b) -> a.isAfter(b) ? a : b);
      boolean noText = d.text().isBlank();
      if (noText && d.title().isBlank()) {
        warnings.add("document " + d.id() + " has neither title nor text; not indexed");
        continue;
      }
      Placement placement = placement(d.level());
      try {
        records.add(
            MemoryRecord.builder()
                .id(d.id())
                .silo(placement.silo())
                .kind(placement.kind())
                .scope(Scope.of(d.namespace()))
                .source(Source.IMPORT)
                .created(created)
                .title(noText ? null : title(d))
                .content(noText ? d.title() : d.text())
                .links(d.links())
                .build());
        documents.put(d.id(), d);
      } catch (IllegalArgumentException e) {
        warnings.add(
            "document " + d.id() + " is not a valid record (" + e.getMessage() + "); not indexed");
      }
    }
    Map<String, Instant> now = new HashMap<>();
    latest.forEach((ns, t) -> now.put(ns, t.equals(UNDATED) ? UNDATED : t.plus(ASKED_AFTER)));
    return new EvalCorpus(records, documents, now, warnings);
  }

  private static String title(Document d) {
    if (!d.title().isBlank() || d.timestamp() == null) {
      return d.title();
    }
    return SAID_AT
        .format(d.timestamp().atZone(ZoneOffset.UTC))
        .replace("AM", "am")
        .replace("PM", "pm");
  }

  /** The records, in corpus order, without vectors. */
  List<MemoryRecord> records() {
    return records;
  }

  /** The record of a document id, or null when the document was skipped. */
  MemoryRecord record(String id) {
    return byId.get(id);
  }

  /** The document of each record, in corpus order. */
  List<Document> documents() {
    return List.copyOf(documents.values());
  }

  /** The instant a query of this namespace is asked at (see the design note). */
  Instant now(String namespace) {
    return nowByNamespace.getOrDefault(namespace, UNDATED);
  }

  /** Documents skipped, one message each. */
  List<String> warnings() {
    return warnings;
  }
}
