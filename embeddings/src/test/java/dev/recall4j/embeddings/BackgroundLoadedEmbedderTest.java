package dev.recall4j.embeddings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Embedder;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class BackgroundLoadedEmbedderTest {

  /** A model whose load takes as long as the test says. */
  private static final class SlowModel implements Embedder {
    final AtomicBoolean closed = new AtomicBoolean();

    @Override
    public String modelId() {
      return "slow";
    }

    @Override
    public int dimension() {
      return 2;
    }

    @Override
    public float[] embedQuery(String query) {
      return new float[] {1, 0};
    }

    @Override
    public List<float[]> embedDocuments(List<String> texts) {
      return texts.stream().map(this::embedQuery).toList();
    }

    @Override
    public void close() {
      closed.set(true);
    }
  }

  @Test
  void closeWaitsForALoadUnderWayThenClosesTheModel() throws Exception {
    SlowModel model = new SlowModel();
    CountDownLatch loading = new CountDownLatch(1);
    BackgroundLoadedEmbedder embedder =
        new BackgroundLoadedEmbedder(
            "slow",
            2,
            () -> {
              loading.countDown();
              try {
                Thread.sleep(300);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return model;
            });
    assertTrue(loading.await(5, TimeUnit.SECONDS));
    embedder.close();
    assertTrue(model.closed.get(), "close returned before the load it had to wait for");
  }

  @Test
  void aFailedLoadIsThrownByTheFirstEmbeddingAndCloseStillReturns() {
    BackgroundLoadedEmbedder embedder =
        new BackgroundLoadedEmbedder(
            "broken",
            2,
            () -> {
              throw new IllegalStateException("embedder.model: not on the class path");
            });
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> embedder.embedQuery("tide"));
    assertEquals("embedder.model: not on the class path", e.getMessage());
    embedder.close();
  }
}
