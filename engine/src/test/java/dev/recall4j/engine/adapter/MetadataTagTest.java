package dev.recall4j.engine.adapter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Checks;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@code meta:} tag format. The expected tags are what the LangChain4j and Spring AI modules
 * each wrote with their own codec before they shared this one (both gave the same bytes for every
 * type they had in common), so records stored then read back now.
 */
class MetadataTagTest {
  static List<Arguments> written() {
    return List.of(
        Arguments.of("country", "FR", "meta:country=FR"),
        Arguments.of("note with space", "50% off", "meta:note%20with%20space=50%25%20off"),
        Arguments.of("a key=with#signs", " padded ", "meta:a%20key%3Dwith%23signs=%20padded%20"),
        Arguments.of("empty", "", "meta:empty="),
        Arguments.of("tab", "a\tb", "meta:tab=a%09b"),
        Arguments.of("line\nbreak", "x\u0001y", "meta:line%0Abreak=x%01y"),
        Arguments.of("unicode", "für Brest\u00a0✓", "meta:unicode=für%20Brest\u00a0✓"),
        Arguments.of("emoji", "\ud83c\udf0a tide", "meta:emoji=\ud83c\udf0a%20tide"),
        Arguments.of("plus", "a+b", "meta:plus=a+b"),
        Arguments.of("pct", "%41", "meta:pct=%2541"),
        Arguments.of("year", 2019, "meta:year#int=2019"),
        Arguments.of("population", 139_602L, "meta:population#long=139602"),
        Arguments.of("weight", 1.5f, "meta:weight#float=1.5"),
        Arguments.of("ratio", 0.5, "meta:ratio#double=0.5"),
        Arguments.of(
            "u",
            UUID.fromString("00000000-0000-0000-0000-000000000001"),
            "meta:u#uuid=00000000-0000-0000-0000-000000000001"),
        Arguments.of("active", true, "meta:active#bool=true"));
  }

  @ParameterizedTest(name = "{2}")
  @MethodSource("written")
  void writesTheTagsBothAdaptersWroteAndReadsThemBackTyped(String key, Object value, String tag) {
    assertEquals(tag, new MetadataTag(key, value).encode());
    assertEquals(Optional.of(new MetadataTag(key, value)), MetadataTag.decode(tag));
  }

  @Property(tries = 300)
  void anyTextRoundTripsAsATagThatSurvivesStripping(@ForAll String key, @ForAll String value) {
    // A record holds valid Unicode only (Checks.wellFormed): a lone surrogate is never stored.
    Assume.that(Checks.loneSurrogate(key) < 0 && Checks.loneSurrogate(value) < 0);
    String tag = new MetadataTag(key, value).encode();
    assertEquals(tag.strip(), tag);
    assertEquals(new MetadataTag(key, value), MetadataTag.decode(tag).orElseThrow());
  }

  @Test
  void otherTagsAreNoMetadata() {
    assertEquals(Optional.empty(), MetadataTag.decode("ops"));
    assertEquals(Optional.empty(), MetadataTag.decode("meta:no-equals-sign"));
    assertEquals(Optional.empty(), MetadataTag.decode("langchain4j:vector-only"));
  }

  @Test
  void aPercentSignWithoutAnEscapeIsReadAsItIs() {
    assertEquals("50%", MetadataTag.decode("meta:discount=50%").orElseThrow().value());
    assertEquals("%zz off", MetadataTag.decode("meta:d=%zz%20off").orElseThrow().value());
  }

  @Test
  void badTagsAreRefusedNamingTheField() {
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> MetadataTag.decode("meta:x#date=1"));
    assertEquals("tags: unknown metadata type in meta:x#date=1", unknown.getMessage());
    IllegalArgumentException number =
        assertThrows(IllegalArgumentException.class, () -> MetadataTag.decode("meta:x#int=one"));
    assertEquals("tags: no int value in meta:x#int=one", number.getMessage());
  }

  @Test
  void valuesThatNoTagHoldsAreRefusedNamingTheKey() {
    IllegalArgumentException type =
        assertThrows(IllegalArgumentException.class, () -> new MetadataTag("pages", List.of(1)));
    assertTrue(type.getMessage().startsWith("metadata.pages: a java.util."), type.getMessage());
    IllegalArgumentException nothing =
        assertThrows(IllegalArgumentException.class, () -> new MetadataTag("pages", null));
    assertEquals("metadata.pages: must not be null", nothing.getMessage());
    IllegalArgumentException tooLong =
        assertThrows(
            IllegalArgumentException.class, () -> MetadataTag.tagOf("path", "/x".repeat(40)));
    assertTrue(
        tooLong.getMessage().startsWith("metadata.path: key and value take 90 characters"),
        tooLong.getMessage());
    assertEquals("meta:path=/x", MetadataTag.tagOf("path", "/x"));
  }

  @Test
  void aFilterMayEncodeATagTooLongToStoreWhichThenMatchesNoRecord() {
    assertEquals(90, new MetadataTag("path", "x".repeat(80)).encode().length());
  }
}
