package dev.recall4j.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.IndexDamagedException;
import dev.recall4j.core.store.StoreFilter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Issue 33, item 4: bytes flipped in every kind of index file of a real index (records with
 * vectors, written in several commits), then what a restarted server does with it: open it, answer
 * searches, check every file's checksum (the server's background check), and what {@code verify}
 * and {@code repair} find. No search may fail with anything but {@link IndexDamagedException},
 * every flip must be found by the checksum check or at open, and by {@code verify}, and after the
 * check nothing is served. {@code bin/damage-test} runs it on a larger index ({@code
 * -Drecall4j.damage.records}, {@code .flips} per kind, {@code .queries}); the last figures are in
 * docs/RESULTS.md.
 */
class DamageTest {
  private static final Logger LOG = LoggerFactory.getLogger(DamageTest.class);
  private static final int RECORDS = Integer.getInteger("recall4j.damage.records", 300);
  private static final int FLIPS = Integer.getInteger("recall4j.damage.flips", 1);
  private static final int QUERIES = Integer.getInteger("recall4j.damage.queries", 20);
  private static final int BATCHES = 6;
  private static final int DIMENSION = 16;
  private static final StoreFilter NS = StoreFilter.all(Scope.of("ns"));
  private static final List<String> WORDS =
      List.of(
          "harbour",
          "tide",
          "pilot",
          "ferry",
          "dredge",
          "storm",
          "lighthouse",
          "anchor",
          "quay",
          "buoy",
          "crane",
          "cargo",
          "winter",
          "dawn",
          "signal",
          "chart");

  @TempDir Path dir;

  /** What the trials of one kind of file came to. */
  private static final class Tally {
    int flips;
    int foundAtOpen;
    int fellBack;
    int foundByCheck;
    int foundByVerify;
    int same;
    int servedWrong;
    int fromPrevious;
    int refused;
    int servedAfterCheck;
    long recovered;
    long lost;
    final List<String> otherErrors = new ArrayList<>();
  }

  @Test
  void everyFlippedByteIsFoundAndNoneIsServedAfterTheCheck() throws IOException {
    Random random = new Random(33);
    Path pristine = dir.resolve("pristine");
    List<float[]> queries = build(pristine, random);
    Map<String, List<String>> answers = answers(pristine, queries);
    List<String> files = filesOfLatestCommit(pristine);
    Map<String, Tally> byKind = new TreeMap<>();
    int trial = 0;
    for (String kind : kinds(files)) {
      List<String> ofKind = files.stream().filter(f -> kind(f).equals(kind)).toList();
      Tally tally = byKind.computeIfAbsent(kind, k -> new Tally());
      for (int f = 0; f < FLIPS; f++) {
        Path copy = dir.resolve("trial-" + trial++);
        copy(pristine, copy);
        String file = ofKind.get(random.nextInt(ofKind.size()));
        DamageTestFiles.flipByte(copy.resolve(file), random.nextDouble());
        run(copy, queries, answers, tally);
      }
    }
    Tally total = new Tally();
    byKind.forEach(
        (kind, t) -> {
          LOG.info("damage-test {}: {}", kind, line(t));
          add(total, t);
        });
    LOG.info(
        "damage-test total: {} records, {} flips over {} kinds of file: {}",
        RECORDS,
        total.flips,
        byKind.size(),
        line(total));
    assertEquals(List.of(), total.otherErrors, "searches fail only with IndexDamagedException");
    assertEquals(0, total.servedAfterCheck, "nothing is served once damage was found");
    assertEquals(total.flips, total.foundByVerify, "verify finds every flip");
    assertEquals(
        total.flips,
        total.foundAtOpen + total.fellBack + total.foundByCheck,
        "every flip is found at open (or falls back) or by the checksum check");
  }

