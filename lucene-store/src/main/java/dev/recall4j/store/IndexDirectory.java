package dev.recall4j.store;

import dev.recall4j.core.Checks;
import dev.recall4j.core.store.IndexSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene104.Lucene104Codec;
import org.apache.lucene.codecs.lucene104.Lucene104HnswScalarQuantizedVectorsFormat;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;
import org.apache.lucene.index.FilterMergePolicy;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.MergePolicy;
import org.apache.lucene.index.MergeTrigger;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.TieredMergePolicy;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.Lock;
import org.apache.lucene.store.MMapDirectory;
import org.apache.lucene.store.ReadAdvice;
import org.apache.lucene.util.quantization.QuantizedByteVectorValues.ScalarEncoding;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opening an index directory as a {@link LuceneStore}: for writing (the one writer, created only in
 * a missing or empty directory, its model and dimension checked and recorded) or for reading only
 * (no lock, no write); the codec and read advice every store of recall4j uses.
 */
final class IndexDirectory {
  private static final Logger LOG = LoggerFactory.getLogger(LuceneStore.class);

  /**
   * Segments below this size count as this size when the policy decides how many an index may have
   * (Lucene's default is 16 MB), so that an index of some hundred megabytes, 100K records, keeps a
   * handful of segments instead of eight or more.
   */
  static final double FLOOR_SEGMENT_MB = 64;

  private IndexDirectory() {}

  /** See {@link LuceneStore#open(StoreOptions, Duration)}. */
  static LuceneStore openWritable(StoreOptions options, Duration lockWait) throws IOException {
    Checks.notNull(options, "options");
    Checks.notNull(lockWait, "lockWait");
    Checks.require(!lockWait.isNegative(), "lockWait", "must not be negative, got %s", lockWait);
    Files.createDirectories(options.directory());
    return openWritable(options, lockWait, mapped(options.directory()));
  }

  /**
   * {@link #openWritable(StoreOptions, Duration)} over this directory of {@code
   * options.directory()} (a test's, that fails its writes); it is closed with the store, or when
   * the open fails.
   */
  static LuceneStore openWritable(StoreOptions options, Duration lockWait, Directory directory)
      throws IOException {
    Path path = options.directory();
    try {
      Optional<IndexMetadata> recorded = IndexMetadata.read(Commits.scan(directory), path);
      if (recorded.isEmpty()) {
        refuseForeignFiles(path);
      }
      IndexMetadata metadata =
          recorded
              .orElse(IndexMetadata.fresh())
              .reconcile(options.embeddingModel(), options.vectorDimension(), path);
      setAsideUnreadableCommits(directory, path, lockWait);
      IndexWriter writer = WriterLock.open(directory, path, () -> writerConfig(options), lockWait);
      try {
        if (!metadata.keyed()) {
          KeyMigration.run(writer, path, metadata);
          metadata = metadata.current();
        }
        Map<String, String> commitData = metadata.commitData();
        // Set only when not recorded yet: the writer carries the last commit's data into every
        // later commit by itself, and setting it counts as a change even when equal, which made
        // close() write a commit (an fsync and a segments file) after every open.
        if (!IndexMetadata.isRecorded(directory, commitData)) {
          writer.setLiveCommitData(commitData.entrySet());
          writer.commit();
        }
        LOG.debug(
            "opened index {} (model {}, dimension {}, {} docs)",
            path,
            metadata.model(),
            metadata.dimension(),
            writer.getDocStats().numDocs);
        return new LuceneStore(options, directory, writer, null, metadata);
      } catch (IOException | RuntimeException e) {
        WriterLock.release(path);
        writer.close();
        throw e;
      }
    } catch (IOException | RuntimeException e) {
      directory.close();
      if (Causes.damage(e)) {
        throw Causes.damaged(path, e);
      }
      throw e;
    }
  }

