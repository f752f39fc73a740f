package dev.recall4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigSectionTest {
  private static Map<String, Object> map(Object... keysAndValues) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      m.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return m;
  }

  private static String message(Runnable read) {
    return assertThrows(IllegalArgumentException.class, read::run).getMessage();
  }

  @Test
  void readsEachKindOfValueOnlyWhenPresent() {
    ConfigSection s =
        ConfigSection.of(
            map("n", 3, "x", 0.5, "b", true, "t", "int8", "l", List.of("a", "b"), "gone", null),
            "recall");
    List<Object> read = new ArrayList<>();
    s.integer("n", read::add);
    s.number("x", read::add);
    s.bool("b", read::add);
    s.text("t", read::add);
    s.list("l", read::add);
    s.text("gone", read::add);
    s.integer("absent", read::add);
    assertEquals(List.of(3, 0.5, true, "int8", List.of("a", "b")), read);
    assertEquals("recall.links", s.key("links"));
    assertTrue(s.has("n"));
    assertFalse(s.has("gone"));
    assertEquals(List.of("single"), listOf(ConfigSection.of(map("l", "single"), "x"), "l"));
    assertEquals("0.25", ConfigSection.of(map("tier_boost", 0.25), "recall").text("tier_boost"));
  }

  private static List<String> listOf(ConfigSection s, String name) {
    List<String> out = new ArrayList<>();
    s.list(name, out::addAll);
    return out;
  }

  @Test
  void everyErrorNamesTheDottedKeyAndTheValue() {
    ConfigSection s =
        ConfigSection.of(
            map("n", 1.5, "b", "yes", "x", "a lot", "t", List.of(1), "l", List.of(1)), "stats");
    assertEquals(
        "stats.n: must be a whole number, got 1.5", message(() -> s.integer("n", v -> {})));
    assertEquals(
        "stats.b: must be true or false, got \"yes\"", message(() -> s.bool("b", v -> {})));
    assertEquals("stats.x: must be a number, got \"a lot\"", message(() -> s.number("x", v -> {})));
    assertTrue(message(() -> s.text("t", v -> {})).startsWith("stats.t: must be a single value"));
    assertTrue(message(() -> s.list("l", v -> {})).startsWith("stats.l: must be a list of texts"));
    assertEquals(
        "stats.colour: unknown setting, expected one of b, l, n, t, x",
        message(
            () -> ConfigSection.of(map("colour", "red"), "stats").allow("n", "b", "x", "t", "l")));
    assertEquals(
        "the top level: must be a mapping, got a list",
        message(() -> ConfigSection.of(List.of(), "")));
    assertEquals(
        "stats.log_max_days: bad value 0: must be >= 1, got 0",
        message(
            () ->
                ConfigSection.of(map("log_max_days", 0), "stats")
                    .integer(
                        "log_max_days",
                        v -> {
                          throw new IllegalArgumentException("must be >= 1, got " + v);
                        })));
    // A setter whose message already names the key keeps it.
    assertEquals(
        "stats.n: too big",
        message(
            () ->
                ConfigSection.of(map("n", 9), "stats")
                    .integer(
                        "n",
                        v -> {
                          throw new IllegalArgumentException("stats.n: too big");
                        })));
  }

  @Test
  void nestedSectionsAndListsOfSectionsCarryTheirPath() {
    ConfigSection top =
        ConfigSection.of(
            map(
                "recall", map("links", map("damping", 0.8)),
                "sources", List.of(map("name", "a"), "not a mapping")),
            "");
    List<String> paths = new ArrayList<>();
    top.section("recall", r -> r.section("links", l -> paths.add(l.key("damping"))));
    assertEquals(List.of("recall.links.damping"), paths);
    assertTrue(top.hasSection("recall"));
    assertFalse(top.hasSection("sources"));
    assertEquals(ConfigSection.empty("nothing").names(), top.section("nothing").names());
    String e = message(() -> top.sections("sources", s -> paths.add(s.path())));
    assertEquals(List.of("recall.links.damping", "sources[0]"), paths);
    assertEquals("sources[1]: must be a mapping, got \"not a mapping\"", e);
  }
}
