package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Tier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * No session's ("local") record ever reaches a recall, search, listing or session-start context of
 * another session, or of a request that names no session, whatever the projects, tiers, words and
 * links (followed or not): random records written over many tries into one real index, every
 * request checked.
 */
class SessionIsolationPropertyTest {
  private static final List<String> SESSIONS = List.of("s1", "s2", "s3");
  private static final List<String> PROJECTS = List.of("web", "api");
  private static final String[] WORDS = {"harbour", "lantern", "quartz", "meadow", "cobalt"};
  private static final AtomicInteger IDS = new AtomicInteger();

  private static Path workspace;
  private static RecallEngine engine;

  @BeforeContainer
  static void open() throws Exception {
    workspace = Files.createTempDirectory("recall4j-sessions");
    engine =
        RecallEngine.open(
            EngineConfig.builder(workspace).embedderProvider(EmbedderProvider.NONE).build(),
            null,
            Clock.systemUTC());
  }

  @AfterContainer
  static void close() throws Exception {
    engine.close();
    try (Stream<Path> files = Files.walk(workspace)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  /** A record to write: its session (null: none), project (null: the user's own), word, pin. */
  record Written(String session, String project, String word, boolean pinned) {}

  @Provide
  Arbitrary<List<Written>> writes() {
    return Combinators.combine(
            Arbitraries.of(SESSIONS).injectNull(0.3),
            Arbitraries.of(PROJECTS).injectNull(0.3),
            Arbitraries.of(WORDS),
            Arbitraries.of(true, false))
        .as(Written::new)
        .list()
        .ofMinSize(1)
        .ofMaxSize(6);
  }

  @Property(tries = 25)
  void noSessionRecordLeaksIntoARequestOfAnotherSession(
      @ForAll("writes") List<Written> writes,
      @ForAll("sessionOrNone") String asking,
      @ForAll("projectOrNone") String project,
      @ForAll boolean allProjects,
      @ForAll boolean links) {
    List<MemoryRecord> records = new ArrayList<>();
    for (Written w : writes) {
      records.add(
          MemoryRecord.builder()
              .id("r" + IDS.incrementAndGet())
              .silo(Silo.MEMORY)
              .scope(new Scope("alice", w.project(), null, w.session()))
              .tier(w.pinned() ? Tier.PINNED : Tier.ACTIVE)
              .content(w.word() + " note " + IDS.get() + " in session " + w.session())
              // Each links to the record written before it, whatever its session: link
              // expansion must not follow a link out of the request's sessions either.
              .links(IDS.get() > 1 ? List.of("r" + (IDS.get() - 1)) : List.of())
              .build(Instant.now()));
    }
    engine.saveAll(records);
    Scope scope = new Scope("alice", project, null, asking);
    for (String word : WORDS) {
      RecallRequest request =
          RecallRequest.builder(word)
              .scope(scope)
              .allProjects(allProjects)
              .links(links)
              .budgetTokens(4_000)
              .build();
      engine.recall(request).items().forEach(i -> assertOwn(asking, i.record(), "recall"));
      engine.search(request, Teams.NONE, 100).items().stream()
          .map(ScoredRecord::record)
          .forEach(r -> assertOwn(asking, r, "search"));
    }
    RecallRequest context =
        RecallRequest.builder("").scope(scope).allProjects(allProjects).budgetTokens(4_000).build();
    engine.recall(context).items().forEach(i -> assertOwn(asking, i.record(), "context"));
    engine
        .list(context, Teams.NONE, null, 1_000)
        .records()
        .forEach(r -> assertOwn(asking, r, "list"));
  }

  @Provide
  Arbitrary<String> sessionOrNone() {
    return Arbitraries.of(SESSIONS).injectNull(0.4);
  }

  @Provide
  Arbitrary<String> projectOrNone() {
    return Arbitraries.of(PROJECTS).injectNull(0.4);
  }

  private static void assertOwn(String asking, MemoryRecord r, String path) {
    String session = r.scope().session();
    assertTrue(
        session == null || session.equals(asking),
        () -> path + " in session " + asking + " returned " + r.id() + " of session " + session);
  }
}
