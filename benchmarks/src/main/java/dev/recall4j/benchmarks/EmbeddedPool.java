package dev.recall4j.benchmarks;

/**
 * Embeddings of a {@link TextPool}'s first texts and first queries, by one model.
 *
 * @param model the embedding model id the vectors come from
 * @param key a short hash of the model and of every embedded text, naming caches built from them
 * @param documents one vector per embedded text, in pool order
 * @param queries one vector per embedded query, in pool order
 */
record EmbeddedPool(String model, String key, float[][] documents, float[][] queries) {}