  private void run(Path copy, List<float[]> queries, Map<String, List<String>> answers, Tally t)
      throws IOException {
    t.flips++;
    try (LuceneStore store = LuceneStore.openReadOnly(StoreOptions.builder(copy).build())) {
      boolean fellBack = store.info().records() < RECORDS;
      t.fellBack += fellBack ? 1 : 0;
      search(store, queries, answers, t, fellBack ? Phase.PREVIOUS_COMMIT : Phase.BEFORE_CHECK);
      boolean found = !store.checkIntegrity().ok();
      t.foundByCheck += found && !fellBack ? 1 : 0;
      if (found) {
        search(store, queries, answers, t, Phase.AFTER_CHECK);
      }
    } catch (IndexDamagedException e) {
      t.foundAtOpen++;
    }
    t.foundByVerify += StoreCheck.verify(copy, Duration.ZERO).clean() ? 0 : 1;
    long[] recovered = {0};
    StoreCheck.salvage(copy, r -> recovered[0]++, new ArrayList<>());
    t.recovered += recovered[0];
    t.lost += RECORDS - recovered[0];
  }

  /** When searches run: on the commit before the damaged one, before or after the check. */
  private enum Phase {
    PREVIOUS_COMMIT,
    BEFORE_CHECK,
    AFTER_CHECK
  }

  private static void search(
      LuceneStore store,
      List<float[]> queries,
      Map<String, List<String>> answers,
      Tally t,
      Phase phase) {
    for (int q = 0; q < queries.size(); q++) {
      for (String key : List.of("lexical " + q, "vector " + q)) {
        try {
          List<String> got =
              ids(
                  key.startsWith("lexical")
                      ? store.searchLexical(WORDS.get(q % WORDS.size()), NS, 10)
                      : store.searchVector(queries.get(q), NS, 10));
          switch (phase) {
            case PREVIOUS_COMMIT -> t.fromPrevious++;
            case AFTER_CHECK -> t.servedAfterCheck++;
            case BEFORE_CHECK -> {
              if (got.equals(answers.get(key))) {
                t.same++;
              } else {
                t.servedWrong++;
              }
            }
          }
        } catch (IndexDamagedException e) {
          t.refused += phase == Phase.AFTER_CHECK ? 0 : 1;
        } catch (IOException | RuntimeException e) {
          t.otherErrors.add(key + ": " + e);
        }
      }
    }
  }

  private static String line(Tally t) {
    return String.format(
        "%d flipped; found at open %d, fell back to the previous commit %d, found by the checksum"
            + " check %d, by verify %d; searches before the check: %d same, %d different without"
            + " an error, %d answered from the previous commit, %d refused as damaged, %d other"
            + " errors; served after the check %d; records recovered by repair %d, lost %d",
        t.flips,
        t.foundAtOpen,
        t.fellBack,
        t.foundByCheck,
        t.foundByVerify,
        t.same,
        t.servedWrong,
        t.fromPrevious,
        t.refused,
        t.otherErrors.size(),
        t.servedAfterCheck,
        t.recovered,
        t.lost);
  }

  private static void add(Tally total, Tally t) {
    total.flips += t.flips;
    total.foundAtOpen += t.foundAtOpen;
    total.fellBack += t.fellBack;
    total.foundByCheck += t.foundByCheck;
    total.foundByVerify += t.foundByVerify;
    total.same += t.same;
    total.servedWrong += t.servedWrong;
    total.fromPrevious += t.fromPrevious;
    total.refused += t.refused;
    total.servedAfterCheck += t.servedAfterCheck;
    total.recovered += t.recovered;
    total.lost += t.lost;
    total.otherErrors.addAll(t.otherErrors);
  }

  /** The index: records with vectors in {@value #BATCHES} commits; returns the query vectors. */
  private static List<float[]> build(Path index, Random random) throws IOException {
    try (LuceneStore store = TestRecords.withVectors(index, DIMENSION)) {
      List<MemoryRecord> batch = new ArrayList<>();
      for (int i = 0; i < RECORDS; i++) {
        String text =
            WORDS.get(random.nextInt(WORDS.size()))
                + " "
                + WORDS.get(random.nextInt(WORDS.size()))
                + " log "
                + i;
        batch.add(
            TestRecords.record(String.format("r%05d", i), text)
                .vector(vector(random))
                .embeddingModel("test-model")
                .build());
        if (batch.size() == RECORDS / BATCHES || i == RECORDS - 1) {
          store.upsertAll(batch);
          batch.clear();
          if (i == RECORDS - RECORDS / BATCHES - 1) {
            // One large segment of separate files (.doc, .tim, .vec...) and, after it, a small
            // compound one (.cfs, .cfe): every kind of file.
            store.compact();
          }
        }
      }
    }
    List<float[]> queries = new ArrayList<>();
    for (int q = 0; q < QUERIES; q++) {
      queries.add(vector(random));
    }
    return queries;
  }

