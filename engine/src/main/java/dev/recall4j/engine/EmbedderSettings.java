package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import java.net.URI;
import java.time.Duration;

/**
 * The {@code embedder} settings of an {@link EngineConfig}, named as in {@code recall4j.yaml}; the
 * defaults are {@link EngineConfig.Builder}'s.
 *
 * @param provider {@code embedder.provider}: none, onnx (default) or ollama
 * @param model {@code embedder.model}: the model name ({@code bge-small-en-v15-q} in process,
 *     {@code nomic-embed-text} with Ollama)
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
    model = Checks.notBlank(model, "embedder.model");
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
}
