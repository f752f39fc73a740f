package dev.recall4j.budget;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingRegistry;
import com.knuddels.jtokkit.api.EncodingType;
import dev.recall4j.core.TokenCounter;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Exact counts for OpenAI's BPE encodings through jtokkit. Special-token text such as {@code
 * <|endoftext|>} is counted as ordinary text: stored records are data, never control tokens.
 */
final class JtokkitTokenCounter implements TokenCounter {

  /** Loads the encoding tables (a few MB) only when a jtokkit counter is first used. */
  private static final class Registry {
    static final EncodingRegistry INSTANCE = Encodings.newLazyEncodingRegistry();
  }

  static final JtokkitTokenCounter CL100K =
      new JtokkitTokenCounter("cl100k", EncodingType.CL100K_BASE);
  static final JtokkitTokenCounter O200K =
      new JtokkitTokenCounter("o200k", EncodingType.O200K_BASE);

  private final String name;
  private final EncodingType type;
  private final AtomicBoolean loadStarted = new AtomicBoolean();
  private final CompletableFuture<Encoding> loaded = new CompletableFuture<>();
  private volatile Encoding encoding;

  private JtokkitTokenCounter(String name, EncodingType type) {
    this.name = name;
    this.type = type;
  }

  /**
   * Starts loading the encoding's tables on a daemon thread, once: about 0.4 s in a cold process
   * (100K byte-pair ranks), which an engine spends opening its index meanwhile instead of before
   * its first count. A count that comes first waits for that load rather than starting another.
   */
  void loadInBackground() {
    if (loadStarted.compareAndSet(false, true)) {
      Thread.ofPlatform().daemon().name("recall4j-load-" + name).start(this::load);
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public int count(String text) {
    Encoding e = encoding;
    if (e == null) {
      if (loadStarted.compareAndSet(false, true)) {
        load();
      }
      e = loaded.join();
      encoding = e;
    }
    return e.countTokensOrdinary(text);
  }

  private void load() {
    try {
      loaded.complete(Registry.INSTANCE.getEncoding(type));
    } catch (RuntimeException | Error e) {
      loaded.completeExceptionally(e);
    }
  }

  @Override
  public String toString() {
    return name;
  }
}
