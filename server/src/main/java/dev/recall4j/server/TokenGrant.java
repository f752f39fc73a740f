package dev.recall4j.server;

import dev.recall4j.core.Checks;
import dev.recall4j.engine.Teams;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;

/**
 * One bearer token and the tenant it opens. The token itself is read from an environment variable
 * and never printed: {@link #toString} names the variable only.
 *
 * @param variable the environment variable that held the token, for messages
 * @param token the secret a client presents as {@code Authorization: Bearer <token>}
 * @param tenant the namespace and teams the token's holder reads and writes
 */
public record TokenGrant(String variable, String token, Tenant tenant) {
  public TokenGrant {
    Checks.notBlank(variable, "token variable");
    Checks.notNull(tenant, "tenant");
    if (token == null || token.length() < 16) {
      throw new IllegalArgumentException(
          "token "
              + variable
              + ": the environment variable must hold a token of at least 16 characters");
    }
  }

  /**
   * Parses {@code VARIABLE=namespace[:team,team…]}, reading the token from the environment.
   *
   * @throws IllegalArgumentException naming the variable when it is unset or too short
   */
  public static TokenGrant parse(String spec, Map<String, String> environment) {
    int eq = spec.indexOf('=');
    if (eq <= 0 || eq == spec.length() - 1) {
      throw new IllegalArgumentException(
          "--token " + spec + ": expected VARIABLE=namespace[:team,team]");
    }
    String variable = spec.substring(0, eq);
    String grant = spec.substring(eq + 1);
    int colon = grant.indexOf(':');
    String namespace = colon < 0 ? grant : grant.substring(0, colon);
    Set<String> teams =
        colon < 0 ? Set.of() : Set.copyOf(Arrays.asList(grant.substring(colon + 1).split(",")));
    String token = environment.get(variable);
    if (token == null) {
      throw new IllegalArgumentException(
          "--token " + variable + ": the environment variable is not set");
    }
    return new TokenGrant(variable, token, new Tenant(namespace, new Teams(teams)));
  }

  @Override
  public String toString() {
    return "TokenGrant[" + variable + " -> " + tenant + "]";
  }
}
