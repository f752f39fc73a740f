package dev.recall4j.datasets.load;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.recall4j.core.Checks;
import dev.recall4j.core.Scope;
import dev.recall4j.datasets.DataFiles;
import dev.recall4j.datasets.DatasetFormatException;
import dev.recall4j.datasets.trec.Qrels;
import dev.recall4j.datasets.trec.TrecFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads relevance datasets stored in the BEIR layout, which the LoCoMo conversion also follows:
 *
 * <pre>
 * DIR/corpus.jsonl[.gz]      {"_id", "title", "text", ...}  one JSON object per line
 * DIR/queries.jsonl[.gz]     {"_id", "text", ...}
 * DIR/qrels/SPLIT.tsv        query-id  corpus-id  score      (header optional; TREC 4-column too)
 * </pre>
 *
 * A directory that also holds {@code corpus_sessions.jsonl} or {@code corpus_observations.jsonl} is
 * multi-level (LoCoMo): the {@link Level} picks the corpus and qrels files; {@link Level#MIXED}
 * reads the turn and observation files into one corpus, each document tagged with the level it came
 * from, and judges it with the union of both qrels files (a judgment counts only for a document of
 * its own file). Optional fields read: {@code conv_id} becomes the namespace of documents and
 * queries (each conversation is its own haystack; absent: {@link Scope#DEFAULT_NAMESPACE}), and
 * {@code session_date_time} (LoCoMo's "1:56 pm on 8 May, 2023", read as UTC) becomes the timestamp.
 * Other fields are ignored.
 *
 * <p><b>Bad data.</b> Loading <em>stops</em> with a {@link DatasetFormatException} naming the file
 * and line for: a line that is not one JSON object, a missing or blank {@code _id}, a repeated id
 * (also across the corpus files of a mixed level), a namespace that is not a valid scope name, an
 * unreadable {@code session_date_time}, a qrels line with the wrong columns or a non-integer grade,
 * a repeated judgment, invalid UTF-8. It <em>skips the line and goes on</em>, recording a {@link
 * LoadWarning} in {@link Dataset#warnings()} and logging it, for: a judgment whose document is not
 * in the corpus, a judgment whose query is not in the queries file, and a judged query with empty
 * text (all its judgments are skipped). Judgments with grade 0 or less are dropped silently: they
 * say "not relevant", as absence does. Queries without a surviving judgment are not part of the
 * dataset. Stateless and thread-safe.
 */
public final class Datasets {
  private static final Logger LOG = LoggerFactory.getLogger(Datasets.class);
  private static final Pattern SPLIT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");
  private static final int WARNINGS_LOGGED = 20;
  private static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .build();

  /** LoCoMo's {@code session_date_time}, e.g. "1:56 pm on 8 May, 2023". */
  static final DateTimeFormatter SESSION_DATE_TIME =
      new DateTimeFormatterBuilder()
          .parseCaseInsensitive()
          .appendPattern("h:mm a 'on' d MMMM, uuuu")
          .toFormatter(Locale.ENGLISH);

  private Datasets() {}

  /**
   * Loads the corpus, the queries judged in {@code split} and their judgments.
   *
   * @param dir the dataset directory
   * @param split the qrels split, e.g. {@code test}; letters, digits, {@code _ . -}
   * @param level for a multi-level (LoCoMo) directory: which level; null means {@link Level#TURNS}.
   *     For a single-level directory: null or {@code TURNS} (ignored; the dataset's level is then
   *     null)
   * @return the dataset; see the class comment for what stops loading and what is skipped
   * @throws IllegalArgumentException when {@code split} is malformed or a single-level directory is
   *     asked for sessions, observations or mixed
   * @throws NoSuchFileException naming the missing corpus, queries or qrels file
   * @throws DatasetFormatException naming the file and line of malformed data
   */
  public static Dataset load(Path dir, String split, Level level) throws IOException {
    Checks.notNull(dir, "dir");
    Checks.require(
        split != null && SPLIT.matcher(split).matches(),
        "split",
        "must be letters, digits, '_', '.', '-', got %s",
        Checks.excerpt(split));
    if (!Files.isDirectory(dir)) {
      throw new NoSuchFileException(dir.toString(), null, "not a dataset directory");
    }
    Level resolved = resolveLevel(dir, level);
    long start = System.nanoTime();
    MessageDigest digest = sha256();
    List<Part> parts = new ArrayList<>();
    for (Level part : resolved == null ? List.of(Level.TURNS) : resolved.parts()) {
      parts.add(
          new Part(
              resolved == null ? null : part,
              existing(dir, part.corpusFile()),
              existing(dir, part.qrelsFile(split))));
    }
    Path queriesFile = existing(dir, "queries.jsonl");

    // Digest order: every corpus file, the queries, every qrels file (see Dataset#checksum).
    List<Document> documents = new ArrayList<>();
    Map<String, Origin> origins = new HashMap<>();
    for (Part part : parts) {
      readDocuments(part, origins, documents, digest);
    }
    Corpus corpus = Corpus.of(documents);
    Map<String, QueryLine> queries = readQueries(queriesFile, digest);
    List<LoadWarning> warnings = new ArrayList<>();
    Map<String, Map<String, Integer>> kept = new TreeMap<>();
    Set<String> emptyReported = new HashSet<>();
    for (Part part : parts) {
      for (TrecFormat.QrelsLine line : TrecFormat.readQrelsLines(part.qrelsFile(), digest)) {
        String skipped = null;
        QueryLine query = queries.get(line.queryId());
        if (query == null) {
          skipped = "query-id " + line.queryId() + " is not in " + queriesFile.getFileName();
        } else if (query.text().isBlank()) {
          if (emptyReported.add(query.id())) {
            warnings.add(
                new LoadWarning(
                    queriesFile,
                    query.line(),
                    "query " + query.id() + " has empty text; its judgments are skipped"));
          }
        } else if (!part.holds(corpus, line.docId())) {
          // A judgment counts only for a document of its own part's corpus file.
          skipped = "corpus-id " + line.docId() + " is not in " + part.corpusFile().getFileName();
        } else if (line.grade() > 0) {
          kept.computeIfAbsent(line.queryId(), q -> new TreeMap<>())
              .put(line.docId(), line.grade());
        }
        if (skipped != null) {
          warnings.add(
              new LoadWarning(part.qrelsFile(), line.line(), skipped + "; judgment skipped"));
        }
      }
    }
    Qrels qrels = Qrels.of(kept);
    List<Query> judged =
        queries.values().stream()
            .filter(q -> qrels.isJudged(q.id()))
            .map(q -> new Query(q.id(), q.text(), q.namespace()))
            .toList();
    Dataset dataset =
        new Dataset(
            dir.toAbsolutePath().normalize().getFileName().toString(),
            split,
            resolved,
            corpus,
            judged,
            qrels,
            HexFormat.of().formatHex(digest.digest()),
            warnings);
    log(dataset, (System.nanoTime() - start) / 1_000_000);
    return dataset;
  }

  /**
   * One corpus file and the qrels file judging it; {@code level} is null in a single-level dataset.
   */
  private record Part(Level level, Path corpusFile, Path qrelsFile) {
    boolean holds(Corpus corpus, String docId) {
      return corpus.get(docId).filter(d -> d.level() == level).isPresent();
    }
  }

  /** Where a document id was first read, to name it when the id repeats. */
  private record Origin(Path file, long line) {}

  private static Level resolveLevel(Path dir, Level level) {
    boolean multiLevel =
        Files.exists(dir.resolve(Level.SESSIONS.corpusFile()))
            || Files.exists(dir.resolve(Level.OBSERVATIONS.corpusFile()));
    if (multiLevel) {
      return level == null ? Level.TURNS : level;
    }
    Checks.require(
        level == null || level == Level.TURNS,
        "level",
        "%s needs %s in %s, which is a single-level dataset",
        level == null ? null : level.wireName(),
        level == null ? null : extraFiles(level),
        dir);
    return null;
  }

  /** The corpus files of a level beyond the single-level layout's {@code corpus.jsonl}. */
  private static String extraFiles(Level level) {
    return String.join(
        " and ",
        level.parts().stream().filter(p -> p != Level.TURNS).map(Level::corpusFile).toList());
  }

  /** The file, or its {@code .gz} twin when only that exists. */
  private static Path existing(Path dir, String name) throws NoSuchFileException {
    Path plain = dir.resolve(name);
    if (Files.isRegularFile(plain)) {
      return plain;
    }
    Path gz = dir.resolve(name + ".gz");
    if (Files.isRegularFile(gz)) {
      return gz;
    }
    throw new NoSuchFileException(plain.toString(), null, "missing dataset file (nor .gz)");
  }

  /** Appends the documents of a part's corpus file; an id may appear once across all files. */
  private static void readDocuments(
      Part part, Map<String, Origin> origins, List<Document> documents, MessageDigest digest)
      throws IOException {
    Path file = part.corpusFile();
    DataFiles.forEachLine(
        file,
        digest,
        (number, text) -> {
          JsonNode node = parse(file, number, text);
          if (node == null) {
            return;
          }
          String id = id(file, number, node);
          Origin previous = origins.putIfAbsent(id, new Origin(file, number));
          if (previous != null) {
            throw new DatasetFormatException(
                file,
                number,
                "_id "
                    + id
                    + " repeats the document of "
                    + (previous.file().equals(file) ? "" : previous.file().getFileName() + " ")
                    + "line "
                    + previous.line());
          }
          try {
            documents.add(
                new Document(
                    id,
                    string(file, number, node, "title"),
                    string(file, number, node, "text"),
                    namespace(file, number, node),
                    timestamp(file, number, node),
                    part.level(),
                    links(file, number, node)));
          } catch (IllegalArgumentException e) {
            throw new DatasetFormatException(file, number, e.getMessage());
          }
        });
  }

  /** One line of the queries file; text may be blank here, the caller decides. */
  private record QueryLine(long line, String id, String text, String namespace) {}

  private static Map<String, QueryLine> readQueries(Path file, MessageDigest digest)
      throws IOException {
    Map<String, QueryLine> queries = new LinkedHashMap<>();
    DataFiles.forEachLine(
        file,
        digest,
        (number, text) -> {
          JsonNode node = parse(file, number, text);
          if (node == null) {
            return;
          }
          String id = id(file, number, node);
          QueryLine query =
              new QueryLine(
                  number, id, string(file, number, node, "text"), namespace(file, number, node));
          QueryLine previous = queries.putIfAbsent(id, query);
          if (previous != null) {
            throw new DatasetFormatException(
                file, number, "_id " + id + " repeats the query of line " + previous.line());
          }
        });
    return queries;
  }

  /** The JSON object on the line, or null for a blank line. */
  private static JsonNode parse(Path file, long number, String text) throws DatasetFormatException {
    if (text.isBlank()) {
      return null;
    }
    JsonNode node;
    try {
      node = JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw new DatasetFormatException(file, number, "malformed JSON: " + e.getOriginalMessage());
    }
    if (!node.isObject()) {
      throw new DatasetFormatException(
          file,
          number,
          "expected one JSON object per line, got "
              + node.getNodeType().name().toLowerCase(Locale.ROOT));
    }
    return node;
  }

  private static String id(Path file, long number, JsonNode node) throws DatasetFormatException {
    JsonNode id = node.get("_id");
    if (id == null || !(id.isTextual() || id.isIntegralNumber()) || id.asText().isBlank()) {
      throw new DatasetFormatException(
          file,
          number,
          "_id must be a non-blank string or integer, got " + (id == null ? "none" : id));
    }
    return id.asText();
  }

  /** A string field; absent or null reads as empty. */
  private static String string(Path file, long number, JsonNode node, String field)
      throws DatasetFormatException {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      return "";
    }
    if (!value.isTextual()) {
      throw new DatasetFormatException(
          file,
          number,
          field + " must be a string, got " + value.getNodeType().name().toLowerCase(Locale.ROOT));
    }
    return value.textValue();
  }

  /** A corpus line's optional {@code links}: an array of document ids. */
  private static List<String> links(Path file, long number, JsonNode node)
      throws DatasetFormatException {
    JsonNode value = node.get("links");
    if (value == null || value.isNull()) {
      return List.of();
    }
    List<String> links = new ArrayList<>();
    if (value.isArray()) {
      for (JsonNode link : value) {
        if (!link.isTextual()) {
          break;
        }
        links.add(link.textValue());
      }
    }
    if (!value.isArray() || links.size() != value.size()) {
      throw new DatasetFormatException(
          file, number, "links must be an array of document ids, got " + value);
    }
    return links;
  }

  private static String namespace(Path file, long number, JsonNode node)
      throws DatasetFormatException {
    String conversation = string(file, number, node, "conv_id");
    if (conversation.isEmpty()) {
      return Scope.DEFAULT_NAMESPACE;
    }
    try {
      return Scope.of(conversation).namespace();
    } catch (IllegalArgumentException e) {
      throw new DatasetFormatException(file, number, "conv_id " + e.getMessage());
    }
  }

  private static Instant timestamp(Path file, long number, JsonNode node)
      throws DatasetFormatException {
    String value = string(file, number, node, "session_date_time");
    if (value.isEmpty()) {
      return null;
    }
    try {
      return LocalDateTime.parse(value.strip(), SESSION_DATE_TIME).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      throw new DatasetFormatException(
          file,
          number,
          "session_date_time must look like \"1:56 pm on 8 May, 2023\", got "
              + Checks.excerpt(value));
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("every JDK provides SHA-256", e);
    }
  }

  private static void log(Dataset dataset, long millis) {
    List<LoadWarning> warnings = dataset.warnings();
    warnings.stream().limit(WARNINGS_LOGGED).forEach(w -> LOG.warn("{}", w));
    if (warnings.size() > WARNINGS_LOGGED) {
      LOG.warn("{} more skipped lines (see Dataset.warnings())", warnings.size() - WARNINGS_LOGGED);
    }
    LOG.info(
        "loaded {}: {} documents, {} judged queries, {} judgments, {} skipped lines in {} ms",
        dataset.label(),
        dataset.corpus().size(),
        dataset.queries().size(),
        dataset.qrels().size(),
        warnings.size(),
        millis);
  }
}
