package dev.recall4j.datasets.load;

import dev.recall4j.core.Checks;
import dev.recall4j.datasets.trec.Qrels;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A loaded relevance dataset, ready to evaluate: the corpus, the judged queries of one split and
 * their judgments.
 *
 * @param name the dataset directory's name, e.g. {@code scifact}
 * @param split the qrels split, e.g. {@code test}
 * @param level the LoCoMo level (possibly {@link Level#MIXED}), or null for a single-level (BEIR
 *     layout) dataset
 * @param corpus every document of the corpus file, judged or not
 * @param queries exactly the queries judged in {@code qrels}, in file order
 * @param qrels the judgments of the split that survived loading (see {@link Datasets#load})
 * @param checksum lowercase hex SHA-256 over the stored bytes of the corpus, queries and qrels
 *     files, in that order: {@code cat corpus queries qrels | sha256sum}; for {@link Level#MIXED}
 *     both corpus files, the queries, both qrels files, each pair in {@link Level#parts()} order
 * @param warnings the lines skipped while loading, in the order met; empty for clean data
 */
public record Dataset(
    String name,
    String split,
    Level level,
    Corpus corpus,
    List<Query> queries,
    Qrels qrels,
    String checksum,
    List<LoadWarning> warnings) {
  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

  public Dataset {
    Checks.notBlank(name, "name");
    Checks.notBlank(split, "split");
    Checks.notNull(corpus, "corpus");
    queries = List.copyOf(Checks.notNull(queries, "queries"));
    Checks.notNull(qrels, "qrels");
    Checks.require(
        checksum != null && SHA256.matcher(checksum).matches(),
        "checksum",
        "must be 64 lowercase hex digits, got %s",
        Checks.excerpt(checksum));
    warnings = List.copyOf(Checks.notNull(warnings, "warnings"));
    Set<String> ids = new HashSet<>();
    for (Query query : queries) {
      Checks.require(ids.add(query.id()), "queries", "duplicate id %s", query.id());
    }
    Checks.require(
        ids.equals(qrels.queryIds()),
        "queries",
        "must be exactly the %s judged queries, got %s queries",
        qrels.queryIds().size(),
        ids.size());
  }

  /** {@code name/split} or {@code name/split/level}, for logs and file names. */
  public String label() {
    return name + "/" + split + (level == null ? "" : "/" + level.wireName());
  }
}
