package dev.recall4j.ranking;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall4j.core.DropReason;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.MemoryRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The screens of {@link KeptCandidates} only skip pairs the exact tests would reject: dedup gives
 * what comparing every pair in full gives, reasons included. jqwik prints the seed on failure.
 */
class KeptCandidatesTest {
  private static final String[] WORDS = {
    "java", "maven", "build", "test", "deploy", "helm", "port", "grüße", "日本"
  };

  /**
   * Vectors of two dimensions (one shorter than the screened head, one longer) and two models,
   * perturbed copies of a few bases so that near duplicates are common; some records have none.
   */
  private static MemoryRecord randomRecord(String id, float[][] bases, Random random) {
    StringBuilder content = new StringBuilder();
    for (int i = 0, n = 1 + random.nextInt(6); i < n; i++) {
      content.append(WORDS[random.nextInt(WORDS.length)]).append(random.nextBoolean() ? " " : ", ");
    }
    MemoryRecord.Builder b = Fixtures.rec(id, content.toString());
    if (random.nextInt(5) > 0) {
      float[] base = bases[random.nextInt(bases.length)];
      float[] v = new float[base.length];
      // Noise sometimes only in the tail, which the screen bounds without reading it.
      int from = random.nextBoolean() ? 0 : Math.min(KeptCandidates.PREFIX, base.length - 1);
      float noise = random.nextFloat() * 0.6f;
      for (int i = 0; i < v.length; i++) {
        v[i] =
            base[i] * (random.nextBoolean() ? 1 : 3) / 3
                + (i >= from ? noise * (float) random.nextGaussian() : 0);
      }
      if (random.nextInt(15) == 0) {
        // Huge but finite: squares overflow float, which the screen must survive (it lets such
        // pairs through).
        for (int i = 0; i < v.length; i++) {
          v[i] *= 1e19f;
        }
      }
      b.vector(random.nextInt(20) == 0 ? new float[v.length] : v)
          .embeddingModel(random.nextInt(5) == 0 ? "other" : "m");
    }
    return b.build();
  }

  @Property(tries = 300)
  void screenedDedupEqualsComparingEveryPair(@ForAll Random random) {
    int dimension = random.nextBoolean() ? 40 : 150;
    float[][] bases = new float[1 + random.nextInt(4)][dimension];
    for (float[] base : bases) {
      for (int i = 0; i < dimension; i++) {
        base[i] = (float) random.nextGaussian();
      }
    }
    List<Weighted> ordered = new ArrayList<>();
    for (int i = 0, n = 1 + random.nextInt(60); i < n; i++) {
      MemoryRecord r = randomRecord("d" + i, bases, random);
      ordered.add(Fixtures.weighted(r, 1.0 / (i + 1), 1, 1, 1));
    }
    Dedup settings =
        new Dedup(
            random.nextInt(6) == 0 ? 1.0 : random.nextDouble(),
            random.nextInt(6) == 0 ? 1.0 : 0.5 + random.nextDouble() * 0.5);
    List<DroppedItem> expectedDropped = new ArrayList<>();
    List<String> expectedKept = everyPair(ordered, settings, expectedDropped);
    // Both head kernels: the Vector API one (tests run with the incubator module) and the plain
    // loop.
    for (DedupKernel kernel : List.of(DedupKernel.best(), DedupKernel.plain())) {
      List<DroppedItem> dropped = new ArrayList<>();
      List<String> kept =
          Diversity.dedup(ordered, settings, new TokenSets(), dropped, kernel).stream()
              .map(w -> w.record.id())
              .toList();
      assertEquals(expectedKept, kept, () -> settings + " " + kernel.getClass().getSimpleName());
      assertEquals(
          expectedDropped, dropped, () -> settings + " " + kernel.getClass().getSimpleName());
    }
  }

  @Example
  void theVectorKernelIsUsedWhenTheModuleIsPresent() {
    boolean present = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    assertEquals(
        present ? "VectorDedupKernel" : "PlainDedupKernel",
        DedupKernel.best().getClass().getSimpleName());
  }

  /**
   * The reference: each candidate against every kept one in order, exact hash, then full cosine and
   * Jaccard.
   */
  private static List<String> everyPair(
      List<Weighted> ordered, Dedup settings, List<DroppedItem> dropped) {
    List<MemoryRecord> kept = new ArrayList<>();
    for (Weighted w : ordered) {
      MemoryRecord r = w.record;
      String reason = null;
      for (MemoryRecord k : kept) {
        if (k.contentHash().equals(r.contentHash())) {
          reason = "same content as " + k.id();
          break;
        }
      }
      Similarity a = new Similarity(r, TokenSet.of(r.content()));
      for (int i = 0; reason == null && i < kept.size(); i++) {
        MemoryRecord k = kept.get(i);
        Similarity b = new Similarity(k, TokenSet.of(k.content()));
        if (settings.vectorCosine() < 1
            && a.vectorsComparable(b)
            && a.cosine(b) > settings.vectorCosine()) {
          reason =
              String.format(
                  Locale.ROOT,
                  "near duplicate of %s: vector cosine %.3f > %.3f",
                  k.id(),
                  a.cosine(b),
                  settings.vectorCosine());
        } else if (settings.tokenJaccard() < 1
            && a.tokens().jaccard(b.tokens()) > settings.tokenJaccard()) {
          reason =
              String.format(
                  Locale.ROOT,
                  "near duplicate of %s: token Jaccard %.3f > %.3f",
                  k.id(),
                  a.tokens().jaccard(b.tokens()),
                  settings.tokenJaccard());
        }
      }
      if (reason == null) {
        kept.add(r);
      } else {
        dropped.add(new DroppedItem(r.id(), DropReason.DUPLICATE, reason));
      }
    }
    return kept.stream().map(MemoryRecord::id).toList();
  }
}
