package dev.recall4j.server;

import dev.recall4j.core.ConfigSection;
import dev.recall4j.engine.ConfigFile;
import dev.recall4j.engine.Teams;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

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
 *   allowed_hosts: [tools.local]     # Host names a loopback server answers besides loopback ones
 *   page_token_ceiling: 4000
 * </pre>
 *
 * Read through the engine's one YAML reader ({@link ConfigFile#sections}). Every key is checked: an
 * unknown one, or a bad value, is an error naming the file and the key. Token values are read from
 * the environment here and never appear in a message.
 *
 * @param bind the {@code HOST:PORT} to serve HTTP on when {@code --http} names none; null: unset
 * @param tokens the bearer tokens; empty when the section names none
 * @param allowedOrigins browser origins allowed besides loopback ones
 * @param pageTokenCeiling the most tokens of one search or list answer; null: unset
 * @param allowedHosts host names a loopback server answers besides loopback ones
 */
public record ServerConfigFile(
    String bind,
    List<TokenGrant> tokens,
    List<String> allowedOrigins,
    Integer pageTokenCeiling,
    List<String> allowedHosts) {

  /** No file, or a file without a {@code server:} section. */
  public static final ServerConfigFile NONE =
      new ServerConfigFile(null, List.of(), List.of(), null, List.of());

  public ServerConfigFile {
    tokens = List.copyOf(tokens);
    allowedOrigins = List.copyOf(allowedOrigins);
    allowedHosts = List.copyOf(allowedHosts);
  }

  /**
   * Reads the {@code server:} section of a configuration file, token values from {@code
   * environment}.
   *
   * @throws IllegalArgumentException {@code FILE: server.KEY: problem}
   */
  public static ServerConfigFile read(Path file, Map<String, String> environment)
      throws IOException {
    ConfigSection top = ConfigFile.sections(file);
    if (!top.has("server")) {
      return NONE;
    }
    try {
      return parse(top.section("server"), environment);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  private static ServerConfigFile parse(ConfigSection server, Map<String, String> environment) {
    server.allow("bind", "tokens", "allowed_origins", "allowed_hosts", "page_token_ceiling");
    String bind = nonBlank(server, "bind");
    List<TokenGrant> tokens = new ArrayList<>();
    server.sections("tokens", t -> tokens.add(token(t, environment)));
    List<String> origins = texts(server, "allowed_origins");
    Integer[] ceiling = {null};
    server.integer(
        "page_token_ceiling",
        v -> {
          if (v < 1) {
            throw new IllegalArgumentException(
                server.key("page_token_ceiling") + ": must be a whole number >= 1, got " + v);
          }
          ceiling[0] = v;
        });
    return new ServerConfigFile(bind, tokens, origins, ceiling[0], texts(server, "allowed_hosts"));
  }

  private static TokenGrant token(ConfigSection node, Map<String, String> environment) {
    node.allow("env", "namespace", "teams");
    String variable = nonBlank(node, "env");
    String namespace = nonBlank(node, "namespace");
    if (variable == null) {
      throw new IllegalArgumentException(
          node.key("env") + ": required (the variable holding the token)");
    }
    if (namespace == null) {
      throw new IllegalArgumentException(node.key("namespace") + ": required");
    }
    String token = environment.get(variable);
    if (token == null) {
      throw new IllegalArgumentException(
          node.key("env") + ": the environment variable " + variable + " is not set");
    }
    try {
      return new TokenGrant(
          variable,
          token,
          new Tenant(namespace, new Teams(new LinkedHashSet<>(texts(node, "teams")))));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(node.path() + ": " + e.getMessage(), e);
    }
  }

  private static String nonBlank(ConfigSection node, String key) {
    String value = node.text(key);
    if (value != null && value.isBlank()) {
      throw new IllegalArgumentException(node.key(key) + ": must be a non-blank text");
    }
    return value == null ? null : value.strip();
  }

  /** A list of non-blank texts; a single text counts as a list of one. */
  private static List<String> texts(ConfigSection node, String key) {
    List<String> out = new ArrayList<>();
    node.list(
        key,
        values -> {
          for (String v : values) {
            if (v.isBlank()) {
              throw new IllegalArgumentException(
                  node.key(key) + ": must be a list of non-blank texts, got " + values);
            }
            out.add(v.strip());
          }
        });
    return out;
  }
}
