/**
 * Ranking: turns the candidate lists of the retrieval paths into one ordered, explained list.
 *
 * <p>Pure Java over candidate lists (no Lucene). The pipeline of {@link
 * dev.recall4j.ranking.Ranker}:
 *
 * <ol>
 *   <li>drop what may never rank: records that are not active (superseded, deleted) and records
 *       superseded by another candidate;
 *   <li>fuse the paths with a {@link dev.recall4j.ranking.Fusion} (RRF, convex combination or DBSF,
 *       see {@link dev.recall4j.ranking.Fusions});
 *   <li>weight: {@code final = fused × decay × trust × tierBoost} ({@link
 *       dev.recall4j.ranking.RecencyDecay}, {@link
 *       dev.recall4j.core.MemoryRecord#effectiveTrust()}, {@link dev.recall4j.ranking.TierPolicy});
 *   <li>order: (strict tiers) tier priority, pinned records by their kind like any other, then
 *       final score, trust and id;
 *   <li>drop exact and near duplicates ({@link dev.recall4j.ranking.Dedup}), then optionally
 *       re-order for diversity with MMR.
 * </ol>
 *
 * <p>Every public type is immutable and thread-safe. Every ordering ends in an explicit tie-break,
 * so the same input gives the same output whatever the order of the paths or of equal-score
 * candidates.
 */
package dev.recall4j.ranking;
