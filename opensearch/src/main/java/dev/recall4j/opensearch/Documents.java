package dev.recall4j.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.RecordJson;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * A record as the document of the records' index and back: {@code _source} is the record's JSONL
 * form ({@link RecordJson}) without the access statistics, which live in the access index, and with
 * its vectors as the caller gave them packed in {@link Mapping#VECTORS}: each one base64 of its
 * float32 values, little-endian, a fifth of their JSON text and read without parsing numbers (a
 * search returns every hit's source). The indexed copy of the vectors, L2-normalised, goes in
 * {@link Mapping#PASSAGES}, which {@code _source} does not keep.
 */
final class Documents {
  private Documents() {}

  /**
   * The document of a record, validating what the index adds to the record's own checks.
   *
   * @param dimension the index dimension, 0 for a lexical-only index
   * @param model the index's embedding model, or null
   * @throws IllegalArgumentException naming the field: a vector of another dimension or model, or
   *     all zeros
   */
  static ObjectNode toSource(MemoryRecord r, int dimension, String model) {
    Checks.notNull(r, "record");
    List<float[]> vectors = r.vectors();
    ArrayNode passages = Cluster.JSON.createArrayNode();
    for (int i = 0; i < vectors.size(); i++) {
      String field = i == 0 ? "vector" : "passageVectors[" + (i - 1) + "]";
      ArrayNode unit = passages.addObject().putArray("vector");
      for (float f : unitVector(vectors.get(i), dimension, model, field)) {
        unit.add(f);
      }
    }
    if (!vectors.isEmpty() && model != null && r.embeddingModel() != null) {
      Checks.require(
          model.equals(r.embeddingModel()),
          "embeddingModel",
          "the record's vector was made by %s but the index holds vectors of %s",
          Checks.excerpt(r.embeddingModel()),
          model);
    }
    ObjectNode source = RecordJson.toNode(r, false);
    source.remove(Mapping.RECALL_COUNT);
    source.remove(Mapping.LAST_ACCESSED);
    if (!vectors.isEmpty()) {
      ArrayNode packed = source.putArray(Mapping.VECTORS);
      vectors.forEach(v -> packed.add(pack(v)));
    }
    if (!passages.isEmpty()) {
      source.set(Mapping.PASSAGES, passages);
    }
    return source;
  }

  /**
   * The record a {@code _source} holds, with its access statistics.
   *
   * @throws IllegalStateException naming the id and index when the source is not a record (written
   *     by something else than this store)
   */
  static MemoryRecord fromSource(
      String index, String id, JsonNode source, AccessStats.Entry access) {
    try {
      // The hit's own source, read once: the packed vectors are taken out before the record is.
      JsonNode packed = ((ObjectNode) source).remove(Mapping.VECTORS);
      // The stored form always names its namespace and creation time: the defaults are unused.
      MemoryRecord.Builder stored =
          RecordJson.read(source, Scope.DEFAULT_NAMESPACE, Instant.EPOCH).toBuilder();
      if (packed != null) {
        List<float[]> vectors = new ArrayList<>(packed.size());
        packed.forEach(v -> vectors.add(unpack(v.asText())));
        stored.vectors(vectors);
      }
      return stored.recallCount(access.recallCount()).lastAccessed(access.lastAccessed()).build();
    } catch (IllegalArgumentException | ClassCastException e) {
      throw new IllegalStateException(
          "document " + id + " of index " + index + " is not a recall4j record: " + e.getMessage(),
          e);
    }
  }

  /** A vector's float32 values, little-endian, in base64. */
  static String pack(float[] vector) {
    ByteBuffer bytes = ByteBuffer.allocate(vector.length * Float.BYTES);
    bytes.order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().put(vector);
    return Base64.getEncoder().encodeToString(bytes.array());
  }

  /** The vector {@link #pack} wrote. */
  static float[] unpack(String packed) {
    FloatBuffer values =
        ByteBuffer.wrap(Base64.getDecoder().decode(packed))
            .order(ByteOrder.LITTLE_ENDIAN)
            .asFloatBuffer();
    float[] vector = new float[values.remaining()];
    values.get(vector);
    return vector;
  }

  /**
   * Checks a vector against the index dimension and returns an L2-normalised copy, so that the
   * inner product the index computes is the cosine. Messages as the in-process store's.
   */
  static float[] unitVector(float[] vector, int dimension, String model, String field) {
    Checks.require(
        vector.length == dimension,
        field,
        "dimension %d does not match the index dimension %d (model %s)",
        vector.length,
        dimension,
        model == null ? "none recorded" : model);
    double squares = 0;
    for (int i = 0; i < vector.length; i++) {
      Checks.require(
          Float.isFinite(vector[i]),
          field,
          "component %d is %s; every component must be finite",
          i,
          vector[i]);
      squares += (double) vector[i] * vector[i];
    }
    Checks.require(squares > 0, field, "must not be all zeros: it has no direction to compare");
    float[] unit = new float[vector.length];
    double norm = Math.sqrt(squares);
    for (int i = 0; i < vector.length; i++) {
      unit[i] = (float) (vector[i] / norm);
    }
    return unit;
  }
}
