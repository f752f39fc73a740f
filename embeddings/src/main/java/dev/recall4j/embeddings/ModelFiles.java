package dev.recall4j.embeddings;

import dev.recall4j.core.CacheDirectory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The in-process model's native files, copied once out of their jars into a cache directory, so
 * that a cold process loads them from disk instead of inflating them on every start: the 34 MB ONNX
 * graph (about 250 ms to inflate on 2 cores) and ONNX Runtime's native libraries (which the runtime
 * would otherwise copy to a new temporary folder on every start, about 150 ms). A one-shot {@code
 * recall} spends these on its critical path (docs/RESULTS.md, "One-shot start-up").
 *
 * <p>A file's cache name carries its jar entry's size and CRC, so another model version or runtime
 * version gets its own file and a stale one is never read. Files are written to a temporary name
 * and moved into place, so a concurrent process sees a whole file or none. Anything that fails here
 * (a read-only home, a class path that is not jars) leaves the model loading as before, from the
 * class path; it is logged at debug level and never an error.
 *
 * <p>Where: {@code recall4j.cache.dir} (system property), else {@code
 * ${XDG_CACHE_HOME:-~/.cache}/recall4j}, in its {@code models} folder.
 */
final class ModelFiles {
  private static final Logger LOG = LoggerFactory.getLogger(ModelFiles.class);

  /** ONNX Runtime reads its libraries from this folder when the property is set (OnnxRuntime). */
  private static final String RUNTIME_PATH_PROPERTY = "onnxruntime.native.path";

  private static final List<String> RUNTIME_LIBRARIES =
      List.of(System.mapLibraryName("onnxruntime"), System.mapLibraryName("onnxruntime4j_jni"));

  private ModelFiles() {}

  /** The model's ONNX graph as a file on disk, or empty to read it from the class path. */
  static Optional<Path> onnxGraph(InProcessModel model, ClassLoader loader) {
    return cached(loader, model.onnxResource, "models");
  }

  /**
   * Points ONNX Runtime at cached copies of its native libraries, unless the user already chose a
   * path. Must run before the runtime's first use in this process; later calls change nothing.
   */
  static void useCachedRuntimeLibraries(ClassLoader loader) {
    if (System.getProperty(RUNTIME_PATH_PROPERTY) != null) {
      return;
    }
    Optional<String> platform = runtimePlatform();
    if (platform.isEmpty()) {
      return;
    }
    Optional<Path> folder = runtimeLibraries(loader, platform.get());
    if (folder.isPresent()) {
      System.setProperty(RUNTIME_PATH_PROPERTY, folder.get().toString());
    }
  }

  /**
   * The folder holding cached copies of all the runtime's libraries for this platform, or empty
   * when one cannot be cached. The runtime loads them all from one folder, so the folder is named
   * after every library's entry (a folder per file would put them apart).
   */
  static Optional<Path> runtimeLibraries(ClassLoader loader, String platform) {
    List<JarResource> libraries = new ArrayList<>();
    for (String library : RUNTIME_LIBRARIES) {
      Optional<JarResource> resource =
          JarResource.of(loader, "ai/onnxruntime/native/" + platform + "/" + library);
      if (resource.isEmpty()) {
        return Optional.empty();
      }
      libraries.add(resource.get());
    }
    Path folder =
        cacheRoot()
            .resolve("onnxruntime-" + platform)
            .resolve(libraries.stream().map(JarResource::key).collect(Collectors.joining("_")));
    for (JarResource library : libraries) {
      if (library.copyTo(folder).isEmpty()) {
        return Optional.empty();
      }
    }
    return Optional.of(folder);
  }

  /**
   * ONNX Runtime's name for this platform's folder of native libraries (as its OnnxRuntime class
   * builds it), or empty where it is not one of the runtime's builds.
   */
  static Optional<String> runtimePlatform() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    String osPart =
        os.contains("linux")
            ? "linux"
            : os.contains("mac") || os.contains("darwin")
                ? "osx"
                : os.contains("win") ? "win" : null;
    String archPart =
        switch (arch) {
          case "amd64", "x86_64", "x64" -> "x64";
          case "aarch64", "arm64" -> "aarch64";
          default -> null;
        };
    return osPart == null || archPart == null
        ? Optional.empty()
        : Optional.of(osPart + "-" + archPart);
  }

  /**
   * A class-path resource copied to {@code <cache>/<folder>/<size>-<crc>/}; the copy on disk when
   * it is already there.
   */
  private static Optional<Path> cached(ClassLoader loader, String resource, String folder) {
    return JarResource.of(loader, resource)
        .flatMap(r -> r.copyTo(cacheRoot().resolve(folder).resolve(r.key())));
  }

  /** A jar entry on the class path, named for the cache by its size and CRC. */
  private record JarResource(String resource, URL url, long size, long crc) {
    /**
     * Reads the entry's size and CRC and closes the jar again: an uncached connection opens a jar
     * file of its own, which nothing else would close when the copy is already on disk.
     */
    static Optional<JarResource> of(ClassLoader loader, String resource) {
      URL url = loader.getResource(resource);
      if (url == null || !"jar".equals(url.getProtocol())) {
        return Optional.empty();
      }
      try {
        JarURLConnection connection = (JarURLConnection) url.openConnection();
        connection.setUseCaches(false);
        ZipEntry entry;
        try (JarFile jar = connection.getJarFile()) {
          entry = jar.getEntry(connection.getEntryName());
        }
        return entry == null || entry.getSize() < 0 || entry.getCrc() < 0
            ? Optional.empty()
            : Optional.of(new JarResource(resource, url, entry.getSize(), entry.getCrc()));
      } catch (IOException | ClassCastException | SecurityException e) {
        LOG.debug("not caching {}: {}", resource, e.toString());
        return Optional.empty();
      }
    }

    String key() {
      return size + "-" + Long.toHexString(crc);
    }

    /** The entry's copy in {@code dir}, written there unless a whole copy already is. */
    Optional<Path> copyTo(Path dir) {
      String name = Path.of(resource).getFileName().toString();
      Path file = dir.resolve(name);
      try {
        if (Files.isRegularFile(file) && Files.size(file) == size) {
          return Optional.of(file);
        }
        Files.createDirectories(dir);
        Path partial = Files.createTempFile(dir, name, ".partial");
        URLConnection connection = url.openConnection();
        connection.setUseCaches(false); // closing the stream then closes the jar file it opened
        try (InputStream in = connection.getInputStream()) {
          Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
          move(partial, file);
        } finally {
          Files.deleteIfExists(partial);
        }
        LOG.debug("copied {} to {}", resource, file);
        return Optional.of(file);
      } catch (IOException | UncheckedIOException | SecurityException e) {
        LOG.debug("not caching {}: {}", resource, e.toString());
        return Optional.empty();
      }
    }
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  static Path cacheRoot() {
    String configured = System.getProperty("recall4j.cache.dir");
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    return CacheDirectory.root();
  }
}
