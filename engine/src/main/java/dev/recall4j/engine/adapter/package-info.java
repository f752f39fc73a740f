/**
 * The framework-free half of the framework adapters (the {@code langchain4j} and {@code spring-ai}
 * modules): what a vector store, a retriever and their metadata mean over a {@link
 * dev.recall4j.engine.RecallEngine}, written once, so that the adapters agree and keep only their
 * framework's types and mapping.
 *
 * <ul>
 *   <li>{@link dev.recall4j.engine.adapter.MetadataTag}: one metadata entry as a {@code meta:} tag,
 *       the one format of every adapter;
 *   <li>{@link dev.recall4j.engine.adapter.RecordFields}: a metadata map and a record's fields and
 *       tags, both ways;
 *   <li>{@link dev.recall4j.engine.adapter.IndexedFilter}: what a framework filter translates into
 *       when the index can run it exactly;
 *   <li>{@link dev.recall4j.engine.adapter.NamespaceRecords}: a namespace as a vector store sees
 *       it, its nearest records by exact cosine ({@link dev.recall4j.engine.adapter.VectorMatch})
 *       and its purges;
 *   <li>{@link dev.recall4j.engine.adapter.QueryRecall}: the recall a retriever runs for each
 *       query.
 * </ul>
 *
 * <p>No type here depends on a framework: a framework's metadata arrives as a {@code Map}, its
 * filter as an {@link dev.recall4j.engine.adapter.IndexedFilter} or a {@code Predicate}, its query
 * as a type parameter.
 */
package dev.recall4j.engine.adapter;
