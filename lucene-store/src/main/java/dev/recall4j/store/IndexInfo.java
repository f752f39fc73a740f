package dev.recall4j.store;

import java.nio.file.Path;

/**
 * What an open index holds.
 *
 * @param directory the index directory
 * @param embeddingModel the embedding model recorded in the index, or null when none is recorded
 * @param dimension the vector dimension recorded in the index, or 0 for a lexical-only index
 * @param records live records (deleted and purged ones excluded; soft-deleted ones included)
 * @param sizeBytes bytes on disk of every file in the directory
 */
public record IndexInfo(
    Path directory, String embeddingModel, int dimension, long records, long sizeBytes) {}
