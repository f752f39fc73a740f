package dev.recall4j.server;

import dev.recall4j.core.Checks;
import java.util.List;

/**
 * How a server answers, whatever its transport.
 *
 * @param defaultTenant the tenant served without tokens: over stdio, and over loopback HTTP when no
 *     tokens are configured ({@code --namespace}, {@code --team})
 * @param tokens the bearer tokens HTTP clients may present, each mapped to a tenant; empty means a
 *     loopback-only server for the default tenant
 * @param allowedOrigins browser origins allowed besides loopback ones ({@code http://host:port}, or
 *     {@code http://host:*} for any port)
 * @param pageTokenCeiling the most tokens the items of one search or list answer may take
 * @param version reported to MCP clients
 * @param allowedHosts host names a loopback server answers besides loopback ones (a name in {@code
 *     /etc/hosts} for this machine, say); every other {@code Host} is refused
 */
public record ServerSettings(
    Tenant defaultTenant,
    List<TokenGrant> tokens,
    List<String> allowedOrigins,
    int pageTokenCeiling,
    String version,
    List<String> allowedHosts) {
  /** A search or list answer stays well under what agents can use (peers answer 25K+ tokens). */
  public static final int DEFAULT_PAGE_TOKEN_CEILING = 4_000;

  public ServerSettings {
    Checks.notNull(defaultTenant, "namespace");
    tokens = List.copyOf(tokens);
    allowedOrigins = List.copyOf(allowedOrigins);
    Checks.require(
        pageTokenCeiling >= 1, "page_token_ceiling", "must be >= 1, got %d", pageTokenCeiling);
    version = version == null ? "dev" : version;
    allowedHosts = List.copyOf(allowedHosts);
  }

  /** Settings without allowed hosts besides loopback ones. */
  public ServerSettings(
      Tenant defaultTenant,
      List<TokenGrant> tokens,
      List<String> allowedOrigins,
      int pageTokenCeiling,
      String version) {
    this(defaultTenant, tokens, allowedOrigins, pageTokenCeiling, version, List.of());
  }

  /** The default namespace, no tokens, loopback origins only, the default ceiling. */
  public static ServerSettings defaults() {
    return new ServerSettings(
        Tenant.DEFAULT, List.of(), List.of(), DEFAULT_PAGE_TOKEN_CEILING, null);
  }

  public ServerSettings withTokens(List<TokenGrant> grants) {
    return new ServerSettings(
        defaultTenant, grants, allowedOrigins, pageTokenCeiling, version, allowedHosts);
  }

  public ServerSettings withDefaultTenant(Tenant tenant) {
    return new ServerSettings(
        tenant, tokens, allowedOrigins, pageTokenCeiling, version, allowedHosts);
  }

  public ServerSettings withAllowedOrigins(List<String> origins) {
    return new ServerSettings(
        defaultTenant, tokens, origins, pageTokenCeiling, version, allowedHosts);
  }

  public ServerSettings withPageTokenCeiling(int ceiling) {
    return new ServerSettings(
        defaultTenant, tokens, allowedOrigins, ceiling, version, allowedHosts);
  }

  public ServerSettings withAllowedHosts(List<String> hosts) {
    return new ServerSettings(
        defaultTenant, tokens, allowedOrigins, pageTokenCeiling, version, hosts);
  }
}
