package dev.recall4j.embeddings;

import dev.recall4j.core.Checks;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;

/**
 * Settings of an Ollama embedder. Immutable; build with {@link #builder(String)}.
 *
 * @param host base URL of the Ollama server, {@code http} or {@code https}, no path; default {@code
 *     http://127.0.0.1:11434}
 * @param model the Ollama model name, with or without a tag (for example {@code nomic-embed-text}
 *     or {@code nomic-embed-text:v1.5})
 * @param timeout hard limit on each HTTP request (one batch); positive, at most 10 minutes; default
 *     10 s
 * @param batchSize texts sent in one {@code /api/embed} request, 1 to 1,024; default 32
 * @param queryPrefix prepended to every query; may be empty, never null
 * @param documentPrefix prepended to every stored text; may be empty, never null
 */
public record OllamaOptions(
    URI host,
    String model,
    Duration timeout,
    int batchSize,
    String queryPrefix,
    String documentPrefix) {

  /** Ollama's default address on the local machine. */
  public static final URI DEFAULT_HOST = URI.create("http://127.0.0.1:11434");

  /** Default request timeout: long enough for a cold model load of a small embedding model. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  /**
   * The embedding model used when none is named: one Ollama serves ({@code ollama pull
   * nomic-embed-text}), 768 dimensions.
   */
  public static final String DEFAULT_MODEL = "nomic-embed-text";

  /** Default texts per request. */
  public static final int DEFAULT_BATCH_SIZE = 32;

  private static final Duration MAX_TIMEOUT = Duration.ofMinutes(10);
  private static final int MAX_BATCH_SIZE = 1024;

  /** Validates every component; see the component descriptions for the accepted values. */
  public OllamaOptions {
    Checks.notNull(host, "ollama.host");
    String scheme = host.getScheme() == null ? "" : host.getScheme().toLowerCase(Locale.ROOT);
    Checks.require(
        (scheme.equals("http") || scheme.equals("https"))
            && host.getHost() != null
            && (host.getRawPath() == null
                || host.getRawPath().isEmpty()
                || host.getRawPath().equals("/"))
            && host.getRawQuery() == null,
        "ollama.host",
        "must be an http(s) URL with a host and no path, for example %s, got %s",
        DEFAULT_HOST,
        host);
    model = Checks.notBlank(model, "ollama.model");
    Checks.notNull(timeout, "ollama.timeout");
    Checks.require(
        timeout.isPositive() && timeout.compareTo(MAX_TIMEOUT) <= 0,
        "ollama.timeout",
        "must be positive and at most %s, got %s",
        MAX_TIMEOUT,
        timeout);
    Checks.require(
        batchSize >= 1 && batchSize <= MAX_BATCH_SIZE,
        "ollama.batchSize",
        "must be in [1, %d], got %d",
        MAX_BATCH_SIZE,
        batchSize);
    Checks.notNull(queryPrefix, "ollama.queryPrefix");
    Checks.notNull(documentPrefix, "ollama.documentPrefix");
  }

  /** The host as ollama4j and log messages want it: no trailing slash. */
  String baseUrl() {
    String url = host.toString();
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }

  /**
   * A builder for the given model, with the defaults above and the model's known prefixes: {@code
   * nomic-embed-text} gets {@code "search_query: "} / {@code "search_document: "} (its model card's
   * task prefixes); {@code mxbai-embed-large} gets the query instruction {@code "Represent this
   * sentence for searching relevant passages: "} and no document prefix; any other model gets none.
   * Setting a prefix on the builder overrides the default.
   */
  public static Builder builder(String model) {
    return new Builder(model);
  }

  /** Collects settings; {@link #build()} validates them. Not thread-safe. */
  public static final class Builder {
    private final String model;
    private URI host = DEFAULT_HOST;
    private Duration timeout = DEFAULT_TIMEOUT;
    private int batchSize = DEFAULT_BATCH_SIZE;
    private String queryPrefix;
    private String documentPrefix;

    private Builder(String model) {
      this.model = model;
    }

    /** The server's base URL. */
    public Builder host(URI host) {
      this.host = host;
      return this;
    }

    /** The hard limit on each request. */
    public Builder timeout(Duration timeout) {
      this.timeout = timeout;
      return this;
    }

    /** Texts per {@code /api/embed} request. */
    public Builder batchSize(int batchSize) {
      this.batchSize = batchSize;
      return this;
    }

    /** Text prepended to queries, replacing the model's default. */
    public Builder queryPrefix(String queryPrefix) {
      this.queryPrefix = Checks.notNull(queryPrefix, "ollama.queryPrefix");
      return this;
    }

    /** Text prepended to stored texts, replacing the model's default. */
    public Builder documentPrefix(String documentPrefix) {
      this.documentPrefix = Checks.notNull(documentPrefix, "ollama.documentPrefix");
      return this;
    }

    /**
     * The options.
     *
     * @throws IllegalArgumentException naming the first bad setting
     */
    public OllamaOptions build() {
      String family = family(Checks.notBlank(model, "ollama.model"));
      String query = queryPrefix;
      String document = documentPrefix;
      if (query == null) {
        query =
            switch (family) {
              case "nomic-embed-text" -> "search_query: ";
              case "mxbai-embed-large" ->
                  "Represent this sentence for searching relevant passages: ";
              default -> "";
            };
      }
      if (document == null) {
        document = family.equals("nomic-embed-text") ? "search_document: " : "";
      }
      return new OllamaOptions(host, model, timeout, batchSize, query, document);
    }

    /** "nomic-embed-text" of "nomic-embed-text:v1.5" and of "library/nomic-embed-text:latest". */
    private static String family(String model) {
      String name = model.strip().toLowerCase(Locale.ROOT);
      int colon = name.indexOf(':');
      if (colon >= 0) {
        name = name.substring(0, colon);
      }
      return name.substring(name.lastIndexOf('/') + 1);
    }
  }
}
