package dev.recall4j.core;

import java.util.Arrays;

/**
 * What recall computes from a record's content alone, computed once when the record is written and
 * stored beside it, so that a process meeting the record for the first time does not tokenise it
 * again: the token counts the packer sums and the terms dedup compares.
 *
 * <p>Derived data, not part of the record's identity: {@link MemoryRecord#equals} ignores it, and a
 * reader that finds none (a record written before they were stored, a store that does not keep
 * them) or finds them made for another {@code layout} computes them as before. Immutable: the
 * arrays are copied on the way in and out.
 *
 * @param layout what the counts were made for: the token counter and the renderer, as the packer
 *     names them ({@code cl100k/block}); counts are only used by a packer of the same layout
 * @param pieceTokens the token count of each piece of the rendered content, split before every
 *     space that follows a non-space character (the points where the shipped BPE encodings restart
 *     their pieces); null when the counter's counts do not add up that way
 * @param termHashes dedup's terms of the content: sorted, distinct 32-bit hashes
 */
public record ContentFacts(String layout, int[] pieceTokens, int[] termHashes) {
  public ContentFacts {
    layout = Checks.notBlank(layout, "layout");
    Checks.notNull(termHashes, "termHashes");
    if (pieceTokens != null) {
      pieceTokens = pieceTokens.clone();
      Checks.require(pieceTokens.length > 0, "pieceTokens", "must not be empty");
      for (int i = 0; i < pieceTokens.length; i++) {
        Checks.require(
            pieceTokens[i] >= 0,
            "pieceTokens",
            "piece %d has %d tokens; a count is never negative",
            i,
            pieceTokens[i]);
      }
    }
    termHashes = termHashes.clone();
    for (int i = 1; i < termHashes.length; i++) {
      Checks.require(
          termHashes[i - 1] < termHashes[i],
          "termHashes",
          "must be sorted and distinct; hash %d is not above the one before",
          i);
    }
  }

  /** A copy of the piece counts, or null. */
  @Override
  public int[] pieceTokens() {
    return pieceTokens == null ? null : pieceTokens.clone();
  }

  /** A copy of the term hashes. */
  @Override
  public int[] termHashes() {
    return termHashes.clone();
  }

  /** The piece count at {@code index} without copying the array; requires piece counts. */
  public int pieceTokens(int index) {
    return pieceTokens[index];
  }

  /** How many pieces have a count: 0 when there are none. */
  public int pieceCount() {
    return pieceTokens == null ? 0 : pieceTokens.length;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ContentFacts f
        && layout.equals(f.layout)
        && Arrays.equals(pieceTokens, f.pieceTokens)
        && Arrays.equals(termHashes, f.termHashes);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * layout.hashCode() + Arrays.hashCode(pieceTokens))
        + Arrays.hashCode(termHashes);
  }

  @Override
  public String toString() {
    return "ContentFacts[layout="
        + layout
        + ", pieces="
        + pieceCount()
        + ", terms="
        + termHashes.length
        + "]";
  }

  /** Derives the facts of a content for one layout, for a writer to store beside the record. */
  public interface Deriver {
    /** The layout of the facts this derives. */
    String layout();

    /** The facts of {@code content}, for {@link #layout()}. */
    ContentFacts of(String content);

    /**
     * {@code record} with facts for this layout: itself when it has them already, else a copy
     * carrying them.
     */
    default MemoryRecord withFacts(MemoryRecord record) {
      ContentFacts held = record.contentFacts();
      return held != null && held.layout().equals(layout())
          ? record
          : record.toBuilder().contentFacts(of(record.content())).build();
    }
  }
}
