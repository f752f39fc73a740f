package dev.recall4j.core.store;

/**
 * What an open store holds.
 *
 * @param location where the records live, as a user names it: an index directory, or a cluster's
 *     address and index name
 * @param embeddingModel the embedding model recorded in the store, or null when none is recorded
 * @param dimension the vector dimension recorded in the store, or 0 for a lexical-only store
 * @param records live records (purged ones excluded; soft-deleted ones included)
 * @param sizeBytes bytes the store takes on disk (every replica and file), or -1 when unknown
 */
public record StoreInfo(
    String location, String embeddingModel, int dimension, long records, long sizeBytes) {}
