package dev.recall4j.store;

import dev.recall4j.core.store.IndexDamagedException;
import dev.recall4j.core.store.IndexModelMismatchException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;

/**
 * What recall4j records in the user data of every commit: the schema version, the embedding model
 * and the vector dimension. Read before any writer opens, so a model mismatch or a foreign index is
 * refused without touching the index.
 *
 * @param model the embedding model of the index's vectors, or null when none is recorded yet
 * @param dimension their dimension, 0 when none is recorded yet
 * @param schema the schema version the index was written with
 */
record IndexMetadata(String model, int dimension, String schema) {
  static final String SCHEMA_KEY = "recall4j.schema";
  static final String MODEL_KEY = "recall4j.embeddingModel";
  static final String DIMENSION_KEY = "recall4j.dimension";

  /**
   * Written by this version; version 3 added passage documents, version 4 the record key (ids
   * unique within a namespace, not across the index).
   */
  static final String SCHEMA_VERSION = "4";

  /**
   * Versions this one opens: a version-2 index has no passage documents and is otherwise the same;
   * versions 2 and 3 have no record key, which a writer adds on open ({@link KeyMigration}).
   */
  private static final Set<String> READABLE_SCHEMAS = Set.of("2", "3", SCHEMA_VERSION);

  /** Metadata of an index not written yet: this version's schema. */
  static IndexMetadata fresh() {
    return new IndexMetadata(null, 0, SCHEMA_VERSION);
  }

  /**
   * The metadata of the newest commit that reads; empty when the directory holds no index.
   *
   * @throws IndexDamagedException when it holds commits and none of them reads
   * @throws IllegalStateException when the index was not written by recall4j, or by a version whose
   *     schema this one cannot read
   */
  static Optional<IndexMetadata> read(Commits.Scan commits, Path path) {
    if (commits.newest() == null) {
      if (commits.unreadable().isEmpty()) {
        return Optional.empty();
      }
      Commits.Unreadable latest = commits.unreadable().get(0);
      throw IndexDamagedException.in(
          path.toString(),
          "no commit of the index can be read (" + latest.file() + ": " + latest.problem() + ")",
          null);
    }
    Map<String, String> recorded = commits.newest().getUserData();
    String schema = recorded.get(SCHEMA_KEY);
    if (schema == null) {
      throw new IllegalStateException(
          path
              + " holds a Lucene index that recall4j did not write (its commits carry"
              + " no recall4j schema); point --index at a recall4j index, or at a new or empty directory");
    }
    if (!READABLE_SCHEMAS.contains(schema)) {
      throw new IllegalStateException(
          "index "
              + path
              + " has recall4j schema version "
              + schema
              + " but this version reads "
              + new TreeSet<>(READABLE_SCHEMAS)
              + "; open it with the recall4j version that wrote it, or index into a new directory");
    }
    String dimension = recorded.getOrDefault(DIMENSION_KEY, "0");
    try {
      return Optional.of(
          new IndexMetadata(recorded.get(MODEL_KEY), Integer.parseInt(dimension), schema));
    } catch (NumberFormatException e) {
      throw new IllegalStateException(
          "index "
              + path
              + " records vector dimension '"
              + dimension
              + "', which is not a number: the index is damaged",
          e);
    }
  }

  /**
   * The model and dimension to open with: the requested ones (null / 0 mean "whatever is recorded")
   * if they agree with what is recorded.
   *
   * @throws IndexModelMismatchException when the index holds vectors of another model or dimension
   */
  IndexMetadata reconcile(String requestedModel, int requestedDimension, Path path) {
    boolean modelDiffers = requestedModel != null && model != null && !requestedModel.equals(model);
    boolean dimensionDiffers =
        requestedDimension != 0 && dimension != 0 && requestedDimension != dimension;
    if (modelDiffers || dimensionDiffers) {
      throw new IndexModelMismatchException(
          path.toString(), model, dimension, requestedModel, requestedDimension);
    }
    return new IndexMetadata(
        requestedModel != null ? requestedModel : model,
        requestedDimension != 0 ? requestedDimension : dimension,
        schema);
  }

  /** Whether its record documents carry the record key (schema 4 and later). */
  boolean keyed() {
    return !schema.equals("2") && !schema.equals("3");
  }

  /** The same model and dimension under this version's schema (after {@link KeyMigration}). */
  IndexMetadata current() {
    return new IndexMetadata(model, dimension, SCHEMA_VERSION);
  }

  /** The commit user data that records this metadata with this version's schema. */
  Map<String, String> commitData() {
    Map<String, String> data = new LinkedHashMap<>();
    data.put(SCHEMA_KEY, SCHEMA_VERSION);
    if (model != null) {
      data.put(MODEL_KEY, model);
    }
    data.put(DIMENSION_KEY, Integer.toString(dimension));
    return data;
  }

  /** True when the directory's latest commit already records exactly this metadata and schema. */
  static boolean isRecorded(Directory directory, Map<String, String> data) throws IOException {
    return DirectoryReader.indexExists(directory)
        && SegmentInfos.readLatestCommit(directory).getUserData().equals(data);
  }
}
