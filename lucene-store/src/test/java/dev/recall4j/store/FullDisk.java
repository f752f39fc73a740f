package dev.recall4j.store;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;

/**
 * A directory whose disk fills up: every byte written counts against a budget, and past it a write
 * throws what the JDK throws on a full disk ({@code IOException: No space left on device}). {@link
 * #free()} gives the space back.
 */
final class FullDisk extends FilterDirectory {
  private final AtomicLong left = new AtomicLong(Long.MAX_VALUE);

  FullDisk(Directory directory) {
    super(directory);
  }

  /** From now on, at most this many more bytes fit. */
  void fillUpTo(long bytes) {
    left.set(bytes);
  }

  void free() {
    left.set(Long.MAX_VALUE);
  }

  @Override
  public IndexOutput createOutput(String name, IOContext context) throws IOException {
    return new Budgeted(in.createOutput(name, context));
  }

  @Override
  public IndexOutput createTempOutput(String prefix, String suffix, IOContext context)
      throws IOException {
    return new Budgeted(in.createTempOutput(prefix, suffix, context));
  }

  private final class Budgeted extends IndexOutput {
    private final IndexOutput out;

    Budgeted(IndexOutput out) {
      super(out.toString(), out.getName());
      this.out = out;
    }

    private void take(long bytes) throws IOException {
      if (left.addAndGet(-bytes) < 0) {
        left.addAndGet(bytes);
        throw new IOException("No space left on device");
      }
    }

    @Override
    public void writeByte(byte b) throws IOException {
      take(1);
      out.writeByte(b);
    }

    @Override
    public void writeBytes(byte[] b, int offset, int length) throws IOException {
      take(length);
      out.writeBytes(b, offset, length);
    }

    @Override
    public long getFilePointer() {
      return out.getFilePointer();
    }

    @Override
    public long getChecksum() throws IOException {
      return out.getChecksum();
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }
}
