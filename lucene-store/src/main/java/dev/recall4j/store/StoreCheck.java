package dev.recall4j.store;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.DamagedRecordException;
import dev.recall4j.core.store.IntegrityReport;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.CheckIndex;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.Lock;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.IOUtils;

/**
 * Finds damage in an index: every commit read, Lucene's {@link CheckIndex} over every file of the
 * newest one that reads (checksums and the integrity of each structure), then every live record
 * decoded. What a search would serve as garbage is found here, by file and by record id. When the
 * latest commit cannot be read, the records of the previous one are what the index holds, and the
 * writes after it (in the unreadable commit's files, or set aside by {@link LostCommits}) are
 * listed; when no commit reads, every segment is read on its own ({@link LooseSegments}).
 *
 * <p>The check takes the index's write lock, so that no merge removes files while it reads them: it
 * waits for a writer like any other writer would. A directory where no lock can be created (a
 * read-only mount) is checked without one, since nothing can write it either.
 */
public final class StoreCheck {
  /** Ids of lost writes a verify report names before "and N more". */
  private static final int IDS_SHOWN = 10;

  private StoreCheck() {}

  /**
   * What {@link #salvage} read.
   *
   * @param commit the commit read ({@code segments_N}), or null when none reads and every segment
   *     was read on its own
   * @param damaged the records that could not be read
   * @param lostWrites ids of records written after {@code commit}: in the files of a newer commit
   *     that cannot be read, so not recovered (a record replaced then is listed too)
   */
  public record Salvage(
      String commit, List<IntegrityReport.DamagedRecord> damaged, List<String> lostWrites) {
    public Salvage {
      damaged = List.copyOf(damaged);
      lostWrites = List.copyOf(lostWrites);
    }
  }

  /**
   * The embedding model and dimension of an index's vectors, for a new index to hold them.
   *
   * @param model null when none is known
   * @param dimension 0 when none is known
   */
  public record Embedding(String model, int dimension) {}

  /**
   * What the newest commit that reads records; when none reads, the model and dimension of the
   * first record with a vector in any segment.
   *
   * @throws IllegalStateException when the directory holds no recall4j index
   */
  public static Embedding embedding(Path index) throws IOException {
    try (Directory directory = existingIndex(index)) {
      Commits.Scan commits = Commits.scan(directory);
      if (commits.newest() != null) {
        IndexMetadata recorded = IndexMetadata.read(commits, index).orElseThrow();
        return new Embedding(recorded.model(), recorded.dimension());
      }
      Embedding[] found = {new Embedding(null, 0)};
      readRecords(
          directory,
          index,
          commits,
          record -> {
            if (found[0].dimension() == 0 && record.vector() != null) {
              found[0] = new Embedding(record.embeddingModel(), record.vector().length);
            }
          },
          damaged -> {},
          new TreeSet<>(),
          new ArrayList<>());
      return found[0];
    }
  }

  /**
   * Checks the index in {@code index}, waiting up to {@code lockWait} for a writer to close it.
   *
   * @throws IllegalStateException when the directory holds no recall4j index
   * @throws IndexLockedException when a writer still holds the index after the wait
   */
  public static IntegrityReport verify(Path index, Duration lockWait) throws IOException {
    Checks.notNull(index, "index");
    Checks.notNull(lockWait, "lockWait");
    try (Directory directory = existingIndex(index);
        Lock lock = WriterLock.obtain(directory, index, lockWait)) {
      List<String> problems = new ArrayList<>();
      Set<String> damagedFiles = new TreeSet<>();
      Commits.Scan commits = Commits.scan(directory);
      for (Commits.Unreadable commit : commits.unreadable()) {
        damagedFiles.add(commit.file());
        problems.add("commit " + commit.file() + " cannot be read: " + commit.problem());
      }
      if (commits.newest() != null) {
        checkFiles(directory, commits, lock, problems, damagedFiles);
      }
      List<IntegrityReport.DamagedRecord> damagedRecords = new ArrayList<>();
      Set<String> lost = new TreeSet<>();
      long checked =
          readRecords(directory, index, commits, record -> {}, damagedRecords::add, lost, problems);
      if (!lost.isEmpty()) {
        problems.add(lostWrites(commits, lost));
      }
      return new IntegrityReport(
          index.toString(), checked, new ArrayList<>(damagedFiles), damagedRecords, problems);
    }
  }

