package dev.recall4j.datasets.eval;

import dev.recall4j.core.Embedder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An embedder that answers document texts it has embedded before from memory: the evaluation's
 * document vectors, keyed by the SHA-256 of the text embedded. Keyed by text, not by document, so
 * that a change of how documents become records or are cut into passages embeds only the texts it
 * changes. Queries pass through. Not thread-safe for writers; the engine embeds from one thread
 * here.
 */
final class TextVectorCache implements Embedder {
  private final Embedder model;
  private final Map<String, float[]> vectors;
  private int added;

  /**
   * @param known vectors by text key ({@link #key}), as read from the cache file; copied
   */
  TextVectorCache(Embedder model, Map<String, float[]> known) {
    this.model = model;
    this.vectors = new HashMap<>(known);
  }

  @Override
  public String modelId() {
    return model.modelId();
  }

  @Override
  public int dimension() {
    return model.dimension();
  }

  @Override
  public float[] embedQuery(String query) {
    return model.embedQuery(query);
  }

  @Override
  public List<float[]> embedDocuments(List<String> texts) {
    List<String> keys = texts.stream().map(TextVectorCache::key).toList();
    // Unknown texts by key, each once, in order.
    Map<String, String> missing = new LinkedHashMap<>();
    for (int i = 0; i < texts.size(); i++) {
      if (!vectors.containsKey(keys.get(i))) {
        missing.putIfAbsent(keys.get(i), texts.get(i));
      }
    }
    if (!missing.isEmpty()) {
      List<float[]> embedded = model.embedDocuments(List.copyOf(missing.values()));
      int i = 0;
      for (String key : missing.keySet()) {
        vectors.put(key, embedded.get(i++));
      }
      added += missing.size();
    }
    return keys.stream().map(k -> vectors.get(k).clone()).toList();
  }

  /** How many texts were embedded (not found) since this cache was made. */
  int added() {
    return added;
  }

  /** Every vector known now, by text key: what to write back to the cache file. */
  Map<String, float[]> all() {
    return vectors;
  }

  @Override
  public void close() {
    model.close();
  }

  static String key(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