  private static Map<String, List<String>> answers(Path index, List<float[]> queries)
      throws IOException {
    Map<String, List<String>> answers = new TreeMap<>();
    try (LuceneStore store = LuceneStore.openReadOnly(StoreOptions.builder(index).build())) {
      assertTrue(store.checkIntegrity().ok());
      for (int q = 0; q < queries.size(); q++) {
        answers.put("lexical " + q, ids(store.searchLexical(WORDS.get(q % WORDS.size()), NS, 10)));
        answers.put("vector " + q, ids(store.searchVector(queries.get(q), NS, 10)));
      }
    }
    return answers;
  }

  private static List<String> filesOfLatestCommit(Path index) throws IOException {
    try (FSDirectory directory = FSDirectory.open(index)) {
      return List.copyOf(SegmentInfos.readLatestCommit(directory).files(true));
    }
  }

  private static List<String> kinds(List<String> files) {
    return files.stream().map(DamageTest::kind).distinct().sorted().toList();
  }

  /** {@code segments_N}, or the file's extension. */
  private static String kind(String file) {
    return file.startsWith(IndexFileNames.SEGMENTS)
        ? "segments_N"
        : "." + IndexFileNames.getExtension(file);
  }

  private static void copy(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (Stream<Path> files = Files.list(from)) {
      for (Path file : files.toList()) {
        if (Files.isRegularFile(file) && !file.getFileName().toString().equals("write.lock")) {
          Files.copy(file, to.resolve(file.getFileName()));
        }
      }
    }
  }

  private static float[] vector(Random random) {
    float[] v = new float[DIMENSION];
    for (int i = 0; i < DIMENSION; i++) {
      v[i] = (float) random.nextGaussian();
    }
    return v;
  }

  private static List<String> ids(List<Hit> hits) {
    return hits.stream().map(h -> h.record().id()).toList();
  }

  /** A search that fails on an intact index is a bug, named as one, not damage. */
  @Test
  void anUnexpectedFailureOnIntactFilesIsNotCalledDamage() throws IOException {
    Path index = dir.resolve("intact");
    build(index, new Random(1));
    try (FSDirectory directory = FSDirectory.open(index);
        IndexSearchers searchers = new IndexSearchers(index, directory, null, null, 0.9, 0.4)) {
      assertThrows(
          ArrayIndexOutOfBoundsException.class,
          () ->
              searchers.with(
                  s -> {
                    throw new ArrayIndexOutOfBoundsException("a bug");
                  }));
      assertNull(searchers.damage());
    }
    // The same failure over a damaged file is damage, named by file.
    String file =
        filesOfLatestCommit(index).stream()
            .filter(f -> f.endsWith(".cfs"))
            .findFirst()
            .orElseThrow();
    DamageTestFiles.flipByte(index.resolve(file), 0.5);
    try (FSDirectory directory = FSDirectory.open(index);
        IndexSearchers searchers = new IndexSearchers(index, directory, null, null, 0.9, 0.4)) {
      IndexDamagedException e =
          assertThrows(
              IndexDamagedException.class,
              () ->
                  searchers.with(
                      s -> {
                        throw new ArrayIndexOutOfBoundsException("damaged postings");
                      }));
      assertTrue(
          e.getMessage().startsWith("index damaged: " + file)
              && e.getMessage().endsWith("run `recall4j verify --index " + index + "`"),
          e.getMessage());
      assertThrows(
          IndexDamagedException.class, () -> searchers.with(s -> s.count(Queries.RECORDS)));
    }
  }
}
