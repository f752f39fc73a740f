package dev.recall4j.store;

import java.io.IOException;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.DocValuesProducer;
import org.apache.lucene.codecs.FieldsProducer;
import org.apache.lucene.codecs.KnnVectorsReader;
import org.apache.lucene.codecs.NormsProducer;
import org.apache.lucene.codecs.PointsReader;
import org.apache.lucene.codecs.StoredFieldsReader;
import org.apache.lucene.codecs.TermVectorsReader;
import org.apache.lucene.index.CodecReader;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.LeafMetaData;
import org.apache.lucene.index.SegmentInfo;
import org.apache.lucene.index.SegmentReadState;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.IOUtils;

/**
 * A segment opened for its records alone: its field infos and doc values (the record blobs and
 * ids), none of its postings, norms, points, stored fields or vectors. Lucene opens every part of a
 * segment at once, so damage in any of them (a flipped byte in a postings or vector file's header)
 * made the whole segment unreadable to {@code repair}; its records do not live there.
 */
final class RecordsOnlyReader extends CodecReader {
  private final SegmentInfo info;
  private final Directory files;
  private final FieldInfos fields;
  private final DocValuesProducer docValues;
  private final Bits live;
  private final int numDocs;

  private RecordsOnlyReader(
      SegmentInfo info,
      Directory files,
      FieldInfos fields,
      DocValuesProducer docValues,
      Bits live,
      int numDocs) {
    this.info = info;
    this.files = files;
    this.fields = fields;
    this.docValues = docValues;
    this.live = live;
    this.numDocs = numDocs;
  }

  /**
   * Opens the records of a segment of {@code directory}.
   *
   * @param live its live documents, null when none is deleted
   * @param deleted how many are deleted
   */
  static RecordsOnlyReader open(Directory directory, SegmentInfo info, Bits live, int deleted)
      throws IOException {
    Codec codec = info.getCodec();
    Directory files =
        info.getUseCompoundFile()
            ? codec.compoundFormat().getCompoundReader(directory, info)
            : directory;
    try {
      FieldInfos fields = codec.fieldInfosFormat().read(files, info, "", IOContext.DEFAULT);
      DocValuesProducer docValues =
          codec
              .docValuesFormat()
              .fieldsProducer(new SegmentReadState(files, info, fields, IOContext.DEFAULT));
      return new RecordsOnlyReader(
          info,
          files == directory ? null : files,
          fields,
          docValues,
          live,
          info.maxDoc() - deleted);
    } catch (IOException | RuntimeException e) {
      if (files != directory) {
        IOUtils.closeWhileHandlingException(files);
      }
      throw e;
    }
  }

  @Override
  public DocValuesProducer getDocValuesReader() {
    return docValues;
  }

  @Override
  public StoredFieldsReader getFieldsReader() {
    return null;
  }

  @Override
  public TermVectorsReader getTermVectorsReader() {
    return null;
  }

  @Override
  public NormsProducer getNormsReader() {
    return null;
  }

  @Override
  public FieldsProducer getPostingsReader() {
    return null;
  }

  @Override
  public PointsReader getPointsReader() {
    return null;
  }

  @Override
  public KnnVectorsReader getVectorReader() {
    return null;
  }

  @Override
  public FieldInfos getFieldInfos() {
    return fields;
  }

  @Override
  public Bits getLiveDocs() {
    return live;
  }

  @Override
  public LeafMetaData getMetaData() {
    return new LeafMetaData(
        info.getVersion().major, info.getMinVersion(), info.getIndexSort(), info.getHasBlocks());
  }

  @Override
  public int numDocs() {
    return numDocs;
  }

  @Override
  public int maxDoc() {
    return info.maxDoc();
  }

  @Override
  public CacheHelper getCoreCacheHelper() {
    return null;
  }

  @Override
  public CacheHelper getReaderCacheHelper() {
    return null;
  }

  @Override
  protected void doClose() throws IOException {
    IOUtils.close(docValues, files);
  }

  @Override
  public String toString() {
    return "the records of segment " + info.name;
  }
}
