package dev.recall4j.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The in-process index as a {@link StoreKit}: each store a Lucene index in a directory of its own
 * under a temporary folder, deleted with the kit. As an extension ({@code
 * ExtendWith(InProcessStores.class)}), it resolves {@link StoreKit} parameters.
 */
public final class InProcessStores extends StoreKitResolver {
  @Override
  protected StoreKit create(ExtensionContext context) throws IOException {
    Path root = Files.createTempDirectory("recall4j-stores");
    return new StoreKit() {
      private int made;

      @Override
      public StoreOpener newStore() {
        return new DirectoryStoreOpener(root.resolve("store-" + ++made));
      }

      @Override
      public void close() throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
          files.sorted(Comparator.reverseOrder()).forEach(InProcessStores::delete);
        }
      }
    };
  }

  private static void delete(Path path) {
    try {
      Files.delete(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
