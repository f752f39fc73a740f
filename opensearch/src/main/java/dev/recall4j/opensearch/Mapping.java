package dev.recall4j.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.store.VectorEncoding;
import java.io.UncheckedIOException;

/**
 * The two indices of a store and their field names: the records' index (one document per record,
 * its {@code _source} the record's JSONL form) and the access statistics beside it.
 *
 * <p>Records' index, against the in-process schema ({@code docs/ARCHITECTURE.md}, "The index"):
 *
 * <table>
 *   <tr><th>field</th><th>type</th><th>why</th></tr>
 *   <tr><td>id, silo, kind, tier, status, namespace, project, task, session, supersedes</td>
 *       <td>keyword</td><td>filters, counts, id order; an absent project/task/session is an
 *       absent field (no {@code ""} term: {@code exists} says it)</td></tr>
 *   <tr><td>tags</td><td>keyword, and {@code tags.text}: text, english</td><td>tag filter (all
 *       of); BM25 over tags</td></tr>
 *   <tr><td>title, content, summary</td><td>text, not indexed, copied to text and code</td>
 *       <td>the record's own keys stay as they are in {@code _source}</td></tr>
 *   <tr><td>text</td><td>text, {@code english} analyzer</td><td>BM25 over title + content +
 *       summary (Lucene's EnglishAnalyzer, as in process)</td></tr>
 *   <tr><td>code</td><td>text, the {@code code} analyzer below</td><td>identifiers and paths,
 *       boosted in the query</td></tr>
 *   <tr><td>created, updated</td><td>date (milliseconds)</td><td>since/until; the nanoseconds
 *       stay in {@code _source}</td></tr>
 *   <tr><td>passages.vector</td><td>nested knn_vector, Lucene engine, inner product</td><td>every
 *       vector of the record, L2-normalised: a nested k-NN query scores a record by its best
 *       passage, as in process</td></tr>
 * </table>
 *
 * <p>BM25's k1 and b are an index similarity. {@code _source} excludes {@code passages}: the
 * record's own vectors, as given, are already in it ({@code vector}, {@code passageVectors}), and
 * unmapped keys ({@code dynamic: false}) are kept but not indexed. Routing is required: the
 * namespace, so that a namespace's records share a shard.
 *
 * <p>The access-statistics index holds one small document per record ({@code recallCount}, {@code
 * lastAccessed}), routed by record id and indexing nothing: updating it per recall re-indexes a few
 * bytes instead of the record's text and vectors.
 */
final class Mapping {
  static final String ID = "id";
  static final String SILO = "silo";
  static final String KIND = "kind";
  static final String TIER = "tier";
  static final String STATUS = "status";
  static final String NAMESPACE = "namespace";
  static final String PROJECT = "project";
  static final String TASK = "task";
  static final String SESSION = "session";
  static final String TAGS = "tags";
  static final String TAGS_TEXT = "tags.text";
  static final String SUPERSEDES = "supersedes";
  static final String TEXT = "text";
  static final String CODE = "code";
  static final String CREATED = "created";
  static final String PASSAGES = "passages";
  static final String PASSAGE_VECTOR = "passages.vector";

  /** The record's vectors as given, packed, in {@code _source} only (see {@link Documents}). */
  static final String VECTORS = "vectors_f32le";

  static final String RECALL_COUNT = "recallCount";
  static final String LAST_ACCESSED = "lastAccessed";

  /**
   * The version of this mapping and of the documents' form, in the index's {@code _meta}: bumped
   * when either changes, so that an older recall4j refuses an index it would misread. 2: vectors
   * packed in {@link #VECTORS} (1 held them as JSON numbers, which {@link Documents} still reads).
   * 3: documents named {@code namespace/id} ({@link DocIds}); a writer migrates an older index on
   * open ({@link KeyMigration}).
   */
  static final int SCHEMA = 3;

  /** Where the schema, model and dimension are recorded in the mapping's {@code _meta}. */
  static final String META = "recall4j";

  private static final String SIMILARITY = "recall4j_bm25";

  /**
   * The in-process CodeAnalyzer as OpenSearch analysis: tokens are runs of letters, digits and
   * {@code _ . / \ - : $ # @}; edge punctuation trimmed; a first word-delimiter pass splits at that
   * punctuation keeping the whole, a second splits each part at case changes and digits (dotted
   * wholes marked as keywords so that it leaves them alone); lower case; English stop words. The
   * analyze API gives the in-process examples: {@code UserService.findById -> userservice.findbyid,
   * userservice, user, service, findbyid, find, id}.
   */
  private static final String CODE_ANALYSIS =
      """
      {"tokenizer": {"code_tokens": {"type": "pattern",
         "pattern": "[^\\\\p{L}\\\\p{Nd}_./\\\\\\\\:$#@-]+"}},
       "filter": {
         "code_trim": {"type": "pattern_replace", "all": true, "replacement": "",
           "pattern": "^[^\\\\p{L}\\\\p{N}]+|[^\\\\p{L}\\\\p{N}]+$"},
         "code_length": {"type": "length", "min": 1, "max": 255},
         "code_split_punctuation": {"type": "word_delimiter_graph", "preserve_original": true,
           "generate_word_parts": true, "generate_number_parts": true,
           "stem_english_possessive": true, "split_on_case_change": false,
           "split_on_numerics": false},
         "code_keep_dotted": {"type": "keyword_marker",
           "keywords_pattern": ".*[^\\\\p{L}\\\\p{N}].*"},
         "code_split_case": {"type": "word_delimiter_graph", "preserve_original": true,
           "generate_word_parts": true, "generate_number_parts": true,
           "stem_english_possessive": false, "split_on_case_change": true,
           "split_on_numerics": true, "ignore_keywords": true},
         "code_stop": {"type": "stop", "stopwords": "_english_"}},
       "analyzer": {"code": {"type": "custom", "tokenizer": "code_tokens",
         "filter": ["code_trim", "code_length", "code_split_punctuation", "flatten_graph",
           "code_keep_dotted", "code_split_case", "flatten_graph", "lowercase", "code_stop"]}}}
      """;