  /**
   * Reads every live record that still decodes into {@code sink}: from the newest commit that
   * reads, or, when none does, from every segment on its own (the latest copy of each record). The
   * base of {@code recall4j repair}, which writes them to a new index. A segment that cannot be
   * opened at all is reported as one problem (its records are lost).
   */
  public static Salvage salvage(Path index, Consumer<MemoryRecord> sink, List<String> problems)
      throws IOException {
    Checks.notNull(sink, "sink");
    Checks.notNull(problems, "problems");
    try (Directory directory = existingIndex(index)) {
      Commits.Scan commits = Commits.scan(directory);
      List<IntegrityReport.DamagedRecord> damaged = new ArrayList<>();
      Set<String> lost = new TreeSet<>();
      readRecords(directory, index, commits, sink, damaged::add, lost, problems);
      return new Salvage(
          commits.newest() == null ? null : commits.newest().getSegmentsFileName(),
          damaged,
          new ArrayList<>(lost));
    }
  }

  /** Lucene's check of the newest commit that reads (the unreadable ones hidden from it). */
  private static void checkFiles(
      Directory directory,
      Commits.Scan commits,
      Lock lock,
      List<String> problems,
      Set<String> damagedFiles) {
    Set<String> unreadable = new HashSet<>();
    commits.unreadable().forEach(c -> unreadable.add(c.file()));
    try (CheckIndex checker = new CheckIndex(new Without(directory, unreadable), lock)) {
      checker.setLevel(CheckIndex.Level.MIN_LEVEL_FOR_INTEGRITY_CHECKS);
      CheckIndex.Status status = checker.checkIndex();
      for (CheckIndex.Status.SegmentInfoStatus segment : status.segmentInfos) {
        if (segment.error != null) {
          String message = Causes.messages(segment.error);
          problems.add("segment " + segment.name + ": " + message);
          List<String> named = Causes.fileNames(message);
          damagedFiles.addAll(named.isEmpty() ? List.of(segment.name + ".*") : named);
        }
      }
      if (status.missingSegments) {
        problems.add("the latest commit (" + status.segmentsFileName + ") cannot be read");
        damagedFiles.add(status.segmentsFileName == null ? "segments_*" : status.segmentsFileName);
      }
    } catch (IOException | RuntimeException e) {
      problems.add("Lucene's check could not run: " + Causes.messages(e));
      damagedFiles.addAll(Causes.fileNames(Causes.messages(e)));
    }
  }

  private static String lostWrites(Commits.Scan commits, Set<String> lost) {
    List<String> shown = lost.stream().limit(IDS_SHOWN).toList();
    return lost.size()
        + " record(s) written after "
        + (commits.newest() == null ? "the last commit" : commits.newest().getSegmentsFileName())
        + " are only in files of a commit that cannot be read, and the index opens without them: "
        + String.join(", ", shown)
        + (lost.size() > shown.size() ? " and " + (lost.size() - shown.size()) + " more" : "")
        + "; `recall4j repair` lists them all";
  }

  /**
   * Reads the records of the newest commit that reads, and collects the writes after it; when none
   * reads, the latest copy of every record in any segment.
   *
   * @return how many live records were read (or tried)
   */
  private static long readRecords(
      Directory directory,
      Path index,
      Commits.Scan commits,
      Consumer<MemoryRecord> sink,
      Consumer<IntegrityReport.DamagedRecord> damaged,
      Set<String> lost,
      List<String> problems)
      throws IOException {
    RecordReader reader = new RecordReader(index);
    List<Closeable> open = new ArrayList<>();
    try {
      if (commits.newest() == null) {
        return readLoose(
            directory, index, name -> true, true, reader, sink, damaged, open, problems);
      }
      DirectoryReader all;
      try {
        all = DirectoryReader.open(commits.commit(directory).orElseThrow());
      } catch (IOException | RuntimeException e) {
        problems.add(
            "commit "
                + commits.newest().getSegmentsFileName()
                + " does not open whole ("
                + Causes.messages(e)
                + "); its segments are read one by one");
        Set<String> inCommit = segmentNames(List.of(commits.newest()));
        return readLoose(
            directory, index, inCommit::contains, false, reader, sink, damaged, open, problems);
      }
      open.add(all);
      long checked = 0;
      for (LeafReaderContext leaf : all.leaves()) {
        checked += readSegment(reader, leaf, id -> true, sink, damaged, problems);
      }
      if (!commits.unreadable().isEmpty() || !LostCommits.folders(index).isEmpty()) {
        // Only then: otherwise segments outside every commit are what a crash left uncommitted,
        // writes never acknowledged, which the next writer deletes.
        Set<String> committed = segmentNames(Commits.readable(directory));
        for (LooseSegments.Segment later :
            looseSegments(
                directory, index, name -> !committed.contains(name), true, open, problems)) {
          collectChanged(later, all, lost, problems);
        }
      }
      return checked;
    } catch (IOException | RuntimeException e) {
      problems.add("the index could not be opened to read its records: " + Causes.messages(e));
      return 0;
    } finally {
      IOUtils.closeWhileHandlingException(open);
    }
  }

