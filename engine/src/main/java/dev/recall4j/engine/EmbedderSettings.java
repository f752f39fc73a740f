package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.ConfigSection;
import dev.recall4j.embeddings.Embedders;
import dev.recall4j.embeddings.OllamaOptions;
import java.net.URI;
import java.time.Duration;

/**
 * The {@code embedder} settings of an {@link EngineConfig}, named as in {@code recall4j.yaml}, with
 * their defaults ({@link #DEFAULTS}; the Ollama ones are {@link OllamaOptions}'s) and their reader.
 *
 * @param provider {@code embedder.provider}: none, onnx (default) or ollama
 * @param model {@code embedder.model}: the model name; null takes the provider's default ({@code
 *     bge-small-en-v15-q} in process, {@code nomic-embed-text} with Ollama)
 * @param host {@code embedder.host}: the Ollama server ({@code http://127.0.0.1:11434})
 * @param timeout {@code embedder.timeout_ms}: hard timeout of one Ollama call (10,000 ms)
 * @param batchSize {@code embedder.batch_size}: texts per embedding call when ingesting (32)
 * @param passageWords {@code embedder.passage_words}: a record whose text has more words is
 *     embedded in passages of at most this many, one vector each, and ranks by its best passage
 *     (128, chosen by measurement: docs/RESULTS.md "Passage vectors"); 0 embeds every text as one
 *     vector
 * @param cacheSize {@code embedder.cache_size}: cached query vectors (1,024)
 * @param background {@code embedder.background}: when true, a save returns once the record is
 *     lexically searchable and a background worker adds its vector (false: saves embed first)
 */
public record EmbedderSettings(
    EmbedderProvider provider,
    String model,
    URI host,
    Duration timeout,
    int batchSize,
    int passageWords,
    int cacheSize,
    boolean background) {
  public EmbedderSettings {
    Checks.notNull(provider, "embedder.provider");
    model = model == null ? defaultModel(provider) : Checks.notBlank(model, "embedder.model");
    Checks.notNull(host, "embedder.host");
    Checks.require(
        host.getScheme() != null && host.getScheme().startsWith("http"),
        "embedder.host",
        "must be an http(s) URL, got %s",
        host);
    Checks.notNull(timeout, "embedder.timeout_ms");
    Checks.require(
        !timeout.isNegative() && !timeout.isZero(),
        "embedder.timeout_ms",
        "must be > 0, got %d",
        timeout.toMillis());
    Checks.require(batchSize >= 1, "embedder.batch_size", "must be >= 1, got %d", batchSize);
    Checks.require(
        passageWords == 0 || passageWords >= Passages.MIN_WORDS,
        "embedder.passage_words",
        "must be 0 (one vector per record) or >= %d, got %d",
        Passages.MIN_WORDS,
        passageWords);
    Checks.require(cacheSize >= 0, "embedder.cache_size", "must be >= 0, got %d", cacheSize);
  }

  /** Every default: the in-process default model. */
  public static final EmbedderSettings DEFAULTS =
      new EmbedderSettings(
          EmbedderProvider.ONNX,
          null,
          OllamaOptions.DEFAULT_HOST,
          OllamaOptions.DEFAULT_TIMEOUT,
          OllamaOptions.DEFAULT_BATCH_SIZE,
          EngineConfig.DEFAULT_PASSAGE_WORDS,
          1024,
          false);

  /** {@code embedder.model} unless configured: one the provider serves. */
  static String defaultModel(EmbedderProvider provider) {
    return provider == EmbedderProvider.OLLAMA
        ? OllamaOptions.DEFAULT_MODEL
        : Embedders.DEFAULT_MODEL;
  }

  /** These settings with what {@code embedder} says over them. */
  EmbedderSettings read(ConfigSection s) {
    s.allow(
        "provider",
        "model",
        "host",
        "timeout_ms",
        "batch_size",
        "passage_words",
        "cache_size",
        "background");
    EmbedderSettings[] e = {this};
    s.text("provider", v -> e[0] = e[0].withProvider(EmbedderProvider.parse(s.key("provider"), v)));
    s.text("model", v -> e[0] = e[0].withModel(v));
    s.text("host", v -> e[0] = e[0].withHost(URI.create(v)));
    s.integer("timeout_ms", v -> e[0] = e[0].withTimeout(Duration.ofMillis(v)));
    s.integer("batch_size", v -> e[0] = e[0].withBatchSize(v));
    s.integer("passage_words", v -> e[0] = e[0].withPassageWords(v));
    s.integer("cache_size", v -> e[0] = e[0].withCacheSize(v));
    s.bool("background", v -> e[0] = e[0].withBackground(v));
    return e[0];
  }

  /**
   * Another provider; a model left at the old provider's default follows to the new one's default.
   */
  public EmbedderSettings withProvider(EmbedderProvider p) {
    String m = model.equals(defaultModel(provider)) ? null : model;
    return new EmbedderSettings(
        p, m, host, timeout, batchSize, passageWords, cacheSize, background);
  }

  /** Another model; null: the provider's default. */
  public EmbedderSettings withModel(String m) {
    return new EmbedderSettings(
        provider, m, host, timeout, batchSize, passageWords, cacheSize, background);
  }

  public EmbedderSettings withHost(URI h) {
    return new EmbedderSettings(
        provider, model, h, timeout, batchSize, passageWords, cacheSize, background);
  }

  public EmbedderSettings withTimeout(Duration t) {
    return new EmbedderSettings(
        provider, model, host, t, batchSize, passageWords, cacheSize, background);
  }

  public EmbedderSettings withBatchSize(int n) {
    return new EmbedderSettings(
        provider, model, host, timeout, n, passageWords, cacheSize, background);
  }

  public EmbedderSettings withPassageWords(int words) {
    return new EmbedderSettings(
        provider, model, host, timeout, batchSize, words, cacheSize, background);
  }

  public EmbedderSettings withCacheSize(int size) {
    return new EmbedderSettings(
        provider, model, host, timeout, batchSize, passageWords, size, background);
  }

  public EmbedderSettings withBackground(boolean b) {
    return new EmbedderSettings(
        provider, model, host, timeout, batchSize, passageWords, cacheSize, b);
  }
}
