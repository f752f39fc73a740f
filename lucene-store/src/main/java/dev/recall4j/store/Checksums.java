package dev.recall4j.store;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import org.apache.lucene.codecs.CodecUtil;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;

/**
 * Every file of a view checked against the checksum in its footer: what finds a flipped byte in
 * postings or vectors, which a search would otherwise read as a different (and silently wrong)
 * answer. Reads the whole index.
 */
final class Checksums {
  private Checksums() {}

  /**
   * Checks every file of the reader's commit.
   *
   * @throws CorruptIndexException naming the first file whose checksum fails
   */
  static void verify(DirectoryReader reader) throws IOException {
    IndexCommit commit = reader.getIndexCommit();
    Directory directory = commit.getDirectory();
    for (String file : commit.getFileNames()) {
      try (IndexInput input = directory.openInput(file, IOContext.DEFAULT)) {
        CodecUtil.checksumEntireFile(input);
      } catch (NoSuchFileException | FileNotFoundException e) {
        // Replaced by a later commit since this view opened: not part of the index any more.
      }
    }
  }
}
