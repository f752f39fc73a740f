package dev.recall4j.core;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * What recall computes from a record's content alone, computed once when the record is written and
 * stored beside it, so that a process meeting the record for the first time does not tokenise it
 * again: the token counts the packer sums and the terms dedup compares.
 *
 * <p>Derived data, not part of the record's identity: {@link MemoryRecord#equals} ignores it, and a
 * reader that finds none (a record written before they were stored, a store that does not keep
 * them) or finds them made for another {@code layout} computes them as before. Immutable and
 * thread-safe: the arrays are copied on the way in and out.
 *
 * <ul>
 *   <li>{@code layout}: what the counts were made for, the token counter and the renderer as the
 *       packer names them ({@code cl100k/block}); counts are only used by a packer of the same
 *       layout.
 *   <li>{@code pieceTokens}: the token count of each piece of the rendered content, split before
 *       every space that follows a non-space character (the points where the shipped BPE encodings
 *       restart their pieces); null when the counter's counts do not add up that way.
 *   <li>{@code termHashes}: dedup's terms of the content, sorted, distinct 32-bit hashes.
 * </ul>
 */
public final class ContentFacts {
  private final String layout;
  // Eager facts hold their arrays; facts decoded on use hold the decoder until first asked.
  private final int[] pieceTokens;
  private final int[] termHashes;
  private final Supplier<ContentFacts> decode;
  private volatile ContentFacts decoded;

  /**
   * Checked facts; the arrays are copied.
   *
   * @throws InvalidFieldException naming the field of a bad value
   */
  public ContentFacts(String layout, int[] pieceTokens, int[] termHashes) {
    this.layout = Checks.notBlank(layout, "layout");
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
    this.pieceTokens = pieceTokens;
    this.termHashes = termHashes;
    this.decode = null;
  }

  private ContentFacts(String layout, Supplier<ContentFacts> decode) {
    this.layout = Checks.notBlank(layout, "layout");
    this.pieceTokens = null;
    this.termHashes = null;
    this.decode = Checks.notNull(decode, "decode");
  }

  /**
   * Facts of {@code layout} whose counts are decoded the first time they are asked for: a store
   * reads facts with every record, and recall needs them only for a record it has not met before.
   *
   * @param decode the facts themselves, of the same layout; called at most once per thread that
   *     asks first
   */
  public static ContentFacts decodedOnUse(String layout, Supplier<ContentFacts> decode) {
    return new ContentFacts(layout, decode);
  }

  /** The counter and renderer the counts were made for. */
  public String layout() {
    return layout;
  }

  /** A copy of the piece counts, or null. */
  public int[] pieceTokens() {
    int[] pieces = facts().pieceTokens;
    return pieces == null ? null : pieces.clone();
  }

  /** A copy of the term hashes. */
  public int[] termHashes() {
    return facts().termHashes.clone();
  }

  /** The piece count at {@code index} without copying the array; requires piece counts. */
  public int pieceTokens(int index) {
    return facts().pieceTokens[index];
  }

  /** How many pieces have a count: 0 when there are none. */
  public int pieceCount() {
    int[] pieces = facts().pieceTokens;
    return pieces == null ? 0 : pieces.length;
  }

  /** These facts with their arrays: itself, or what decoding gave. */
  private ContentFacts facts() {
    if (decode == null) {
      return this;
    }
    ContentFacts known = decoded;
    if (known == null) {
      known = decode.get();
      Checks.require(
          known.decode == null && known.layout.equals(layout),
          "decode",
          "must give decoded facts of layout %s, got %s",
          layout,
          known);
      decoded = known;
    }
    return known;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ContentFacts other
        && layout.equals(other.layout)
        && Arrays.equals(facts().pieceTokens, other.facts().pieceTokens)
        && Arrays.equals(facts().termHashes, other.facts().termHashes);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * layout.hashCode() + Arrays.hashCode(facts().pieceTokens))
        + Arrays.hashCode(facts().termHashes);
  }

  @Override
  public String toString() {
    return decode != null && decoded == null
        ? "ContentFacts[layout=" + layout + ", not decoded yet]"
        : "ContentFacts[layout="
            + layout
            + ", pieces="
            + pieceCount()
            + ", terms="
            + facts().termHashes.length
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
      return holdsFacts(record)
          ? record
          : record.toBuilder().contentFacts(of(record.content())).build();
    }

    /** Whether {@code record} carries facts of this layout. */
    default boolean holdsFacts(MemoryRecord record) {
      ContentFacts held = record.contentFacts();
      return held != null && held.layout().equals(layout());
    }
  }
}
