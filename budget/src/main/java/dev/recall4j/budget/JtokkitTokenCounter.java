package dev.recall4j.budget;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingRegistry;
import com.knuddels.jtokkit.api.EncodingType;
import dev.recall4j.core.TokenCounter;

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
  private volatile Encoding encoding;

  private JtokkitTokenCounter(String name, EncodingType type) {
    this.name = name;
    this.type = type;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public int count(String text) {
    Encoding e = encoding;
    if (e == null) {
      e = Registry.INSTANCE.getEncoding(type);
      encoding = e; // racing threads get the same registry instance; publishing twice is harmless
    }
    return e.countTokensOrdinary(text);
  }

  @Override
  public String toString() {
    return name;
  }
}