  /** Reads the latest copy of every record in the wanted segments, each opened on its own. */
  private static long readLoose(
      Directory directory,
      Path index,
      Predicate<String> wanted,
      boolean withSetAside,
      RecordReader reader,
      Consumer<MemoryRecord> sink,
      Consumer<IntegrityReport.DamagedRecord> damaged,
      List<Closeable> open,
      List<String> problems)
      throws IOException {
    List<LooseSegments.Segment> segments =
        looseSegments(directory, index, wanted, withSetAside, open, problems);
    Map<String, Long> newest = newestCopies(segments, problems);
    long checked = 0;
    for (LooseSegments.Segment segment : segments) {
      for (LeafReaderContext leaf : segment.reader().leaves()) {
        checked +=
            readSegment(
                reader,
                leaf,
                id -> newest.get(id) == copy(segment.counter(), true),
                sink,
                damaged,
                problems);
      }
    }
    return checked;
  }

  private static Set<String> segmentNames(List<SegmentInfos> commits) {
    Set<String> names = new HashSet<>();
    for (SegmentInfos commit : commits) {
      commit.forEach(segment -> names.add(segment.info.name));
    }
    return names;
  }

  /**
   * The wanted segments of the index, and with {@code withSetAside} those set aside by {@link
   * LostCommits}, opened on their own; what is opened is added to {@code open}.
   */
  private static List<LooseSegments.Segment> looseSegments(
      Directory directory,
      Path index,
      Predicate<String> wanted,
      boolean withSetAside,
      List<Closeable> open,
      List<String> problems)
      throws IOException {
    List<LooseSegments.Segment> segments =
        new ArrayList<>(LooseSegments.open(directory, wanted, problems));
    for (Path folder : withSetAside ? LostCommits.folders(index) : List.<Path>of()) {
      Directory aside = FSDirectory.open(folder);
      open.add(aside);
      segments.addAll(LooseSegments.open(aside, name -> true, problems));
    }
    open.addAll(segments);
    return segments;
  }

  /**
   * A copy of a record, ordered: a later segment's first, and in one segment a live one before a
   * deleted one.
   */
  private static long copy(long counter, boolean live) {
    return counter * 2 + (live ? 1 : 0);
  }

  /**
   * For each record id, its latest copy ({@link #copy}), deleted ones included: a record whose
   * latest copy is deleted (purged, or replaced in a segment that is lost) is not brought back from
   * an older segment that still holds it live.
   */
  private static Map<String, Long> newestCopies(
      List<LooseSegments.Segment> segments, List<String> problems) {
    Map<String, Long> newest = new HashMap<>();
    for (LooseSegments.Segment segment : segments) {
      try {
        for (LeafReaderContext leaf : segment.reader().leaves()) {
          Bits live = leaf.reader().getLiveDocs();
          forEachId(
              leaf.reader(),
              true,
              (id, doc) ->
                  newest.merge(
                      id, copy(segment.counter(), live == null || live.get(doc)), Math::max));
        }
      } catch (IOException | RuntimeException e) {
        problems.add(
            "segment " + segment.name() + ": its ids could not be read: " + Causes.messages(e));
      }
    }
    return newest;
  }

  /** Adds the ids of {@code later}'s live records that {@code commit} lacks or holds otherwise. */
  private static void collectChanged(
      LooseSegments.Segment later,
      DirectoryReader commit,
      Set<String> lost,
      List<String> problems) {
    IndexSearcher searcher = new IndexSearcher(commit);
    try {
      for (LeafReaderContext leaf : later.reader().leaves()) {
        BinaryDocValues blobs = leaf.reader().getBinaryDocValues(Schema.RECORD);
        forEachId(
            leaf.reader(),
            false,
            (id, doc) -> {
              BytesRef written =
                  blobs != null && blobs.advanceExact(doc) ? blobs.binaryValue() : null;
              if (written == null || !written.equals(blob(searcher, id))) {
                lost.add(Keys.shown(id));
              }
            });
      }
    } catch (IOException | RuntimeException e) {
      problems.add("segment " + later.name() + " (after the last commit): " + Causes.messages(e));
    }
  }