  private Mapping() {}

  /** The body of the request creating the records' index. */
  static ObjectNode recordsIndex(OpenSearchOptions options) {
    ObjectNode body = Cluster.JSON.createObjectNode();
    ObjectNode index = indexSettings(body, options);
    index.put("knn", true);
    index.put("refresh_interval", refreshInterval(options));
    index
        .putObject("similarity")
        .putObject(SIMILARITY)
        .put("type", "BM25")
        .put("k1", options.indexSettings().bm25K1())
        .put("b", options.indexSettings().bm25B());
    index.set("analysis", parse(CODE_ANALYSIS));
    ObjectNode mappings = body.putObject("mappings");
    mappings.put("dynamic", false);
    mappings.putObject("_routing").put("required", true);
    mappings.putObject("_source").putArray("excludes").add(PASSAGES);
    mappings
        .putObject("_meta")
        .putObject(META)
        .put("schema", SCHEMA)
        .put("model", options.embeddingModel())
        .put("dimension", options.vectorDimension());
    ObjectNode properties = mappings.putObject("properties");
    for (String keyword :
        new String[] {
          ID, SILO, KIND, TIER, STATUS, NAMESPACE, PROJECT, TASK, SESSION, SUPERSEDES
        }) {
      properties.putObject(keyword).put("type", "keyword");
    }
    ObjectNode tags = properties.putObject(TAGS).put("type", "keyword");
    text(tags.putObject("fields").putObject("text"), "english");
    for (String source : new String[] {"title", "content", "summary"}) {
      ObjectNode field = properties.putObject(source).put("type", "text").put("index", false);
      field.putArray("copy_to").add(TEXT).add(CODE);
    }
    text(properties.putObject(TEXT), "english");
    text(properties.putObject(CODE), "code");
    properties.putObject(CREATED).put("type", "date");
    properties.putObject("updated").put("type", "date");
    if (options.vectorDimension() > 0) {
      properties.set(PASSAGES, passages(options));
    }
    return body;
  }

  /**
   * The mapping that adds vectors to an index created without them (lexical only so far), with the
   * model and dimension it now records.
   */
  static ObjectNode addVectors(OpenSearchOptions options, int schema) {
    ObjectNode body = meta(schema, options.embeddingModel(), options.vectorDimension());
    body.putObject("properties").set(PASSAGES, passages(options));
    return body;
  }

  /** The body of a mapping update that records the schema, model and dimension in {@code _meta}. */
  static ObjectNode meta(int schema, String model, int dimension) {
    ObjectNode body = Cluster.JSON.createObjectNode();
    body.putObject("_meta")
        .putObject(META)
        .put("schema", schema)
        .put("model", model)
        .put("dimension", dimension);
    return body;
  }

  /** The body of the request creating the access-statistics index. */
  static ObjectNode accessIndex(OpenSearchOptions options) {
    ObjectNode body = Cluster.JSON.createObjectNode();
    // Read in real time, so never waited for by readers; but a write that waits for the records'
    // refresh waits for this index's too, as one bulk request.
    indexSettings(body, options).put("refresh_interval", refreshInterval(options));
    ObjectNode mappings = body.putObject("mappings");
    mappings.put("dynamic", false);
    mappings.putObject("properties");
    return body;
  }

  private static ObjectNode indexSettings(ObjectNode body, OpenSearchOptions options) {
    ObjectNode index = body.putObject("settings").putObject("index");
    index.put("number_of_shards", options.shards());
    index.put("number_of_replicas", options.replicas());
    return index;
  }

  private static String refreshInterval(OpenSearchOptions options) {
    return options.refreshInterval().toMillis() + "ms";
  }

  private static ObjectNode passages(OpenSearchOptions options) {
    ObjectNode passages = Cluster.JSON.createObjectNode().put("type", "nested");
    ObjectNode method =
        passages
            .putObject("properties")
            .putObject("vector")
            .put("type", "knn_vector")
            .put("dimension", options.vectorDimension())
            .putObject("method")
            .put("name", "hnsw")
            .put("engine", "lucene")
            .put("space_type", "innerproduct");
    ObjectNode parameters =
        method
            .putObject("parameters")
            .put("m", options.indexSettings().hnswM())
            .put("ef_construction", options.indexSettings().hnswBeamWidth());
    if (options.indexSettings().vectorEncoding() == VectorEncoding.INT8) {
      // Quantiles found per segment (confidence_interval 0) rather than the fixed interval of the
      // plugin's default: SciFact dense nDCG@10 0.7196 against 0.7132 (in process: 0.7182).
      parameters
          .putObject("encoder")
          .put("name", "sq")
          .putObject("parameters")
          .put("confidence_interval", 0);
    }
    return passages;
  }

  private static void text(ObjectNode field, String analyzer) {
    field.put("type", "text").put("analyzer", analyzer).put("similarity", SIMILARITY);
  }

  private static JsonNode parse(String json) {
    try {
      return Cluster.JSON.readTree(json);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new UncheckedIOException("the mapping's own JSON", e);
    }
  }
}
