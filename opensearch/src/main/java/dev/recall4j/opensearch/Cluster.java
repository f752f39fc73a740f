package dev.recall4j.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.ParseException;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.http.nio.ssl.TlsStrategy;
import org.apache.hc.core5.util.Timeout;
import org.opensearch.client.Request;
import org.opensearch.client.RequestOptions;
import org.opensearch.client.Response;
import org.opensearch.client.ResponseException;
import org.opensearch.client.RestClient;
import org.opensearch.client.RestClientBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster's HTTP API as JSON in, JSON out, over OpenSearch's low-level REST client (which
 * spreads requests over the nodes and moves on from one that fails). Thread-safe.
 */
final class Cluster implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(Cluster.class);

  static final ObjectMapper JSON = new ObjectMapper();

  private static final ContentType NDJSON = ContentType.create("application/x-ndjson");

  private final RestClient client;

  /** A client whose requests wait up to {@code timeout} for their answer. */
  Cluster(List<URI> hosts, ClusterAccess access, Duration timeout) {
    RestClientBuilder builder =
        RestClient.builder(
                hosts.stream()
                    .map(u -> new HttpHost(u.getScheme(), u.getHost(), u.getPort()))
                    .toArray(HttpHost[]::new))
            .setRequestConfigCallback(config -> config.setResponseTimeout(Timeout.of(timeout)));
    if (access.authorization() != null) {
      builder.setDefaultHeaders(
          new Header[] {new BasicHeader(HttpHeaders.AUTHORIZATION, access.authorization())});
    }
    if (access.ca() != null || !access.verifyTls()) {
      TlsStrategy tls = TlsTrust.strategy(access);
      builder.setHttpClientConfigCallback(
          client ->
              client.setConnectionManager(
                  PoolingAsyncClientConnectionManagerBuilder.create()
                      .setMaxConnPerRoute(RestClientBuilder.DEFAULT_MAX_CONN_PER_ROUTE)
                      .setMaxConnTotal(RestClientBuilder.DEFAULT_MAX_CONN_TOTAL)
                      .setTlsStrategy(tls)
                      .build()));
    }
    this.client = builder.build();
  }

  /**
   * A request without a body that may take up to {@code timeout}, longer than the client's own (a
   * merge the answer waits for).
   */
  JsonNode callLong(String method, String path, Map<String, String> parameters, Duration timeout)
      throws IOException {
    Request request = request(method, path, parameters);
    request.setOptions(
        RequestOptions.DEFAULT.toBuilder()
            .setRequestConfig(
                RequestConfig.custom().setResponseTimeout(Timeout.of(timeout)).build()));
    return perform(request);
  }

  /** A request with a JSON body (or none: null), answered with JSON. */
  JsonNode call(String method, String path, Map<String, String> parameters, JsonNode body)
      throws IOException {
    Request request = request(method, path, parameters);
    if (body != null) {
      request.setEntity(
          new StringEntity(JSON.writeValueAsString(body), ContentType.APPLICATION_JSON));
    }
    return perform(request);
  }

  /** A request whose body is one JSON object per line ({@code _bulk}). */
  JsonNode callLines(
      String method, String path, Map<String, String> parameters, List<JsonNode> lines)
      throws IOException {
    return callLines(method, path, parameters, lines(lines));
  }

  /** {@link #callLines(String, String, Map, List)} of lines already written. */
  JsonNode callLines(String method, String path, Map<String, String> parameters, String lines)
      throws IOException {
    Request request = request(method, path, parameters);
    request.setEntity(new StringEntity(lines, NDJSON));
    return perform(request);
  }

  /** Each JSON object on a line of its own, each line ended. */
  static String lines(List<JsonNode> lines) throws IOException {
    StringBuilder body = new StringBuilder();
    for (JsonNode line : lines) {
      body.append(JSON.writeValueAsString(line)).append('\n');
    }
    return body.toString();
  }

  /** Whether {@code HEAD path} answers 200 (an index exists) rather than 404. */
  boolean exists(String path) throws IOException {
    Response response = client.performRequest(new Request("HEAD", path));
    return response.getStatusLine().getStatusCode() == 200;
  }

  @Override
  public void close() throws IOException {
    client.close();
  }

  private static Request request(String method, String path, Map<String, String> parameters) {
    Request request = new Request(method, path);
    request.addParameters(parameters);
    return request;
  }

  private JsonNode perform(Request request) throws IOException {
    long start = System.nanoTime();
    try {
      return read(client.performRequest(request));
    } catch (ResponseException e) {
      throw ClusterException.of(request.getMethod(), request.getEndpoint(), read(e.getResponse()));
    } finally {
      if (LOG.isDebugEnabled()) {
        LOG.debug(
            "{} {} {} in {} ms",
            request.getMethod(),
            request.getEndpoint(),
            request.getParameters(),
            (System.nanoTime() - start) / 1_000_000);
      }
    }
  }

  private static JsonNode read(Response response) throws IOException {
    try {
      return response.getEntity() == null
          ? JSON.createObjectNode()
          : JSON.readTree(EntityUtils.toString(response.getEntity()));
    } catch (ParseException e) {
      throw new IOException(
          "unreadable answer from " + response.getHost() + ": " + e.getMessage(), e);
    }
  }
}
