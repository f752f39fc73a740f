package dev.recall4j.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall4j.core.store.IndexModelMismatchException;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Creates a store's two indices when missing and checks an existing records' index against the
 * options: written by recall4j (its mapping's {@code _meta}), and with the options' embedding model
 * and dimension. A lexical-only index adopts the model and dimension of the first store that opens
 * it with one, as the in-process index does.
 */
final class IndexSetup {
  /**
   * What an index records about its vectors (model null and dimension 0 when lexical only) and the
   * schema its documents were written with.
   */
  record Embedding(String model, int dimension, int schema) {
    /** Whether documents are named by key ({@link DocIds}), schema 3 and later. */
    boolean scoped() {
      return schema >= 3;
    }

    /** The same vectors under this version's schema (after {@link KeyMigration}). */
    Embedding current() {
      return new Embedding(model, dimension, Mapping.SCHEMA);
    }
  }

  private IndexSetup() {}

  /**
   * Opens the indices for writing, creating them when missing.
   *
   * @throws IllegalStateException when the index was not written by recall4j
   * @throws IndexModelMismatchException when it holds vectors of another model or dimension
   */
  static Embedding openWritable(Cluster cluster, OpenSearchOptions options) throws IOException {
    createIfMissing(cluster, options.index(), Mapping.recordsIndex(options));
    // Checked before the access index is created: nothing is added beside an index not ours.
    Embedding recorded = recorded(cluster, options.index());
    createIfMissing(cluster, options.accessIndex(), Mapping.accessIndex(options));
    if (recorded.dimension() == 0 && options.vectorDimension() > 0) {
      cluster.call(
          "PUT",
          "/" + options.index() + "/_mapping",
          Map.of(),
          Mapping.addVectors(options, recorded.schema()));
      return new Embedding(options.embeddingModel(), options.vectorDimension(), recorded.schema());
    }
    return check(recorded, options);
  }

  /**
   * Opens existing indices for reading only: nothing is created or changed.
   *
   * @throws IllegalStateException as {@link #openWritable}, and when an index does not exist
   */
  static Embedding openReadOnly(Cluster cluster, OpenSearchOptions options) throws IOException {
    for (String index : new String[] {options.index(), options.accessIndex()}) {
      if (!cluster.exists("/" + index)) {
        throw new IllegalStateException(
            "index "
                + index
                + " does not exist on "
                + options.hosts()
                + "; open it for writing to create it");
      }
    }
    return check(recorded(cluster, options.index()), options);
  }

  private static void createIfMissing(Cluster cluster, String index, JsonNode body)
      throws IOException {
    if (cluster.exists("/" + index)) {
      return;
    }
    try {
      cluster.call("PUT", "/" + index, Map.of("wait_for_active_shards", "1"), body);
    } catch (ClusterException e) {
      // Another client created it between the check and the request: use theirs.
      if (!"resource_already_exists_exception".equals(e.type())) {
        throw e;
      }
    }
  }

  private static Embedding recorded(Cluster cluster, String index) throws IOException {
    JsonNode meta =
        only(index, cluster.call("GET", "/" + index + "/_mapping", Map.of(), null))
            .path("mappings")
            .path("_meta")
            .path(Mapping.META);
    if (!meta.has("schema")) {
      throw new IllegalStateException(
          "index "
              + index
              + " was not created by recall4j (its mapping has no _meta."
              + Mapping.META
              + "); give the store an index of its own");
    }
    if (meta.path("schema").asInt() > Mapping.SCHEMA) {
      throw new IllegalStateException(
          "index "
              + index
              + " has recall4j mapping version "
              + meta.path("schema").asInt()
              + ", newer than this version of recall4j reads ("
              + Mapping.SCHEMA
              + ")");
    }
    JsonNode model = meta.path("model");
    return new Embedding(
        model.isTextual() ? model.asText() : null,
        meta.path("dimension").asInt(),
        meta.path("schema").asInt());
  }

  /**
   * The answer's entry for the one index {@code index} names: itself, or the index behind an alias
   * (a tenant's index swapped under a stable name). An alias of several indices is refused: a store
   * writes to one.
   */
  private static JsonNode only(String index, JsonNode byIndex) {
    if (byIndex.has(index)) {
      return byIndex.get(index);
    }
    if (byIndex.size() != 1) {
      throw new IllegalStateException(
          "index "
              + index
              + " is an alias of "
              + byIndex.size()
              + " indices ("
              + byIndex.properties().stream()
                  .map(Map.Entry::getKey)
                  .collect(Collectors.joining(", "))
              + "); a store needs an index, or an alias of one index");
    }
    return byIndex.elements().next();
  }

  /** The recorded embedding, when the options ask for it or for whatever is recorded (null / 0). */
  private static Embedding check(Embedding recorded, OpenSearchOptions options) {
    boolean dimensionDiffers =
        options.vectorDimension() != 0 && options.vectorDimension() != recorded.dimension();
    boolean modelDiffers =
        options.embeddingModel() != null
            && recorded.model() != null
            && !Objects.equals(options.embeddingModel(), recorded.model());
    if (dimensionDiffers || modelDiffers) {
      throw new IndexModelMismatchException(
          OpenSearchStore.location(options),
          recorded.model(),
          recorded.dimension(),
          options.embeddingModel(),
          options.vectorDimension());
    }
    return recorded;
  }
}
