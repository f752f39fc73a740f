package dev.recall4j.sources;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Tier;
import dev.recall4j.engine.InputException;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.RecordFiles;
import dev.recall4j.sources.SyncState.FileState;
import dev.recall4j.sources.SyncState.RecordState;
import dev.recall4j.sources.SyncState.SourceState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
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
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/*
 * Keeps an engine's index in step with the sources. A sync of one source runs in two phases, so
 * that a bad file stops it before anything is written:
 *
 * 1. plan: list the source's files; skip those whose size and modification time (or, when those
 *    moved, SHA-256) match the state; read and check every other one (JSONL: a streaming pass that
 *    keeps nothing; documents and SQLite rows: parsed whole, they are small);
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

  private final SyncTarget target;
  private final Scope scope;
  private final Path indexDir;
  private final Clock clock;
  private final int batchSize;

  public SourceSync(RecallEngine engine, Scope scope, Clock clock, int batchSize) {
    this(SyncTarget.of(engine), scope, clock, batchSize);
  }

  /** A sync into any target: an engine, or the server holding the index (the command line). */
  public SourceSync(SyncTarget target, Scope scope, Clock clock, int batchSize) {
    this.target = Checks.notNull(target, "target");
    this.scope = Checks.notNull(scope, "scope");
    this.indexDir = target.indexDir();
    this.clock = Checks.notNull(clock, "clock");
    Checks.require(batchSize >= 1, "batch", "must be at least 1, got %d", batchSize);
    this.batchSize = batchSize;
  }

  /** Syncs every file of the source. */
  public SyncReport sync(SourceSpec spec) throws IOException {
    return total(run(List.of(new Job(spec, null))));
  }

  /**
   * Syncs every source, in order; a bad file of any stops the sync before anything is written.
   *
   * @return each source's report, by name, in order
   */
  public Map<String, SyncReport> syncAll(List<SourceSpec> specs) throws IOException {
    return run(specs.stream().map(s -> new Job(s, null)).toList());
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
    Map<String, Job> jobs = new java.util.LinkedHashMap<>();
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
      jobs.computeIfAbsent(spec.name(), n -> new Job(spec, new ArrayList<>())).within().add(path);
    }
    return run(List.copyOf(jobs.values()));
  }

  private static boolean wasSynced(SyncState state, Path path) {
    return !state.files(path.toString(), Path.of("/")).isEmpty()
        || !state.files(path + "/**", Path.of("/")).isEmpty();
  }

  /** One source to sync, whole ({@code within} null) or only under some paths. */
  private record Job(SourceSpec spec, List<Path> within) {
    boolean covers(Path file) {
      return within == null || within.stream().anyMatch(file::startsWith);
    }

    boolean adHoc() {
      return spec.name().equals(AD_HOC) && spec.path().equals(Path.of("/"));
    }
  }

  /** A file that changed since the last sync, read and checked. */
  private record Changed(
      String key,
      Path file,
      SourceType type,
      long size,
      long mtime,
      String sha256,
      VaultNote note,
      List<MemoryRecord> records,
      long lines) {}

  /** What phase 1 found for one source. */
  private record Plan(
      Job job,
      SourceState before,
      Map<String, FileState> kept,
      Map<String, FileState> carried,
      List<Changed> changed,
      List<String> vanished,
      long records) {}

  private Map<String, SyncReport> run(List<Job> jobs) throws IOException {
    SyncState state = SyncState.read(indexDir);
    List<Plan> plans = new ArrayList<>();
    for (Job job : jobs) {
      plans.add(plan(job, state));
    }
    Progress progress = new Progress(plans.stream().mapToLong(Plan::records).sum());
    Map<String, SyncReport> reports = new java.util.LinkedHashMap<>();
    for (Plan plan : plans) {
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

  private Plan plan(Job job, SyncState state) throws IOException {
    SourceSpec spec = job.spec();
    SourceState before = state.source(spec.name());
    boolean sameSettings = before != null && spec.settingsKey().equals(before.settings());
    Map<String, FileState> previous = before == null ? Map.of() : before.files();
    List<Path> files = new ArrayList<>();
    if (job.adHoc()) {
      for (Path p : job.within()) {
        if (Files.exists(p)) {
          files.addAll(SourceFiles.list(p, null, SourceSpec.DEFAULT_EXCLUDED));
        }
      }
    } else if (spec.type() == SourceType.SQLITE) {
      files.add(spec.path());
    } else {
      if (!Files.exists(spec.path())) {
        throw new NoSuchFileException(
            spec.path().toString(), null, "source " + spec.name() + ": no such file or directory");
      }
      for (Path f : SourceFiles.list(spec.path(), spec.type(), spec.excluded())) {
        if (job.covers(f)) {
          files.add(f);
        }
      }
    }
    Map<String, FileState> kept = new TreeMap<>();
    List<Changed> changed = new ArrayList<>();
    Set<String> present = new java.util.HashSet<>();
    for (Path file : new LinkedHashSet<>(files)) {
      String key = job.adHoc() ? file.toString() : SourceFiles.relative(spec.path(), file);
      present.add(key);
      SourceType type = job.adHoc() ? SourceFiles.detect(file) : spec.type();
      if (type == SourceType.SQLITE && job.adHoc()) {
        throw new InputException(
            file.toString(),
            0,
            0,
            "a SQLite file is read through a query: configure it as a source of type sqlite"
                + " (docs/SOURCES.md)",
            null);
      }
      if (type == null) {
        throw new InputException(
            file.toString(),
            0,
            0,
            "unsupported file type; expected .jsonl, .md, .markdown or .txt",
            null);
      }
      BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
      long size = attributes.size() + (type == SourceType.SQLITE ? walSize(file) : 0);
      long mtime =
          Math.max(
              attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS),
              type == SourceType.SQLITE ? walTime(file) : 0);
      FileState prev = previous.get(key);
      if (sameSettings && prev != null && prev.size() == size && prev.mtime() == mtime) {
        kept.put(key, prev);
        continue;
      }
      byte[] bytes = type == SourceType.JSONL ? null : Files.readAllBytes(file);
      String sha = bytes == null ? sha256(file) : RecordIds.sha256(bytes);
      if (type == SourceType.SQLITE) {
        sha = RecordIds.sha256(sha + "|" + walSha(file));
      }
      if (sameSettings && prev != null && prev.sha256().equals(sha)) {
        kept.put(key, new FileState(prev.path(), size, mtime, sha, prev.records()));
        continue;
      }
      Instant modified = attributes.lastModifiedTime().toInstant();
      String absolute = file.toString();
      switch (type) {
        case MARKDOWN -> {
          String text = RecordFiles.readText(file);
          VaultNote note =
              VaultNote.read(
                  text,
                  key,
                  absolute,
                  spec.chunkWords(),
                  SourceFiles.under(key, spec.archived())
                      ? Tier.ARCHIVED
                      : SourceFiles.under(key, spec.pinned()) ? Tier.PINNED : null,
                  modified);
          changed.add(new Changed(key, file, type, size, mtime, sha, note, null, 0));
        }
        case DAILY_LOG -> {
          String text = RecordFiles.readText(file);
          changed.add(
              new Changed(
                  key,
                  file,
                  type,
                  size,
                  mtime,
                  sha,
                  null,
                  DailyLog.records(
                      text, spec.name(), key, absolute, scope, spec.pinMemoryFile(), modified),
                  0));
        }
        case JSONL -> {
          // The checking pass: streams the file, keeps nothing.
          long lines =
              RecordFiles.forEachJsonlLine(
                  file, scope.namespace(), clock.instant(), (r, l, n) -> {});
          changed.add(new Changed(key, file, type, size, mtime, sha, null, null, lines));
        }
        case SQLITE ->
            changed.add(
                new Changed(
                    key,
                    file,
                    type,
                    size,
                    mtime,
                    sha,
                    null,
                    SqliteRows.read(spec, scope, target.embedder().orElse(null), modified),
                    0));
      }
    }
    List<String> vanished = new ArrayList<>();
    Map<String, FileState> carried = new TreeMap<>(); // outside the paths of this sync
    for (Map.Entry<String, FileState> e : previous.entrySet()) {
      if (!present.contains(e.getKey()) && job.covers(Path.of(e.getValue().path()))) {
        vanished.add(e.getKey());
      } else if (!present.contains(e.getKey())) {
        carried.put(e.getKey(), e.getValue());
      }
    }
    long records = 0;
    for (Changed c : changed) {
      records +=
          c.records() != null
              ? c.records().size()
              : c.note() != null ? c.note().chunks().size() : c.lines();
    }
    return new Plan(job, before, kept, carried, changed, vanished, records);
  }

  private SyncReport write(Plan plan, SyncState state, Progress progress) throws IOException {
    SourceSpec spec = plan.job().spec();
    Instant now = clock.instant();
    Set<String> removed =
        new LinkedHashSet<>(plan.before() == null ? List.of() : plan.before().removed());
    Reconciler reconciler = new Reconciler(id -> target.get(scope, id), now, removed);
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
      if (c.note() != null) {
        links.note(c.key(), c.note().firstId(spec.name()));
      }
    }
    long records = 0;
    for (Changed c : plan.changed()) {
      List<RecordState> before =
          previous.containsKey(c.key()) ? previous.get(c.key()).records() : List.of();
      List<RecordState> after;
      if (c.type() == SourceType.JSONL) {
        after = jsonl(c.file(), before, reconciler, now, progress);
      } else {
        List<MemoryRecord> fromFile =
            c.note() != null
                ? c.note().records(spec.name(), spec.silo(), scope, links)
                : c.records();
        after = reconciler.file(fromFile, before);
        if (reconciler.pendingWrites() >= batchSize) {
          commit(reconciler, progress);
        }
      }
      records += after.size();
      files.put(
          c.key(), new FileState(c.file().toString(), c.size(), c.mtime(), c.sha256(), after));
    }
    for (String key : plan.vanished()) {
      previous.get(key).records().forEach(r -> reconciler.delete(r.id()));
      files.remove(key);
    }
    if (reconciler.pendingWrites() > 0) {
      commit(reconciler, progress);
    }
    plan.kept().values().forEach(f -> reconciler.skipped(f.records().size()));
    SyncReport.Counter counts = reconciler.counts();
    counts.files = plan.changed().size() + plan.kept().size();
    state.put(
        spec.name(),
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

  private void commit(Reconciler reconciler, Progress progress) {
    List<MemoryRecord> writes = reconciler.drainWrites();
    progress.commit(() -> target.importAll(writes), writes.size());
  }

  /**
   * Streams a JSONL file into the index, merging each line over the record stored under its id, in
   * committed batches; then marks deleted the records whose lines are gone. The state keeps each
   * record's namespace (a line may name its own) where documents keep what the file declared.
   */
  private List<RecordState> jsonl(
      Path file, List<RecordState> before, Reconciler reconciler, Instant now, Progress progress)
      throws IOException {
    List<RecordState> after = new ArrayList<>();
    Set<String> seen = new java.util.HashSet<>();
    List<MemoryRecord> batch = new ArrayList<>();
    SyncReport.Counter counts = reconciler.counts();
    RecordFiles.forEachJsonlLine(
        file,
        scope.namespace(),
        now,
        (r, line, n) -> {
          Optional<MemoryRecord> stored = target.get(Scope.of(r.scope().namespace()), r.id());
          if (seen.add(r.id())) {
            after.add(new RecordState(r.id(), null, r.scope().namespace()));
          }
          if (stored.isEmpty()) {
            batch.add(r);
            counts.added++;
          } else {
            MemoryRecord merged = JsonlMerge.merge(stored.get(), line, now);
            if (JsonlMerge.same(merged, stored.get())) {
              counts.unchanged++;
            } else {
              batch.add(merged);
              counts.updated++;
            }
          }
          if (batch.size() >= batchSize) {
            List<MemoryRecord> writes = List.copyOf(batch);
            progress.commit(() -> target.saveAll(writes), writes.size());
            batch.clear();
          }
        });
    if (!batch.isEmpty()) {
      progress.commit(() -> target.saveAll(batch), batch.size());
    }
    Map<String, String> namespaces = new HashMap<>();
    before.forEach(p -> namespaces.put(p.id(), p.declared()));
    Reconciler deletions =
        new Reconciler(
            id -> target.get(Scope.of(namespaces.getOrDefault(id, scope.namespace())), id),
            now,
            new java.util.HashSet<>());
    for (RecordState p : before) {
      if (!seen.contains(p.id())) {
        deletions.delete(p.id());
      }
    }
    if (deletions.pendingWrites() > 0) {
      target.importAll(deletions.drainWrites());
    }
    counts.deleted += deletions.counts().deleted;
    return after;
  }

  private static String sha256(Path file) throws IOException {
    try (var in = Files.newInputStream(file)) {
      java.security.MessageDigest digest = java.security.MessageDigest.getInstance("SHA-256");
      byte[] buffer = new byte[1 << 16];
      for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
        digest.update(buffer, 0, n);
      }
      return java.util.HexFormat.of().formatHex(digest.digest());
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  private static Path wal(Path db) {
    return db.resolveSibling(db.getFileName() + "-wal");
  }

  private static long walSize(Path db) throws IOException {
    return Files.isRegularFile(wal(db)) ? Files.size(wal(db)) : 0;
  }

  private static long walTime(Path db) throws IOException {
    return Files.isRegularFile(wal(db))
        ? Files.getLastModifiedTime(wal(db)).to(TimeUnit.NANOSECONDS)
        : 0;
  }

  private static String walSha(Path db) throws IOException {
    return Files.isRegularFile(wal(db)) ? sha256(wal(db)) : "";
  }
}
