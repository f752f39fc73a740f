package dev.recall4j.benchmarks;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Stage;
import dev.recall4j.engine.EmbedderProvider;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * What following links costs a recall, as a ratio measured in one run: a vault-shaped index of N
 * notes, each linking to three others (with {@code --chains}, every tenth also supersedes an older
 * note), and the same queries recalled with links off and on, alternating call by call so that a
 * shared machine's load falls on both alike. Lexical recall, so the ratio is an upper bound: a
 * hybrid recall costs more and the expansion the same. Needs no shared datasets (a fixed vocabulary
 * and seed). Not a JMH suite: JMH runs the two settings one after the other, and on a loaded
 * machine their medians then differ by more than the expansion costs.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar
 * dev.recall4j.benchmarks.LinkExpansionCost [--notes 10000] [--calls 2000] [--chains]}; prints the
 * medians, p90s and the ratio of medians.
 */
public final class LinkExpansionCost {
  private static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");
  private static final int VOCABULARY = 3000;

  private LinkExpansionCost() {}

  public static void main(String[] args) throws Exception {
    int notes = 10_000;
    int calls = 2_000;
    boolean chains = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--notes" -> notes = Integer.parseInt(args[++i]);
        case "--calls" -> calls = Integer.parseInt(args[++i]);
        case "--chains" -> chains = true;
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    Path workspace = Files.createTempDirectory("recall4j-link-cost");
    EngineConfig config =
        EngineConfig.builder(workspace)
            .embedderProvider(EmbedderProvider.NONE)
            .statsEnabled(false)
            .build();
    try (RecallEngine engine = RecallEngine.open(config, null, Clock.systemUTC())) {
      Random random = new Random(42);
      List<MemoryRecord> vault = new ArrayList<>(notes);
      for (int i = 0; i < notes; i++) {
        MemoryRecord.Builder note =
            MemoryRecord.builder()
                .id(id(i))
                .silo(Silo.RAG)
                .title("note " + i)
                .content(words(random, 60))
                .links(
                    List.of(
                        id(random.nextInt(notes)),
                        id(random.nextInt(notes)),
                        id(random.nextInt(notes))));
        if (chains && i > 0 && i % 10 == 0) {
          note.supersedes(id(random.nextInt(i)));
        }
        vault.add(note.build(NOW));
      }
      for (int from = 0; from < notes; from += 1000) {
        engine.importAll(vault.subList(from, Math.min(notes, from + 1000)));
      }
      engine.compact();
      List<String> queries = new ArrayList<>();
      for (int q = 0; q < 200; q++) {
        queries.add(words(random, 4));
      }
      long[] off = new long[calls];
      long[] on = new long[calls];
      double[] stage = new double[calls];
      for (int warm = 0; warm < 500; warm++) {
        recall(engine, queries.get(warm % queries.size()), warm % 2 == 0, stage, 0);
      }
      for (int c = 0; c < calls; c++) {
        String query = queries.get(c % queries.size());
        boolean onFirst = c % 2 == 0;
        long first = recall(engine, query, onFirst, stage, c);
        long second = recall(engine, query, !onFirst, stage, c);
        on[c] = onFirst ? first : second;
        off[c] = onFirst ? second : first;
      }
      Arrays.sort(off);
      Arrays.sort(on);
      Arrays.sort(stage);
      System.out.printf(
          Locale.ROOT,
          "notes %d, chains %s, calls %d each: links off p50 %.3f ms p90 %.3f ms | links on p50"
              + " %.3f ms p90 %.3f ms | ratio of medians %.2f | links stage p50 %.3f ms%n",
          notes,
          chains ? "every tenth" : "none",
          calls,
          off[calls / 2] / 1e6,
          off[calls * 9 / 10] / 1e6,
          on[calls / 2] / 1e6,
          on[calls * 9 / 10] / 1e6,
          (double) on[calls / 2] / off[calls / 2],
          stage[calls / 2]);
    } finally {
      Fixtures.delete(workspace);
    }
  }

  /** One recall's wall time in ns; with links on, its {@code links} stage goes to stage[at]. */
  private static long recall(
      RecallEngine engine, String query, boolean links, double[] stage, int at) {
    long start = System.nanoTime();
    RecallResult result = engine.recall(RecallRequest.builder(query).links(links).build());
    long took = System.nanoTime() - start;
    if (links) {
      stage[at] = result.timingsMillis().getOrDefault(Stage.LINKS, 0.0);
    }
    return took;
  }

  private static String id(int note) {
    return "vault:notes/n" + note + ".md#0";
  }

  /** Words of a fixed vocabulary, skewed towards the frequent ones as text is. */
  private static String words(Random random, int count) {
    StringBuilder text = new StringBuilder();
    for (int w = 0; w < count; w++) {
      int word = (int) (VOCABULARY * Math.pow(random.nextDouble(), 2));
      text.append(w == 0 ? "" : " ").append("w").append(word);
    }
    return text.toString();
  }
}