  /** See {@link LuceneStore#openReadOnly(StoreOptions)}. */
  static LuceneStore openReadOnly(StoreOptions options) throws IOException {
    Checks.notNull(options, "options");
    Path path = options.directory();
    if (!Files.isDirectory(path)) {
      throw new IllegalStateException("no index at " + path + ": the directory does not exist");
    }
    Directory directory = mapped(path);
    try {
      Commits.Scan commits = Commits.scan(directory);
      IndexMetadata metadata =
          IndexMetadata.read(commits, path)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "no recall4j index in " + path + " (no Lucene commit there)"))
              .reconcile(options.embeddingModel(), options.vectorDimension(), path);
      if (commits.fellBack()) {
        LOG.warn("{}", commits.fallbackWarning(path));
      }
      LOG.debug(
          "opened index {} read-only (model {}, dimension {})",
          path,
          metadata.model(),
          metadata.dimension());
      return new LuceneStore(
          options,
          directory,
          null,
          commits.fellBack() ? commits.commit(directory).orElseThrow() : null,
          metadata);
    } catch (IOException | RuntimeException e) {
      directory.close();
      if (Causes.damage(e)) {
        throw Causes.damaged(path, e);
      }
      throw e;
    }
  }

  /**
   * When the latest commit cannot be read but an earlier one can: sets the unreadable commit and
   * the files only it holds aside ({@link LostCommits}), under the write lock, so that the writer
   * opens the earlier commit. Warns, naming the commit lost.
   */
  private static void setAsideUnreadableCommits(Directory directory, Path path, Duration lockWait)
      throws IOException {
    if (!Commits.scan(directory).fellBack()) {
      return;
    }
    try (Lock lock = WriterLock.obtain(directory, path, lockWait)) {
      Commits.Scan commits = Commits.scan(directory); // again: the last writer may have fixed it
      if (commits.fellBack()) {
        Path folder = LostCommits.setAside(directory, path, commits);
        LOG.warn("{}; its files are kept in {}", commits.fallbackWarning(path), folder);
      }
    }
  }

  private static Directory mapped(Path path) throws IOException {
    Directory directory = FSDirectory.open(path);
    if (directory instanceof MMapDirectory mapped) {
      mapped.setReadAdvice(IndexDirectory::readAdvice);
    }
    return directory;
  }

  /**
   * Refuses to create an index in a directory that holds anything but what an index (or a crash
   * during its first commit) leaves, or recall4j's own files: a mistyped {@code --index} must not
   * scatter index files among someone else's.
   */
  private static void refuseForeignFiles(Path path) throws IOException {
    try (Stream<Path> entries = Files.list(path)) {
      List<String> foreign =
          entries
              .map(p -> p.getFileName().toString())
              .filter(name -> !isIndexOrOwnFile(name))
              .sorted()
              .toList();
      if (!foreign.isEmpty()) {
        throw new IllegalStateException(
            path
                + " holds no recall4j index and is not empty ("
                + foreign.size()
                + " other entr"
                + (foreign.size() == 1 ? "y" : "ies")
                + ", e.g. "
                + foreign.get(0)
                + "); point --index at an existing index, or at a new or empty directory");
      }
    }
  }

  private static boolean isIndexOrOwnFile(String name) {
    return name.equals(IndexWriter.WRITE_LOCK_NAME)
        || name.equals(WriterLock.NOTE)
        || name.startsWith("recall4j.")
        || name.startsWith("stats.db")
        || name.startsWith(IndexFileNames.SEGMENTS)
        || name.startsWith(IndexFileNames.PENDING_SEGMENTS)
        || IndexFileNames.CODEC_FILE_PATTERN.matcher(name).matches();
  }

  /**
   * Random access for every read but merges (which read whole files in order). A recall reads a few
   * record blobs, postings and vectors scattered over the files; under the kernel's default
   * read-ahead, a cold cache pulled whole files in around them: at 100K records the mapped index
   * was 319 MB resident after 1,000 recalls, 153 MB with random advice (docs/RESULTS.md, issue 7
   * session 3). That matters most on a Raspberry Pi, where the index competes with the model.
   */
  static Optional<ReadAdvice> readAdvice(String file, IOContext context) {
    return context.context() == IOContext.Context.MERGE
        ? MMapDirectory.ADVISE_BY_CONTEXT.apply(file, context)
        : Optional.of(ReadAdvice.RANDOM);
  }

  /**
   * Lucene's tiered policy with {@code segmentsPerTier} ({@link IndexSettings#segmentsPerTier}) and
   * the floor above; 0: the same policy for compacting only, no merge in the background.
   */
  static MergePolicy mergePolicy(int segmentsPerTier) {
    TieredMergePolicy tiered = new TieredMergePolicy().setFloorSegmentMB(FLOOR_SEGMENT_MB);
    if (segmentsPerTier > 0) {
      return tiered.setSegmentsPerTier(segmentsPerTier);
    }
    // Both kinds of natural merge refused: Lucene's full-flush merges at a commit ask the wrapped
    // policy's own findMerges, which this filter would not see.
    return new FilterMergePolicy(tiered) {
      @Override
      public MergeSpecification findMerges(
          MergeTrigger trigger, SegmentInfos infos, MergeContext context) {
        return null;
      }

      @Override
      public MergeSpecification findFullFlushMerges(
          MergeTrigger trigger, SegmentInfos infos, MergeContext context) {
        return null;
      }
    };
  }

  /** A new writer configuration (Lucene takes one per writer). */
  static IndexWriterConfig writerConfig(StoreOptions options) {
    Analyzer analyzer = Schema.analyzer();
    KnnVectorsFormat vectors =
        switch (options.index().vectorEncoding()) {
          case FLOAT32 ->
              new Lucene99HnswVectorsFormat(
                  options.index().hnswM(), options.index().hnswBeamWidth());
          case INT8 ->
              new Lucene104HnswScalarQuantizedVectorsFormat(
                  ScalarEncoding.UNSIGNED_BYTE,
                  options.index().hnswM(),
                  options.index().hnswBeamWidth());
          case INT4 ->
              new Lucene104HnswScalarQuantizedVectorsFormat(
                  ScalarEncoding.PACKED_NIBBLE,
                  options.index().hnswM(),
                  options.index().hnswBeamWidth());
        };
    IndexWriterConfig config = new IndexWriterConfig(analyzer);
    config.setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
    config.setIndexDeletionPolicy(new KeepRecentCommits());
    config.setMergeScheduler(new LoggedMerges(options.directory()));
    config.setMergePolicy(mergePolicy(options.index().segmentsPerTier()));
    config.setSimilarity(
        new BM25Similarity((float) options.index().bm25K1(), (float) options.index().bm25B()));
    // The codec name written to the index stays "Lucene104"; the per-field format is recorded by
    // name in each segment, so any reader finds it through SPI, whatever the encoding option says.
    config.setCodec(
        new Lucene104Codec() {
          @Override
          public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
            return vectors;
          }
        });
    return config;
  }
}
