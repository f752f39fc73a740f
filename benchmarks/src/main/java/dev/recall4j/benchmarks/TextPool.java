package dev.recall4j.benchmarks;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Silo;
import dev.recall4j.datasets.load.Dataset;
import dev.recall4j.datasets.load.Datasets;
import dev.recall4j.datasets.load.Document;
import dev.recall4j.datasets.load.Level;
import dev.recall4j.datasets.load.Query;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * The real texts benchmark corpora are made of: every non-empty document and every judged query of
 * the shared relevance datasets, each list in a seeded shuffled order (so a prefix is a fair mix of
 * all datasets). Which silo a document lands in follows what it is: LoCoMo dialog turns are agent
 * memories, LoCoMo observations are KB observations, abstracts (SciFact, LISA, CACM, Cranfield) are
 * RAG chunks.
 *
 * <p>{@link java.util.Random} is used because its algorithm (and that of {@link
 * Collections#shuffle(List, Random)}) is specified, so the order is the same on every JVM and CPU.
 */
final class TextPool {
  /** One real document. {@code timestamp} is null when the dataset has no time. */
  record Text(String id, Silo silo, String title, String content, Instant timestamp) {
    /** What an embedder sees: title and content, as the engine embeds a record. */
    String embeddingText() {
      return title == null ? content : title + "\n" + content;
    }
  }

  private final List<Text> texts;
  private final List<String> queries;

  private TextPool(List<Text> texts, List<String> queries) {
    this.texts = List.copyOf(texts);
    this.queries = List.copyOf(queries);
  }

  /**
   * A pool over given texts and queries, shuffled with {@code seed}; queries are deduplicated by
   * text before shuffling.
   */
  static TextPool of(List<Text> texts, List<String> queries, long seed) {
    Checks.require(!texts.isEmpty(), "texts", "must not be empty");
    Checks.require(!queries.isEmpty(), "queries", "must not be empty");
    List<Text> shuffledTexts = new ArrayList<>(texts);
    Collections.shuffle(shuffledTexts, new Random(seed));
    List<String> shuffledQueries = new ArrayList<>(new LinkedHashSet<>(queries));
    Collections.shuffle(shuffledQueries, new Random(seed + 1));
    return new TextPool(shuffledTexts, shuffledQueries);
  }

  /**
   * Loads LoCoMo (turns and observations), SciFact, LISA, CACM and Cranfield from the shared
   * datasets folder, in that fixed order before shuffling.
   */
  static TextPool load(Path datasetsDir, long seed) throws IOException {
    List<Text> texts = new ArrayList<>();
    Set<String> queries = new LinkedHashSet<>();
    add(
        Datasets.load(datasetsDir.resolve("locomo"), "test", Level.TURNS),
        Silo.MEMORY,
        texts,
        queries);
    add(
        Datasets.load(datasetsDir.resolve("locomo"), "test", Level.OBSERVATIONS),
        Silo.KB,
        texts,
        queries);
    for (String name : List.of("scifact", "lisa", "cacm", "cranfield")) {
      add(Datasets.load(datasetsDir.resolve(name), "test", null), Silo.RAG, texts, queries);
    }
    return of(texts, new ArrayList<>(queries), seed);
  }

  private static void add(Dataset dataset, Silo silo, List<Text> texts, Set<String> queries) {
    String prefix =
        dataset.name() + (dataset.level() == null ? "" : "-" + dataset.level().wireName());
    for (Document d : dataset.corpus().documents()) {
      String content = d.text().isBlank() ? d.title() : d.text();
      if (content.isBlank()) {
        continue;
      }
      String title = d.title().isBlank() || content.equals(d.title()) ? null : d.title();
      texts.add(new Text(prefix + "/" + d.id(), silo, title, content.strip(), d.timestamp()));
    }
    for (Query q : dataset.queries()) {
      queries.add(q.text().strip());
    }
  }

  /** Every real text, in the pool's order. */
  List<Text> texts() {
    return texts;
  }

  /** Every distinct query text, in the pool's order. */
  List<String> queries() {
    return queries;
  }
}
