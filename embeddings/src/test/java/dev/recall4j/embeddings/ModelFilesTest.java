package dev.recall4j.embeddings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelFilesTest {
  private static final InProcessModel MODEL = InProcessModel.ALL_MINILM_L6_V2_Q;
  private static final ClassLoader LOADER = ModelFilesTest.class.getClassLoader();

  @TempDir Path cache;
  private String previous;

  @BeforeEach
  void useTemporaryCache() {
    previous = System.getProperty("recall4j.cache.dir");
    System.setProperty("recall4j.cache.dir", cache.toString());
  }

  @AfterEach
  void restoreCache() {
    if (previous == null) {
      System.clearProperty("recall4j.cache.dir");
    } else {
      System.setProperty("recall4j.cache.dir", previous);
    }
  }

  private static byte[] resource() throws IOException {
    try (InputStream in = LOADER.getResourceAsStream(MODEL.onnxResource)) {
      return in.readAllBytes();
    }
  }

  @Test
  void theGraphIsCopiedOnceThenReadFromDisk() throws IOException {
    Path copy = ModelFiles.onnxGraph(MODEL, LOADER).orElseThrow();
    assertTrue(copy.startsWith(cache.resolve("models")), copy.toString());
    assertArrayEquals(resource(), Files.readAllBytes(copy));

    FileTime written = FileTime.fromMillis(1_000_000_000_000L);
    Files.setLastModifiedTime(copy, written);
    assertEquals(copy, ModelFiles.onnxGraph(MODEL, LOADER).orElseThrow());
    assertEquals(written, Files.getLastModifiedTime(copy), "an existing copy is not rewritten");
  }

  @Test
  void aCutCopyIsReplacedByAWholeOne() throws IOException {
    Path copy = ModelFiles.onnxGraph(MODEL, LOADER).orElseThrow();
    Files.write(copy, new byte[] {1, 2, 3});
    assertArrayEquals(resource(), Files.readAllBytes(ModelFiles.onnxGraph(MODEL, LOADER).get()));
  }

  @Test
  void aCacheThatCannotBeWrittenLeavesTheModelOnTheClassPath() throws IOException {
    Path notADirectory = Files.writeString(cache.resolve("file"), "x");
    System.setProperty("recall4j.cache.dir", notADirectory.toString());
    assertEquals(Optional.empty(), ModelFiles.onnxGraph(MODEL, LOADER));
  }

  @Test
  void thisPlatformsRuntimeLibrariesAreFoundWhereTheRuntimeKeepsThem() {
    String platform = ModelFiles.runtimePlatform().orElseThrow();
    assertNotNull(
        LOADER.getResource(
            "ai/onnxruntime/native/" + platform + "/" + System.mapLibraryName("onnxruntime")),
        platform);
  }

  /** The runtime reads every library from the one folder it is given. */
  @Test
  void theRuntimeLibrariesAreCopiedTogetherIntoOneFolder() throws IOException {
    String platform = ModelFiles.runtimePlatform().orElseThrow();
    Path folder = ModelFiles.runtimeLibraries(LOADER, platform).orElseThrow();
    for (String library :
        List.of(System.mapLibraryName("onnxruntime"), System.mapLibraryName("onnxruntime4j_jni"))) {
      URL url = LOADER.getResource("ai/onnxruntime/native/" + platform + "/" + library);
      try (InputStream in = url.openStream()) {
        assertArrayEquals(in.readAllBytes(), Files.readAllBytes(folder.resolve(library)), library);
      }
    }
    assertEquals(folder, ModelFiles.runtimeLibraries(LOADER, platform).orElseThrow());
  }

  @Test
  void aModelLoadedFromTheCopyEmbedsExactlyAsFromTheJar() {
    float[] fromCopy;
    try (OnnxEmbedder embedder = OnnxEmbedder.load(MODEL, LOADER)) {
      fromCopy = embedder.embedQuery("tide heights in metres");
    }
    float[] fromJar;
    try (OnnxEmbedder embedder = OnnxEmbedder.load(MODEL, new NoJarUrls(LOADER))) {
      fromJar = embedder.embedQuery("tide heights in metres");
    }
    assertArrayEquals(fromJar, fromCopy);
  }

  /** A class loader whose resources are not jar URLs, so nothing is copied to disk. */
  private static final class NoJarUrls extends ClassLoader {
    NoJarUrls(ClassLoader parent) {
      super(parent);
    }

    @Override
    public java.net.URL getResource(String name) {
      return null;
    }

    @Override
    public InputStream getResourceAsStream(String name) {
      return getParent().getResourceAsStream(name);
    }
  }
}
