package dev.recall4j.ranking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.ContentFacts;
import dev.recall4j.core.MemoryRecord;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * Token sets against an independent tokeniser, and their cache. jqwik prints the seed on failure.
 */
class TokenSetTest {
  // ASCII takes the table path, the rest the code-point path (including a surrogate pair).
  private static final String[] PIECES = {
    "Java",
    "java",
    "21",
    "Grüße",
    "GRÜSSE",
    "日本語",
    "𝔘nicode",
    "-",
    " ",
    ", ",
    "!",
    "\t",
    "é",
    "ΣΑΣ"
  };

  @Property(tries = 300)
  void sizeAndJaccardMatchExactTokenSets(@ForAll Random random) {
    String a = randomText(random);
    String b = randomText(random);
    assertEquals(tokens(a).size(), TokenSet.of(a).size(), a);
    Set<String> union = new HashSet<>(tokens(a));
    union.addAll(tokens(b));
    Set<String> common = new HashSet<>(tokens(a));
    common.retainAll(tokens(b));
    double expected = union.isEmpty() ? 0 : (double) common.size() / union.size();
    assertEquals(expected, TokenSet.of(a).jaccard(TokenSet.of(b)), 1e-12, () -> a + " ~ " + b);
  }

  /**
   * The screens' bounds: bits set in A's signature (or fold) but not in B's never outnumber A's own
   * tokens.
   */
  @Property(tries = 300)
  void signatureAndFoldNeverOvercountTokensOnlyOneSetHolds(@ForAll Random random) {
    String a = randomText(random) + randomText(random);
    String b = randomText(random);
    Set<String> onlyA = new HashSet<>(tokens(a));
    onlyA.removeAll(tokens(b));
    TokenSet sa = TokenSet.of(a);
    TokenSet sb = TokenSet.of(b);
    int signatureBits = 0;
    for (int w = 0; w < TokenSet.SIGNATURE_WORDS; w++) {
      signatureBits += Long.bitCount(sa.signature()[w] & ~sb.signature()[w]);
    }
    int foldBits = 0;
    for (int w = 0; w < TokenSet.FOLDS; w++) {
      foldBits += Integer.bitCount(sa.folded()[w] & ~sb.folded()[w]);
    }
    assertTrue(foldBits <= signatureBits && signatureBits <= onlyA.size(), () -> a + " ~ " + b);
  }

  @Test
  void theCacheKeysByContentHash() {
    TokenSets cache = new TokenSets();
    MemoryRecord first = Fixtures.rec("a", "Uses Java 21").build();
    MemoryRecord sameContent = Fixtures.rec("b", "Uses Java 21").build();
    MemoryRecord other = Fixtures.rec("c", "Uses Java 17").build();
    assertSame(cache.of(first), cache.of(sameContent));
    assertNotSame(cache.of(first), cache.of(other));
    assertEquals(1.0, cache.of(first).jaccard(TokenSet.of("uses JAVA 21!")));
  }

  /** The terms stored when a record is written are the set dedup would make of its content. */
  @Property(tries = 200)
  void storedTermsAreTheContentsTokenSet(@ForAll Random random) {
    String a = randomText(random) + "x";
    String b = randomText(random) + "y";
    TokenSet stored = TokenSet.ofHashes(Ranker.termHashes(a));
    assertEquals(TokenSet.of(a).size(), stored.size(), a);
    assertEquals(TokenSet.of(a).jaccard(TokenSet.of(b)), stored.jaccard(TokenSet.of(b)), a);
    assertTrue(Arrays.equals(TokenSet.of(a).signature(), stored.signature()), a);
  }

  @Test
  void aRecordsStoredTermsAreReadNotComputed() {
    // Facts that disagree with the content show which one the cache read.
    MemoryRecord withFacts =
        Fixtures.rec("a", "Uses Java 21").build().toBuilder()
            .contentFacts(
                new ContentFacts("cl100k/block", null, Ranker.termHashes("something else")))
            .build();
    assertEquals(1.0, new TokenSets().of(withFacts).jaccard(TokenSet.of("Something else")));
  }

  @Test
  void aFullCacheStartsOver() {
    TokenSets cache = new TokenSets();
    TokenSet first = cache.of(Fixtures.rec("a", "text 0").build());
    for (int i = 1; i <= TokenSets.CAPACITY; i++) {
      cache.of(Fixtures.rec("a", "text " + i).build());
    }
    TokenSet again = cache.of(Fixtures.rec("a", "text 0").build());
    assertNotSame(first, again, "forgotten when the cache filled up, then computed anew");
    assertEquals(1.0, first.jaccard(again));
  }

  private static String randomText(Random random) {
    StringBuilder text = new StringBuilder();
    for (int i = 0, n = random.nextInt(12); i < n; i++) {
      text.append(PIECES[random.nextInt(PIECES.length)]);
    }
    return text.toString();
  }

  /** Lower-cased runs of letters and digits, by regular expression over code points. */
  private static Set<String> tokens(String text) {
    Set<String> out = new HashSet<>();
    StringBuilder lower = new StringBuilder();
    text.codePoints()
        .forEach(
            cp ->
                lower.appendCodePoint(
                    Character.isLetterOrDigit(cp) ? Character.toLowerCase(cp) : ' '));
    out.addAll(Arrays.asList(lower.toString().split(" +")));
    out.remove("");
    return out;
  }
}