  /** The stored record of an identity ({@link #forEachId}) in a commit, or null. */
  private static BytesRef blob(IndexSearcher searcher, String id) throws IOException {
    TopDocs top = searcher.search(new TermQuery(Keys.identityTerm(id)), 1);
    if (top.scoreDocs.length == 0) {
      return null;
    }
    return RecordReader.blob(searcher, top.scoreDocs[0].doc);
  }

  private interface IdVisitor {
    void visit(String id, int doc) throws IOException;
  }

  /**
   * Visits the live record documents of a segment, and the deleted ones too with {@code deletedToo}
   * (passage documents have no id), each by its identity: its key, or in a segment written before
   * keys (schema 3 and older, where ids were unique) its id.
   */
  private static void forEachId(LeafReader reader, boolean deletedToo, IdVisitor visitor)
      throws IOException {
    SortedDocValues keys = reader.getSortedDocValues(Schema.KEY);
    SortedDocValues ids = keys != null ? keys : reader.getSortedDocValues(Schema.ID);
    if (ids == null) {
      return;
    }
    Bits live = reader.getLiveDocs();
    for (int doc = ids.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = ids.nextDoc()) {
      if (deletedToo || live == null || live.get(doc)) {
        visitor.visit(ids.lookupOrd(ids.ordValue()).utf8ToString(), doc);
      }
    }
  }

  /** Reads the wanted live records of one segment; a segment that fails is one problem. */
  private static long readSegment(
      RecordReader reader,
      LeafReaderContext leaf,
      Predicate<String> wanted,
      Consumer<MemoryRecord> sink,
      Consumer<IntegrityReport.DamagedRecord> damaged,
      List<String> problems) {
    RecordReader.Leaf values;
    try {
      values = new RecordReader.Leaf(leaf.reader());
    } catch (IOException | RuntimeException e) {
      problems.add("segment " + leaf.reader() + " could not be read: " + Causes.messages(e));
      return 0;
    }
    long[] checked = {0};
    try {
      forEachId(
          leaf.reader(),
          false,
          (id, doc) -> {
            if (!wanted.test(id)) {
              return;
            }
            checked[0]++;
            try {
              sink.accept(reader.read(values, doc));
            } catch (DamagedRecordException e) {
              damaged.accept(
                  new IntegrityReport.DamagedRecord(
                      RecordReader.idOf(leaf.reader(), doc), rootProblem(e)));
            }
          });
    } catch (IOException | RuntimeException e) {
      problems.add("segment " + leaf.reader() + " could not be read: " + Causes.messages(e));
    }
    return checked[0];
  }

  /**
   * The index directory, opened.
   *
   * @throws IllegalStateException when there is no directory, no commit in it, or the newest commit
   *     that reads was not written by recall4j
   */
  private static Directory existingIndex(Path index) throws IOException {
    if (!Files.isDirectory(index)) {
      throw new IllegalStateException("no index at " + index + ": the directory does not exist");
    }
    Directory directory = FSDirectory.open(index);
    try {
      Commits.Scan commits = Commits.scan(directory);
      if (commits.newest() == null && commits.unreadable().isEmpty()) {
        throw new IllegalStateException(
            "no recall4j index in " + index + " (no Lucene commit there)");
      }
      if (commits.newest() != null) {
        IndexMetadata.read(commits, index); // refuses an index recall4j did not write
      }
      return directory;
    } catch (IOException | RuntimeException e) {
      directory.close();
      throw e;
    }
  }

  private static String rootProblem(DamagedRecordException e) {
    return e.getCause() instanceof DamagedRecordException inner
        ? inner.getMessage()
        : e.getMessage();
  }

  /** A directory without some of its files, as Lucene's check sees it. */
  private static final class Without extends FilterDirectory {
    private final Set<String> hidden;

    Without(Directory directory, Set<String> hidden) {
      super(directory);
      this.hidden = hidden;
    }

    @Override
    public String[] listAll() throws IOException {
      return Arrays.stream(in.listAll()).filter(f -> !hidden.contains(f)).toArray(String[]::new);
    }

    @Override
    public void close() {
      // The directory belongs to the caller.
    }
  }
}
