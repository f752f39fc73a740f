package dev.recall4j.sources;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.ForwardingWrites;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Saved;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.List;

/**
 * The process {@link WriteBackCrashTest} kills: opens the index of folder {@code args[0]} with the
 * sources of its {@code recall4j.yaml}, and runs one write-back ({@code append}, {@code forget} or
 * {@code supersede} of id {@code args[2]}) whose index write never happens: once the file is
 * written, the first write to the index prints {@code file written} and waits to be killed.
 */
final class WriteBackChild {
  private WriteBackChild() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    Clock clock = Clock.fixed(WriteBackTest.NOW, ZoneOffset.UTC);
    RecallEngine engine =
        RecallEngine.open(
            EngineConfig.builder(dir).indexDir(dir.resolve("index")).build(),
            new CountingEmbedder(),
            clock);
    IndexWrites port =
        SourceWriteBack.wrap(
            new Stalling(engine),
            dir.resolve("index"),
            SyncFixture.SCOPE,
            SourcesConfig.read(dir.resolve("recall4j.yaml")),
            clock);
    MemoryRecord fact = WriteBackTest.fact("written-" + args[1], WriteBackCrashTest.NEW_FACT);
    switch (args[1]) {
      case "append" -> port.add(fact);
      case "forget" -> port.forget(SyncFixture.SCOPE, args[2]);
      case "supersede" -> port.supersede(SyncFixture.SCOPE, args[2], fact);
      default -> throw new IllegalArgumentException("verb: " + args[1]);
    }
    System.out.println("the index was written: the test failed to stop it");
  }

  /** The engine's writes, but the first write to the index stalls until the process is killed. */
  private static final class Stalling extends ForwardingWrites {
    Stalling(RecallEngine engine) {
      super(engine);
    }

    @Override
    public List<MemoryRecord> importAll(Collection<MemoryRecord> records) {
      System.out.println("file written");
      System.out.flush();
      try {
        Thread.sleep(Long.MAX_VALUE);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      throw new IllegalStateException("interrupted");
    }

    @Override
    public Saved add(MemoryRecord record) {
      importAll(List.of(record));
      return null;
    }

    @Override
    public MemoryRecord change(Change change, Scope scope, String id) {
      importAll(List.of());
      return null;
    }

    @Override
    public MemoryRecord supersede(Scope scope, String oldId, MemoryRecord newRecord) {
      importAll(List.of(newRecord));
      return null;
    }
  }
}
