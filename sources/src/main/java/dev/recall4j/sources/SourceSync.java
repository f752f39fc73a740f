package dev.recall4j.sources;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.RecordFiles;
import dev.recall4j.sources.SyncState.FileState;
import dev.recall4j.sources.SyncState.RecordState;
import dev.recall4j.sources.SyncState.SourceState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/*
 * Keeps an engine's index in step with the sources. A sync of one source runs in two phases, so
 * that a bad file stops it before anything is written:
 *
 * 1. plan (SyncPlan): list the source's files (SourceListing); skip those whose size and
 *    modification time (or, when those moved, SHA-256) match the state (Fingerprint); read and
 *    check every other one (ChangeReader, giving a Changed of its kind: JSONL by a streaming pass
 *    that keeps nothing; documents and SQLite rows parsed whole, they are small);
 * 2. write: reconcile each changed file's records with the index (Reconciler), one commit per
 *    group of whole files (a file's records are never split between commits); JSONL is streamed
 *    in batches and merged line by line (JsonlMerge); then mark the records of vanished files
 *    deleted and save the state.
 *
 * A path given ad hoc that lies under a configured source is synced as part of that source;
 * others form the source "files", keyed by their absolute path, each read by its extension.
 */
/**
 * Syncs sources into an engine's index: path-keyed, replace-whole-file, unchanged files skipped (no
 * write, no embedding), vanished files' records marked deleted; lifecycle changes made through
 * recall4j survive a re-sync of unchanged content. Not thread-safe; one sync at a time per index
 * (the engine's write lock is held by whoever opened it for writing).
 */
public final class SourceSync {
  /** The source name of paths synced ad hoc that no configured source holds. */
  public static final String AD_HOC = "files";

  private static final Logger LOG = LoggerFactory.getLogger(SourceSync.class);
  private static final SourceSpec AD_HOC_SPEC =
      SourceSpec.of(AD_HOC, SourceType.MARKDOWN, Path.of("/"));

  /** Records per commit when files are many and small; a file is never split. */
  public static final int DEFAULT_BATCH = 1_000;

  private final IndexWrites writes;
  private final Scope scope;
  private final Path indexDir;
  private final Clock clock;
  private final int batchSize;

  /**
   * A sync into an engine opened for writing; its state is kept in the engine's index directory.
   */
  public SourceSync(RecallEngine engine, Scope scope, Clock clock, int batchSize) {
    this(engine, Checks.notNull(engine, "engine").config().indexDir(), scope, clock, batchSize);
  }

  /**
   * A sync through any writes: an engine's, or those sent to the server holding the index (the
   * command line), so a sync never needs the write lock a running {@code serve} has.
   *
   * @param indexDir the index's directory, where the sync keeps its state ({@link SyncState})
   * @param batchSize records per commit when files are many and small, >= 1
   */
  public SourceSync(IndexWrites writes, Path indexDir, Scope scope, Clock clock, int batchSize) {
    this.writes = Checks.notNull(writes, "writes");
    this.indexDir = Checks.notNull(indexDir, "indexDir");
    this.scope = Checks.notNull(scope, "scope");
    this.clock = Checks.notNull(clock, "clock");
    Checks.require(batchSize >= 1, "batch", "must be at least 1, got %d", batchSize);
    this.batchSize = batchSize;
  }

  /** Syncs every file of the source. */
  public SyncReport sync(SourceSpec spec) throws IOException {
    return total(run(List.of(new SyncJob(spec, null))));
  }

  /**
   * Syncs every source, in order; a bad file of any stops the sync before anything is written.
   *
   * @return each source's report, by name, in order
   */
  public Map<String, SyncReport> syncAll(List<SourceSpec> specs) throws IOException {
    return run(specs.stream().map(s -> new SyncJob(s, null)).toList());
  }

  private static SyncReport total(Map<String, SyncReport> reports) {
    return reports.values().stream().reduce(SyncReport.EMPTY, SyncReport::plus);
  }

  /**
   * Syncs paths given by hand: each file or folder under a configured source as part of that
   * source, the others as source {@value #AD_HOC} (type by extension). A path that no longer exists
   * but was synced before has its records marked deleted; one never synced is an error.
   */
  public Map<String, SyncReport> syncPaths(List<SourceSpec> configured, List<Path> paths)
      throws IOException {
    Map<String, SyncJob> jobs = new java.util.LinkedHashMap<>();
    SyncState state = SyncState.read(indexDir);
    for (Path given : paths) {
      Path path = given.toAbsolutePath().normalize();
      if (!Files.exists(path) && !wasSynced(state, path)) {
        throw new NoSuchFileException(given.toString());
      }
      SourceSpec spec =
          configured.stream()
              .filter(s -> path.startsWith(s.path()))
              .findFirst()
              .orElse(AD_HOC_SPEC);
      jobs.computeIfAbsent(spec.name(), n -> new SyncJob(spec, new ArrayList<>()))
          .within()
          .add(path);
    }
    return run(List.copyOf(jobs.values()));
  }

