package dev.recall4j.ranking;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.recall4j.core.MemoryRecord;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link Weighted#sort} against the JDK's sort with the same comparison; jqwik prints the seed on
 * failure.
 */
class WeightedTest {
  /**
   * Sizes around the insertion-sort runs and the merge widths; few distinct scores, so ties reach
   * trust and id.
   */
  @Property(tries = 300)
  void sortsLikeTheJdkSort(@ForAll @IntRange(min = 0, max = 300) int size, @ForAll long seed) {
    Random random = new Random(seed);
    Weighted[] items = new Weighted[size];
    for (int i = 0; i < size; i++) {
      int priority = random.nextInt(3);
      MemoryRecord r = Fixtures.rec("r" + random.nextInt(1000) + "-" + i, "x").build();
      items[i] =
          Fixtures.weighted(
              r,
              random.nextInt(5) * 0.25,
              random.nextInt(3) * 0.5,
              priority,
              priority == 0 ? 0 : 1);
    }
    Weighted[] expected = items.clone();
    Arrays.sort(expected, Weighted::compare);
    Weighted.sort(items);
    assertArrayEquals(expected, items, () -> "seed " + seed + ", size " + size);
  }
}
