package dev.recall4j.datasets.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.ranking.RecencyDecay;
import java.util.List;
import org.junit.jupiter.api.Test;

class EvalModeTest {
  @Test
  void parsesNamedModesAndFusionSpecs() {
    List<EvalMode> modes =
        EvalMode.parseList("bm25, rrf:k=60,window=100,dense,convex:alpha=0.3+nodecay");
    assertEquals(
        List.of("bm25", "rrf:k=60,window=100", "dense", "convex:alpha=0.3+nodecay"),
        modes.stream().map(EvalMode::name).toList());
    assertEquals(EvalMode.Type.FUSION, modes.get(1).type());
    assertEquals("rrf:k=60,window=100", modes.get(1).fusion());
    assertEquals("convex:alpha=0.3", modes.get(3).fusion());
    assertEquals(1.0, modes.get(3).decayFloor());
    assertNull(modes.get(1).decayFloor());
    assertFalse(modes.get(0).needsVectors());
    assertTrue(modes.get(2).needsVectors());
  }

  @Test
  void statusQuoTakesItsOwnFusion() {
    List<EvalMode> modes =
        EvalMode.parseList("sqlite-fts5,sqlite-fts5:convex:alpha=0.5,weights=confidence,dense");
    assertEquals(
        List.of("sqlite-fts5", "sqlite-fts5:convex:alpha=0.5,weights=confidence", "dense"),
        modes.stream().map(EvalMode::name).toList());
    assertNull(modes.get(0).fusion(), "the engine's default fusion");
    assertEquals(EvalMode.Type.SQLITE_FTS5, modes.get(1).type());
    assertEquals("convex:alpha=0.5,weights=confidence", modes.get(1).fusion());
    assertEquals("sqlite-fts5_convex_alpha_0.5_weights_confidence", modes.get(1).fileName());
    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class, () -> EvalMode.parse("sqlite-fts5:convex:alpha=2"));
    assertTrue(bad.getMessage().startsWith("mode: expected bm25"), bad.getMessage());
    assertTrue(bad.getMessage().contains("alpha"), bad.getMessage());
    IllegalArgumentException decay =
        assertThrows(
            IllegalArgumentException.class, () -> EvalMode.parse("sqlite-fts5:dbsf+nodecay"));
    assertTrue(decay.getMessage().startsWith("mode: "), decay.getMessage());
  }

  @Test
  void onlyTheStatusQuoTakesTheDedupSuffix() {
    List<EvalMode> modes =
        EvalMode.parseList(
            "sqlite-fts5+dedup,sqlite-fts5:convex:alpha=0.5,weights=confidence+dedup");
    assertTrue(modes.get(0).dedup());
    assertNull(modes.get(0).fusion(), "the engine's default fusion");
    assertEquals(EvalMode.Type.SQLITE_FTS5, modes.get(1).type());
    assertEquals("convex:alpha=0.5,weights=confidence", modes.get(1).fusion());
    assertTrue(modes.get(1).dedup());
    assertFalse(EvalMode.parse("sqlite-fts5").dedup());
    for (String mode : List.of("hybrid+dedup", "convex:alpha=0.3+dedup", "sqlite-fts5+links")) {
      IllegalArgumentException bad =
          assertThrows(IllegalArgumentException.class, () -> EvalMode.parse(mode), mode);
      assertTrue(bad.getMessage().startsWith("mode: " + mode + " takes no +"), bad.getMessage());
    }
  }

  @Test
  void decaySuffixesSetTheFloor() {
    assertEquals(RecencyDecay.DEFAULT_FLOOR, EvalMode.parse("hybrid+decay").decayFloor());
    assertEquals(0.8, EvalMode.parse("convex:alpha=0.3+decay=0.8").decayFloor());
    assertEquals("convex:alpha=0.3", EvalMode.parse("convex:alpha=0.3+decay=0.8").fusion());
    assertEquals(0.8, EvalMode.parse("hybrid+decay=0.8").decayPolicy().floor());
    assertEquals(
        RecencyDecay.none().floor(), EvalMode.parse("hybrid+nodecay").decayPolicy().floor());
    IllegalArgumentException floor =
        assertThrows(IllegalArgumentException.class, () -> EvalMode.parse("hybrid+decay=1.5"));
    assertTrue(floor.getMessage().startsWith("decay floor: "), floor.getMessage());
    IllegalArgumentException text =
        assertThrows(IllegalArgumentException.class, () -> EvalMode.parse("hybrid+decay=x"));
    assertTrue(
        text.getMessage().startsWith("mode: expected +decay or +decay=FLOOR"), text.getMessage());
  }

  @Test
  void theLinksSuffixFollowsLinksAfterAnyDecaySuffix() {
    EvalMode links = EvalMode.parse("hybrid+nodecay+links");
    assertTrue(links.links());
    assertEquals(EvalMode.Type.HYBRID, links.type());
    assertEquals(1.0, links.decayFloor());
    assertEquals("convex:alpha=0.3", EvalMode.parse("convex:alpha=0.3+links").fusion());
    assertFalse(EvalMode.parse("hybrid").links());
    IllegalArgumentException bm25 =
        assertThrows(IllegalArgumentException.class, () -> EvalMode.parse("bm25+links"));
    assertTrue(bm25.getMessage().contains("+links"), bm25.getMessage());
  }

  @Test
  void allExpandsToTheDocumentedList() {
    assertEquals(EvalMode.ALL, EvalMode.parseList("all").stream().map(EvalMode::name).toList());
    assertEquals(19, EvalMode.ALL.size());
  }

  @Test
  void badModesNameTheSetting() {
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> EvalMode.parse("bm42"));
    assertTrue(unknown.getMessage().startsWith("mode: expected bm25"), unknown.getMessage());
    assertTrue(unknown.getMessage().contains("bm42"));
    IllegalArgumentException decay =
        assertThrows(IllegalArgumentException.class, () -> EvalMode.parse("bm25+nodecay"));
    assertTrue(
        decay.getMessage().startsWith("mode: bm25+nodecay takes no decay suffix"),
        decay.getMessage());
    IllegalArgumentException twice =
        assertThrows(IllegalArgumentException.class, () -> EvalMode.parseList("dense,dense"));
    assertTrue(twice.getMessage().startsWith("mode: dense is given twice"), twice.getMessage());
    IllegalArgumentException alpha =
        assertThrows(IllegalArgumentException.class, () -> EvalMode.parse("convex:alpha=2"));
    assertTrue(alpha.getMessage().contains("alpha"), alpha.getMessage());
  }

  @Test
  void fileNamesAreSafe() {
    assertEquals("convex_alpha_0.3+nodecay", EvalMode.parse("convex:alpha=0.3+nodecay").fileName());
  }

  @Test
  void optionsRejectBadBudgetsAndDepth() {
    List<EvalMode> modes = EvalMode.parseList("bm25");
    IllegalArgumentException budget =
        assertThrows(
            IllegalArgumentException.class,
            () -> EvalOptions.builder(modes).budgets(List.of(512, 0)).build());
    assertTrue(
        budget.getMessage().startsWith("budget: must be in [1, 1000000], got 0"),
        budget.getMessage());
    IllegalArgumentException depth =
        assertThrows(
            IllegalArgumentException.class, () -> EvalOptions.builder(modes).depth(0).build());
    assertTrue(depth.getMessage().startsWith("depth: "), depth.getMessage());
    assertEquals(
        List.of(256, 512),
        EvalOptions.builder(modes).budgets(List.of(512, 256, 512)).build().budgets());
  }

  @Test
  void optionsTakeTheEnginesTierPolicyGrammar() {
    List<EvalMode> modes = EvalMode.parseList("hybrid");
    assertEquals(null, EvalOptions.builder(modes).build().tierBoost(), "the engine's default");
    assertEquals("strict", EvalOptions.builder(modes).tierBoost(" strict ").build().tierBoost());
    assertEquals("0", EvalOptions.builder(modes).tierBoost("0").build().tierBoost());
    assertEquals("0.5", EvalOptions.checkTierBoost("--tier-boost", "0.5"));
    for (String bad : List.of("", "Strict", "boost", "-1", "Infinity")) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> EvalOptions.builder(modes).tierBoost(bad).build(),
              bad);
      assertTrue(
          e.getMessage()
              .startsWith("tierBoost: must be \"strict\" or a boost >= 0, got \"" + bad + "\""),
          e.getMessage());
    }
  }
}