  private static boolean wasSynced(SyncState state, Path path) {
    return !state.files(path.toString(), Path.of("/")).isEmpty()
        || !state.files(path + "/**", Path.of("/")).isEmpty();
  }

  /** Where the state keeps what a source's last sync into this namespace saw. */
  private String stateKey(SourceSpec spec) {
    return SyncState.key(scope, spec.name());
  }

  private Map<String, SyncReport> run(List<SyncJob> jobs) throws IOException {
    try (SyncLock lock = SyncLock.acquire(indexDir)) {
      return runLocked(jobs);
    }
  }

  private Map<String, SyncReport> runLocked(List<SyncJob> jobs) throws IOException {
    SyncState state = SyncState.read(indexDir);
    ChangeReader reader = new ChangeReader(scope, clock, writes.embedder().orElse(null));
    List<SyncPlan> plans = new ArrayList<>();
    for (SyncJob job : jobs) {
      plans.add(SyncPlan.of(job, state.source(stateKey(job.spec())), reader));
    }
    Progress progress = new Progress(plans.stream().mapToLong(SyncPlan::records).sum());
    Map<String, SyncReport> reports = new java.util.LinkedHashMap<>();
    for (SyncPlan plan : plans) {
      SyncReport report = write(plan, state, progress);
      LOG.debug("source {}: {}", plan.job().spec().name(), report);
      reports.put(plan.job().spec().name(), report);
    }
    return reports;
  }

  /**
   * Records committed so far of those the plans will write: a failed commit after others says how
   * far the sync got, and that running it again finishes the work (nothing is stored twice).
   */
  private static final class Progress {
    private final long total;
    private long committed;

    Progress(long total) {
      this.total = total;
    }

    void commit(Runnable write, int records) {
      try {
        write.run();
      } catch (RuntimeException e) {
        if (committed == 0) {
          throw e;
        }
        throw new IllegalStateException(
            String.format(
                java.util.Locale.ROOT,
                "%s; the first %d of %d records were committed before this; fix the cause and run"
                    + " the same command again (records already saved are not duplicated)",
                e.getMessage(),
                committed,
                total),
            e);
      }
      committed += records;
    }
  }

  private SyncReport write(SyncPlan plan, SyncState state, Progress progress) throws IOException {
    SourceSpec spec = plan.job().spec();
    Scope scope = spec.scope().in(this.scope);
    Instant now = clock.instant();
    Set<String> removed =
        new LinkedHashSet<>(plan.before() == null ? List.of() : plan.before().removed());
    Reconciler reconciler = new Reconciler(id -> writes.get(scope, id), now, removed);
    Map<String, FileState> previous = plan.before() == null ? Map.of() : plan.before().files();
    Map<String, FileState> files = new TreeMap<>(plan.kept());
    files.putAll(plan.carried());
    WikiLinks links = new WikiLinks();
    files.forEach(
        (key, f) -> {
          if (!f.records().isEmpty()) {
            links.note(key, f.records().get(0).id());
          }
        });
    for (Changed c : plan.changed()) {
      if (c instanceof Changed.Note n) {
        links.note(n.key(), n.note().firstId(spec.name()));
      }
    }
    long records = 0;
    for (Changed c : plan.changed()) {
      List<RecordState> before =
          previous.containsKey(c.key()) ? previous.get(c.key()).records() : List.of();
      List<RecordState> after =
          switch (c) {
            case Changed.Jsonl j -> jsonl(j, scope, before, reconciler, progress);
            case Changed.Note n ->
                reconcile(
                    n.note().records(spec.name(), spec.silo(), scope, links),
                    before,
                    Set.of(),
                    reconciler,
                    progress);
            case Changed.Records r ->
                reconcile(r.records(), before, r.unread(), reconciler, progress);
          };
      records += after.size();
      Fingerprint print = c.print();
      List<String> errors = c instanceof Changed.Records r ? r.errors() : List.of();
      reconciler.counts().errors.addAll(errors);
      files.put(
          c.key(),
          new FileState(
              c.file().toString(), print.size(), print.mtime(), print.sha256(), after, errors));
    }
    plan.failed()
        .forEach(
            (key, failed) -> {
              reconciler.counts().errors.add(failed.error());
              FileState last = previous.get(key);
              files.put(
                  key,
                  last != null
                      ? last.withErrors(List.of(failed.error()))
                      : new FileState(
                          failed.file().toString(), 0, 0, "", List.of(), List.of(failed.error())));
            });
    for (String key : plan.vanished()) {
      previous.get(key).records().forEach(r -> reconciler.delete(r.id()));
      files.remove(key);
    }
    if (reconciler.pendingWrites() > 0) {
      commit(reconciler, progress);
    }
    plan.kept().values().forEach(f -> reconciler.skipped(f.records().size()));
    SyncReport.Counter counts = reconciler.counts();
    counts.files = plan.changed().size() + plan.kept().size() + plan.failed().size();
    state.put(
        stateKey(spec),
        new SourceState(
            plan.job().adHoc() ? "files" : spec.type().wireName(),
            spec.path().toString(),
            spec.settingsKey(),
            now.toString(),
            files,
            List.copyOf(removed)));
    try {
      state.write(indexDir);
    } catch (IOException e) {
      // The records are committed; the state is a cache. Dropping it makes the next sync read
      // every file again, rather than trust what a half-written state says.
      SyncState.discard(indexDir);
      LOG.warn(
          "the records are saved, but the sync state could not be ({}); the next sync reads every"
              + " file again",
          e.getMessage());
    }
    LOG.debug("source {}: {} records in changed files", spec.name(), records);
    return counts.report();
  }

