package dev.recall4j.datasets.trec;

import dev.recall4j.core.Checks;
import dev.recall4j.datasets.DataFiles;
import dev.recall4j.datasets.DatasetFormatException;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Reads and writes relevance judgments and runs in the TREC text formats that trec_eval, ranx and
 * pytrec_eval read. Files may be gzip-compressed (detected by content). Lines are separated by
 * {@code \n}; blank lines are ignored; columns are separated by any whitespace.
 *
 * <ul>
 *   <li>qrels: {@code qid iter docid grade} (TREC) or {@code qid docid grade} (BEIR TSV, whose
 *       header line {@code query-id corpus-id score} is skipped). Judgments with grade 0 or less
 *       are dropped: {@link Qrels} holds positive grades only.
 *   <li>run: {@code qid Q0 docid rank score tag}. The rank column is checked but not used: like
 *       trec_eval, the reader orders each query by score ({@link ScoredId#RANKING}).
 * </ul>
 *
 * Writers emit queries in ascending id order and each ranking best first, so equal runs give
 * byte-identical files. Scores are written with {@link Double#toString(double)}, which reads back
 * to the same double. Stateless and thread-safe.
 */
public final class TrecFormat {
  private static final Pattern COLUMNS = Pattern.compile("\\s+");

  private TrecFormat() {}

  /**
   * Reads a qrels file, TREC or BEIR layout.
   *
   * @throws DatasetFormatException (with file and line) on a line with the wrong number of columns,
   *     a non-integer grade, or a repeated (query, document) pair
   */
  public static Qrels readQrels(Path file) throws IOException {
    Map<String, Map<String, Integer>> judgments = new TreeMap<>();
    for (QrelsLine line : readQrelsLines(file, null)) {
      if (line.grade() > 0) {
        judgments
            .computeIfAbsent(line.queryId(), q -> new TreeMap<>())
            .put(line.docId(), line.grade());
      }
    }
    return Qrels.of(judgments);
  }

  /** Writes qrels as TREC lines {@code qid 0 docid grade}, by query id then document id. */
  public static void writeQrels(Qrels qrels, Path file) throws IOException {
    Checks.notNull(qrels, "qrels");
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (String qid : qrels.queryIds()) {
        for (var judgment : qrels.judgments(qid).entrySet()) {
          out.write(qid + " 0 " + judgment.getKey() + " " + judgment.getValue() + "\n");
        }
      }
    }
  }

  /**
   * Reads a TREC run file. The tag of the first line names the run.
   *
   * @throws DatasetFormatException (with file and line) on a line without six columns, a
   *     non-integer rank, a non-finite score, a document listed twice for a query, or an empty file
   */
  public static Run readRun(Path file) throws IOException {
    Map<String, List<ScoredId>> rankings = new LinkedHashMap<>();
    Set<String> seen = new HashSet<>();
    String[] tag = {null};
    DataFiles.forEachLine(
        file,
        null,
        (number, text) -> {
          String[] cols = columns(text);
          if (cols.length == 0) {
            return;
          }
          if (cols.length != 6) {
            throw new DatasetFormatException(
                file,
                number,
                "expected 6 columns (qid Q0 docid rank score tag), got " + cols.length);
          }
          parseInt(file, number, cols[3], "rank");
          double score = parseScore(file, number, cols[4]);
          if (!seen.add(cols[0] + '\t' + cols[2])) {
            throw new DatasetFormatException(
                file, number, "doc " + cols[2] + " listed twice for query " + cols[0]);
          }
          rankings
              .computeIfAbsent(cols[0], q -> new ArrayList<>())
              .add(new ScoredId(cols[2], score));
          if (tag[0] == null) {
            tag[0] = cols[5];
          }
        });
    if (tag[0] == null) {
      throw new DatasetFormatException(file, 1, "empty run file");
    }
    return Run.of(tag[0], rankings);
  }

  /** Writes a run as {@code qid Q0 docid rank score tag}, ranks from 1, best first. */
  public static void writeRun(Run run, Path file) throws IOException {
    Checks.notNull(run, "run");
    try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (String qid : run.queryIds()) {
        int rank = 0;
        for (ScoredId hit : run.ranking(qid)) {
          rank++;
          out.write(
              qid + " Q0 " + hit.id() + " " + rank + " " + hit.score() + " " + run.tag() + "\n");
        }
      }
    }
  }

  /** One judgment line, with grade as written (possibly 0 or negative). */
  public record QrelsLine(long line, String queryId, String docId, int grade) {}

  /**
   * Every judgment line of a qrels file in file order, feeding the stored bytes to {@code digest}.
   *
   * @throws DatasetFormatException on a malformed line or a repeated (query, document) pair
   */
  public static List<QrelsLine> readQrelsLines(Path file, MessageDigest digest) throws IOException {
    List<QrelsLine> lines = new ArrayList<>();
    Set<String> pairs = new HashSet<>();
    DataFiles.forEachLine(
        file,
        digest,
        (number, text) -> {
          String[] cols = columns(text);
          if (cols.length == 0 || (number == 1 && cols[0].equals("query-id"))) {
            return;
          }
          if (cols.length != 3 && cols.length != 4) {
            throw new DatasetFormatException(
                file,
                number,
                "expected 'qid iter docid grade' or 'qid docid grade', got "
                    + cols.length
                    + " columns");
          }
          String qid = cols[0];
          String docid = cols[cols.length - 2];
          int grade = parseInt(file, number, cols[cols.length - 1], "grade");
          if (!pairs.add(qid + '\t' + docid)) {
            throw new DatasetFormatException(
                file, number, "query " + qid + " judges doc " + docid + " twice");
          }
          lines.add(new QrelsLine(number, qid, docid, grade));
        });
    return lines;
  }

  private static String[] columns(String text) {
    String stripped = text.strip();
    return stripped.isEmpty() ? new String[0] : COLUMNS.split(stripped);
  }

  private static int parseInt(Path file, long number, String value, String column)
      throws DatasetFormatException {
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new DatasetFormatException(
          file, number, column + " must be an integer, got " + Checks.excerpt(value));
    }
  }

  private static double parseScore(Path file, long number, String value)
      throws DatasetFormatException {
    try {
      double score = Double.parseDouble(value);
      if (Double.isFinite(score)) {
        return score;
      }
    } catch (NumberFormatException e) {
      // reported below, with the same message as a non-finite score
    }
    throw new DatasetFormatException(
        file, number, "score must be a finite number, got " + Checks.excerpt(value));
  }
}
