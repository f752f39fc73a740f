package dev.recall4j.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.recall4j.engine.Teams;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code server:} section of {@code recall4j.yaml} (or of an agent's {@code memory:} section),
 * which the engine's {@code ConfigFile} leaves to the server:
 *
 * <pre>
 * server:
 *   bind: 127.0.0.1:7077            # serve --http without an address
 *   tokens:                          # each token read from an environment variable
 *     - {env: ALICE_TOKEN, namespace: alice, teams: [tide]}
 *   allowed_origins: [http://localhost:5173, http://tools.local:*]
 *   page_token_ceiling: 4000
 * </pre>
 *
 * Every key is checked: an unknown one, or a bad value, is an error naming the file and the key.
 * Token values are read from the environment here and never appear in a message.
 *
 * @param bind the {@code HOST:PORT} to serve HTTP on when {@code --http} names none; null: unset
 * @param tokens the bearer tokens; empty when the section names none
 * @param allowedOrigins browser origins allowed besides loopback ones
 * @param pageTokenCeiling the most tokens of one search or list answer; null: unset
 */
public record ServerConfigFile(
    String bind, List<TokenGrant> tokens, List<String> allowedOrigins, Integer pageTokenCeiling) {
  private static final YAMLMapper YAML = new YAMLMapper();
  private static final Set<String> KEYS =
      Set.of("bind", "tokens", "allowed_origins", "page_token_ceiling");
  private static final Set<String> TOKEN_KEYS = Set.of("env", "namespace", "teams");

  /** No file, or a file without a {@code server:} section. */
  public static final ServerConfigFile NONE =
      new ServerConfigFile(null, List.of(), List.of(), null);

  public ServerConfigFile {
    tokens = List.copyOf(tokens);
    allowedOrigins = List.copyOf(allowedOrigins);
  }

  /**
   * Reads the {@code server:} section of a configuration file, token values from {@code
   * environment}.
   *
   * @throws IllegalArgumentException {@code FILE: server.KEY: problem}
   */
  public static ServerConfigFile read(Path file, Map<String, String> environment)
      throws IOException {
    JsonNode root;
    try {
      root = YAML.readTree(file.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException(file + ": not valid YAML: " + e.getMessage(), e);
    }
    if (root != null && root.has("memory") && root.get("memory").isObject()) {
      root = root.get("memory");
    }
    JsonNode server = root == null ? null : root.get("server");
    if (server == null || server.isNull()) {
      return NONE;
    }
    try {
      return parse(server, "server", environment);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  private static ServerConfigFile parse(
      JsonNode server, String path, Map<String, String> environment) {
    mapping(server, path, KEYS);
    String bind = text(server, path, "bind");
    List<TokenGrant> tokens = new ArrayList<>();
    JsonNode list = server.get("tokens");
    if (list != null && !list.isNull()) {
      if (!list.isArray()) {
        throw new IllegalArgumentException(path + ".tokens: must be a list, got " + list);
      }
      for (int i = 0; i < list.size(); i++) {
        tokens.add(token(list.get(i), path + ".tokens[" + i + "]", environment));
      }
    }
    List<String> origins = texts(server, path, "allowed_origins");
    Integer ceiling = null;
    JsonNode value = server.get("page_token_ceiling");
    if (value != null && !value.isNull()) {
      if (!value.isIntegralNumber() || !value.canConvertToInt() || value.intValue() < 1) {
        throw new IllegalArgumentException(
            path + ".page_token_ceiling: must be a whole number >= 1, got " + value);
      }
      ceiling = value.intValue();
    }
    return new ServerConfigFile(bind, tokens, origins, ceiling);
  }

  private static TokenGrant token(JsonNode node, String path, Map<String, String> environment) {
    mapping(node, path, TOKEN_KEYS);
    String variable = text(node, path, "env");
    String namespace = text(node, path, "namespace");
    if (variable == null) {
      throw new IllegalArgumentException(path + ".env: required (the variable holding the token)");
    }
    if (namespace == null) {
      throw new IllegalArgumentException(path + ".namespace: required");
    }
    String token = environment.get(variable);
    if (token == null) {
      throw new IllegalArgumentException(
          path + ".env: the environment variable " + variable + " is not set");
    }
    try {
      return new TokenGrant(
          variable,
          token,
          new Tenant(namespace, new Teams(new LinkedHashSet<>(texts(node, path, "teams")))));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(path + ": " + e.getMessage(), e);
    }
  }

  private static void mapping(JsonNode node, String path, Set<String> keys) {
    if (!node.isObject()) {
      throw new IllegalArgumentException(path + ": must be a mapping, got " + node);
    }
    for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!keys.contains(name)) {
        throw new IllegalArgumentException(
            path
                + "."
                + name
                + ": unknown setting, expected one of "
                + String.join(", ", new TreeSet<>(keys)));
      }
    }
  }

  private static String text(JsonNode node, String path, String key) {
    JsonNode value = node.get(key);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isTextual() || value.asText().isBlank()) {
      throw new IllegalArgumentException(path + "." + key + ": must be a non-blank text");
    }
    return value.asText().strip();
  }

  /** A list of texts; a single text counts as a list of one. */
  private static List<String> texts(JsonNode node, String path, String key) {
    JsonNode value = node.get(key);
    if (value == null || value.isNull()) {
      return List.of();
    }
    List<String> texts = new ArrayList<>();
    for (JsonNode item : value.isArray() ? value : List.of(value)) {
      if (!item.isTextual() || item.asText().isBlank()) {
        throw new IllegalArgumentException(
            path + "." + key + ": must be a list of non-blank texts, got " + value);
      }
      texts.add(item.asText().strip());
    }
    return texts;
  }
}