  /** Reconciles a file's records, committing once enough writes wait; a file is never split. */
  private List<RecordState> reconcile(
      List<MemoryRecord> fromFile,
      List<RecordState> before,
      Set<String> unread,
      Reconciler reconciler,
      Progress progress) {
    List<RecordState> after = reconciler.file(fromFile, before, unread);
    if (reconciler.pendingWrites() >= batchSize) {
      commit(reconciler, progress);
    }
    return after;
  }

  private void commit(Reconciler reconciler, Progress progress) {
    List<MemoryRecord> pending = reconciler.drainWrites();
    progress.commit(() -> writes.importAll(pending), pending.size());
  }

  /**
   * Streams a JSONL file into the index, merging each line over the record stored under its id, in
   * committed batches; then marks deleted the records whose lines are gone. The state keeps each
   * record's namespace (a line may name its own) where documents keep what the file declared. Times
   * are the lines' own: a line without {@code created} is created at the file's modification time,
   * and a changed record without its own {@code updated} is updated then, never at the sync's time.
   */
  private List<RecordState> jsonl(
      Changed.Jsonl changed,
      Scope scope,
      List<RecordState> before,
      Reconciler reconciler,
      Progress progress)
      throws IOException {
    Path file = changed.file();
    Instant modified = Files.getLastModifiedTime(file).toInstant();
    Instant now = clock.instant();
    List<RecordState> after = new ArrayList<>();
    Set<String> seen = new java.util.HashSet<>();
    List<MemoryRecord> batch = new ArrayList<>();
    SyncReport.Counter counts = reconciler.counts();
    RecordFiles.forEachJsonlLine(
        file,
        scope.namespace(),
        modified,
        (given, line, n) -> {
          MemoryRecord r =
              changed.folderTier() == null
                  ? given
                  : given.toBuilder().tier(changed.folderTier()).build();
          Optional<MemoryRecord> stored = writes.get(Scope.of(r.scope().namespace()), r.id());
          if (seen.add(r.id())) {
            after.add(new RecordState(r.id(), null, r.scope().namespace()));
          }
          if (stored.isEmpty()) {
            batch.add(r);
            counts.added++;
          } else {
            MemoryRecord merged = JsonlMerge.merge(stored.get(), line, modified);
            if (changed.folderTier() != null) {
              merged = merged.toBuilder().tier(changed.folderTier()).build();
            }
            if (JsonlMerge.same(merged, stored.get())) {
              counts.unchanged++;
            } else {
              batch.add(merged);
              counts.updated++;
            }
          }
          if (batch.size() >= batchSize) {
            List<MemoryRecord> full = List.copyOf(batch);
            progress.commit(() -> writes.importAll(full), full.size());
            batch.clear();
          }
        });
    if (!batch.isEmpty()) {
      progress.commit(() -> writes.importAll(batch), batch.size());
    }
    Map<String, String> namespaces = new HashMap<>();
    before.forEach(p -> namespaces.put(p.id(), p.declared()));
    Reconciler deletions =
        new Reconciler(
            id -> writes.get(Scope.of(namespaces.getOrDefault(id, scope.namespace())), id),
            now,
            new java.util.HashSet<>());
    for (RecordState p : before) {
      if (!seen.contains(p.id())) {
        deletions.delete(p.id());
      }
    }
    if (deletions.pendingWrites() > 0) {
      writes.importAll(deletions.drainWrites());
    }
    counts.deleted += deletions.counts().deleted;
    return after;
  }
}
