package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.RecordKey;
import dev.recall4j.core.store.RecordStore;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.function.Executable;

/**
 * The base of the store conformance suites: each test gets the {@link StoreKit} of the runner's
 * extension ({@link InProcessStores}, or a cluster's), and opens fresh stores from it, directly as
 * a {@link RecordStore} or under an engine. A runner class lists the suites as {@code Nested}
 * subclasses, so every kind of store passes the same tests.
 */
public abstract class StoreSuite {
  /** A memory's creation time, with nanoseconds, which every store must keep. */
  static final Instant T0 = Instant.parse("2025-03-01T10:15:30.123456789Z");

  static final Scope NS = Scope.of("ns");

  /** The model id of the test vectors. */
  static final String MODEL = "test-model";

  /** How long an open for writing waits for another writer. */
  static final Duration WAIT = Duration.ofSeconds(10);

  /** The {@code MethodSource} of the suites that run once per random seed: {@link #seeds()}. */
  static final String SEEDS = "dev.recall4j.engine.StoreSuite#seeds";

  /**
   * How many seeds {@link #seeds()} gives: 6 by default; a store whose writes cost more (a cluster)
   * runs fewer with {@code -Drecall4j.conformance.seeds=N}.
   */
  static final int SEED_COUNT = Integer.getInteger("recall4j.conformance.seeds", 6);

  private StoreKit kit;

  @BeforeEach
  final void takeKit(StoreKit kit) {
    this.kit = kit;
  }

  /** A fresh, empty store of the kind under test. */
  final StoreOpener newStore() throws IOException {
    return kit.newStore();
  }

  /** Opens a store for writing with these settings and vectors of {@link #MODEL} (0: none). */
  static RecordStore open(StoreOpener at, IndexSettings settings, int dimension)
      throws IOException {
    return at.open(settings, dimension == 0 ? null : MODEL, dimension, WAIT);
  }

  /** Opens a store for writing whatever model it records, or none. */
  static RecordStore lexical(StoreOpener at) throws IOException {
    return at.open(IndexSettings.DEFAULTS, null, 0, WAIT);
  }

  /** Opens a store for writing vectors of {@link #MODEL} and this dimension. */
  static RecordStore withVectors(StoreOpener at, int dimension) throws IOException {
    return open(at, IndexSettings.DEFAULTS, dimension);
  }

  /**
   * The seeds of a randomised suite, each run on a fresh store: {@link #SEED_COUNT} of them, the
   * last third drawn per run so that runs cover new cases (a failing seed is in the test's name),
   * the others fixed.
   */
  static LongStream seeds() {
    Random draw = new Random();
    int drawn = Math.max(1, SEED_COUNT / 3);
    return LongStream.concat(
        LongStream.rangeClosed(1, SEED_COUNT - drawn),
        LongStream.generate(draw::nextLong).limit(drawn));
  }

  /** A memory in namespace "ns" with the given content. */
  /**
   * An engine's configuration over a new store of the store under test: no configured embedder, no
   * statistics database.
   */
  EngineConfig engineConfig(java.nio.file.Path workspace) throws java.io.IOException {
    return EngineConfig.builder(workspace)
        .embedderProvider(EmbedderProvider.NONE)
        .statsEnabled(false)
        .store(newStore())
        .build();
  }

  /** The key of a record of {@link #record} with this id. */
  static RecordKey key(String id) {
    return new RecordKey(NS.namespace(), id);
  }

  static MemoryRecord.Builder record(String id, String content) {
    return MemoryRecord.builder().id(id).silo(Silo.MEMORY).scope(NS).content(content).created(T0);
  }

  static List<String> ids(List<Hit> hits) {
    return hits.stream().map(h -> h.record().id()).toList();
  }

  static List<String> recordIds(Collection<MemoryRecord> records) {
    return records.stream().map(MemoryRecord::id).toList();
  }

  /** Asserts the call throws {@link IllegalArgumentException} whose message starts so. */
  static void assertMessage(String prefix, Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(
        e.getMessage().startsWith(prefix),
        "expected \"" + prefix + "...\", got: " + e.getMessage());
  }
}
