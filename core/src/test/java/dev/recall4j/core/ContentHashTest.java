package dev.recall4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.text.Normalizer;
import java.util.HexFormat;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class ContentHashTest {

  /**
   * The hand-written fold must give exactly what the regex gave, or every stored content hash (and
   * every id derived from one) would stop matching a re-saved record.
   */
  @Property(tries = 2_000)
  void foldsWhitespaceExactlyAsTheRegexDid(
      @ForAll
          @StringLength(max = 40)
          @Chars({
            'a', 'b', ' ', '\t', '\n', '\r', '\f', '\u000B', '\u00A0', '\u2003', '\u0085', '\u001C',
            '\u3000', 'é'
          })
          String text) {
    assertEquals(text.replaceAll("\\s+", " "), ContentHash.foldWhitespace(text));
  }

  @Property(tries = 500)
  void hashesAsBeforeTheFold(@ForAll @StringLength(max = 60) String content) throws Exception {
    String normalised =
        Normalizer.normalize(content, Normalizer.Form.NFC).strip().replaceAll("\\s+", " ");
    String expected =
        HexFormat.of()
            .formatHex(
                MessageDigest.getInstance("SHA-256")
                    .digest(normalised.getBytes(StandardCharsets.UTF_8)));
    assertEquals(expected, ContentHash.of(content));
  }

  @Test
  void keepsTextWithSingleSpacesAsItIs() {
    String text = "one two three";
    assertSame(text, ContentHash.foldWhitespace(text));
  }

  @Test
  void sameHashForTheSameTextWithOtherLineBreaks() {
    assertEquals(ContentHash.of("a  b\n\tc "), ContentHash.of(" a b c"));
    assertNotEquals(ContentHash.of("a b c"), ContentHash.of("a bc"));
  }
}
