package dev.recall4j.store;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.SegmentCommitInfo;
import org.apache.lucene.index.SegmentInfo;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.ChecksumIndexInput;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.util.FixedBitSet;
import org.apache.lucene.util.StringHelper;

/**
 * The segments of a directory read without a commit: what {@code recall4j repair} recovers from
 * when no {@code segments_N} reads (an index written before {@link KeepRecentCommits} has one
 * commit only), and where it finds the writes an unreadable commit held. Each segment is opened
 * from its {@code .si} file alone, with its newest deletions ({@code .liv}), through a one-segment
 * commit made in memory; doc-value updates (recall counts) are not applied.
 */
final class LooseSegments {
  /** Lucene's live-docs format, whose files this reads to count a segment's deletions. */
  private static final String LIVE_DOCS_CODEC = "Lucene90LiveDocs";

  private LooseSegments() {}

  /**
   * A segment opened on its own.
   *
   * @param name its name ({@code _3})
   * @param counter the number in its name: a larger one was written later
   */
  record Segment(String name, long counter, IndexReader reader) implements Closeable {
    @Override
    public void close() throws IOException {
      reader.close();
    }
  }

  /**
   * Opens every wanted segment of the directory (by name) that decodes; each one that does not is
   * added to {@code problems}. The caller closes them.
   */
  static List<Segment> open(Directory directory, Predicate<String> wanted, List<String> problems)
      throws IOException {
    List<Segment> segments = new ArrayList<>();
    for (String file : directory.listAll()) {
      if (!file.endsWith(".si")) {
        continue;
      }
      String name = IndexFileNames.stripExtension(file);
      if (!wanted.test(name)) {
        continue;
      }
      try {
        segments.add(
            new Segment(
                name,
                Long.parseLong(name.substring(1), Character.MAX_RADIX),
                open(directory, name, problems)));
      } catch (IOException | RuntimeException e) {
        problems.add("segment " + name + " could not be read: " + Causes.messages(e));
      }
    }
    return segments;
  }

  /**
   * Opens a segment whole, or, when that fails (damage in a part that holds no records), its
   * records alone ({@link RecordsOnlyReader}), noting the failure in {@code problems}.
   */
  private static IndexReader open(Directory directory, String name, List<String> problems)
      throws IOException {
    byte[] id = segmentId(directory, name + ".si");
    Codec codec = Codec.getDefault();
    SegmentInfo info = codec.segmentInfoFormat().read(directory, name, id, IOContext.DEFAULT);
    info.setCodec(codec);
    long delGen = newestDeletions(directory, name);
    FixedBitSet live = delGen < 0 ? null : liveDocs(directory, info, delGen);
    int deleted = live == null ? 0 : info.maxDoc() - live.cardinality();
    SegmentInfos commit = new SegmentInfos(info.getVersion().major);
    commit.add(new SegmentCommitInfo(info, deleted, 0, delGen, -1, -1, StringHelper.randomId()));
    ByteBuffersDirectory memory = new ByteBuffersDirectory();
    commit.commit(memory);
    Directory withCommit = new WithCommit(directory, memory, commit.getSegmentsFileName());
    try {
      return DirectoryReader.open(Commits.of(withCommit, commit));
    } catch (IOException | RuntimeException whole) {
      IndexReader records = RecordsOnlyReader.open(directory, info, live, deleted);
      problems.add(
          "segment "
              + name
              + " does not open whole ("
              + Causes.messages(whole)
              + "); its records were read from its doc values alone");
      return records;
    }
  }

  /** The segment id in a {@code .si} file's header (magic, codec name, version, id). */
  private static byte[] segmentId(Directory directory, String file) throws IOException {
    try (IndexInput input = directory.openInput(file, IOContext.READONCE)) {
      if (CodecUtil.readBEInt(input) != CodecUtil.CODEC_MAGIC) {
        throw new CorruptIndexException("not a segment info file", input);
      }
      input.readString(); // the format's name
      CodecUtil.readBEInt(input); // its version
      byte[] id = new byte[StringHelper.ID_LENGTH];
      input.readBytes(id, 0, id.length);
      return id;
    }
  }

  private static long newestDeletions(Directory directory, String segment) throws IOException {
    long newest = -1;
    String prefix = segment + "_";
    for (String file : directory.listAll()) {
      if (file.startsWith(prefix) && file.endsWith(".liv")) {
        newest = Math.max(newest, IndexFileNames.parseGeneration(file));
      }
    }
    return newest;
  }

  /** The live documents a {@code .liv} file holds, its checksum verified. */
  private static FixedBitSet liveDocs(Directory directory, SegmentInfo info, long delGen)
      throws IOException {
    String file = IndexFileNames.fileNameFromGeneration(info.name, "liv", delGen);
    try (ChecksumIndexInput input = directory.openChecksumInput(file)) {
      CodecUtil.checkIndexHeader(
          input, LIVE_DOCS_CODEC, 0, 0, info.getId(), Long.toString(delGen, Character.MAX_RADIX));
      long[] bits = new long[FixedBitSet.bits2words(info.maxDoc())];
      for (int i = 0; i < bits.length; i++) {
        bits[i] = input.readLong();
      }
      CodecUtil.checkFooter(input);
      return new FixedBitSet(bits, info.maxDoc());
    }
  }

  /** The directory with one {@code segments_N} more, held in memory. */
  private static final class WithCommit extends FilterDirectory {
    private final Directory memory;
    private final String segmentsFile;

    WithCommit(Directory directory, Directory memory, String segmentsFile) {
      super(directory);
      this.memory = memory;
      this.segmentsFile = segmentsFile;
    }

    @Override
    public IndexInput openInput(String name, IOContext context) throws IOException {
      return name.equals(segmentsFile)
          ? memory.openInput(name, context)
          : in.openInput(name, context);
    }

    @Override
    public void close() {
      // The underlying directory belongs to the caller.
    }
  }
}
