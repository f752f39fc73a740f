package dev.recall4j.server;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The one gate of every HTTP request, MCP and JSON API alike, per the MCP spec's DNS-rebinding
 * guidance. A server bound to a loopback address answers only requests whose {@code Host} names
 * this machine ({@link LoopbackHosts}) or a configured host ({@code server.allowed_hosts}): a page
 * of {@code evil.example} whose name an attacker re-points at 127.0.0.1 sends {@code Host:
 * evil.example}, and browsers send no {@code Origin} on same-origin GETs, so the Host is what
 * tells. Then a browser {@code Origin} must be loopback (every spelling) or configured. Then the
 * caller's {@link Tenant}: from its bearer token when tokens are configured (401 without a known
 * one), else the server's default tenant. Refusals are 403 with a JSON body naming what was
 * refused. The tenant travels as a request attribute; tokens are never logged or echoed.
 */
final class AccessGuard implements Filter {
  static final String TENANT_ATTRIBUTE = McpRecallServer.TENANT;

  private final Tenant defaultTenant;
  private final List<TokenGrant> grants;
  private final List<String> allowedOrigins;
  private final Set<String> allowedHosts;
  private final boolean loopbackBind;

  /**
   * @param allowedHosts host names a loopback server answers besides loopback ones (lower case)
   * @param loopbackBind whether the server listens on a loopback address only: then the Host is
   *     checked
   */
  AccessGuard(
      Tenant defaultTenant,
      List<TokenGrant> grants,
      List<String> allowedOrigins,
      List<String> allowedHosts,
      boolean loopbackBind) {
    this.defaultTenant = defaultTenant;
    this.grants = List.copyOf(grants);
    this.allowedOrigins = List.copyOf(allowedOrigins);
    this.allowedHosts =
        allowedHosts.stream().map(h -> h.toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
    this.loopbackBind = loopbackBind;
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    HttpServletResponse response = (HttpServletResponse) res;
    String host = request.getHeader("Host");
    if (loopbackBind && !hostAllowed(host)) {
      refuse(
          response,
          403,
          "host not allowed: "
              + host
              + " (a loopback server answers loopback host names only; add it to"
              + " server.allowed_hosts)");
      return;
    }
    String origin = request.getHeader("Origin");
    if (origin != null && !originAllowed(origin)) {
      refuse(response, 403, "origin not allowed: " + origin);
      return;
    }
    if (request.getRequestURI().equals("/health")) {
      chain.doFilter(req, res);
      return;
    }
    Tenant tenant = tenant(request.getHeader("Authorization"));
    if (tenant == null) {
      response.setHeader("WWW-Authenticate", "Bearer");
      refuse(response, 401, "a known bearer token is required (Authorization: Bearer <token>)");
      return;
    }
    request.setAttribute(TENANT_ATTRIBUTE, tenant);
    chain.doFilter(req, res);
  }

  /** The tenant of the presented token, the default one when no tokens exist, else null. */
  private Tenant tenant(String authorization) {
    if (grants.isEmpty()) {
      return defaultTenant;
    }
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return null;
    }
    byte[] presented = authorization.substring(7).strip().getBytes(StandardCharsets.UTF_8);
    Tenant found = null;
    for (TokenGrant grant : grants) {
      // Compare every grant in constant time, so timing does not reveal a token's prefix.
      if (MessageDigest.isEqual(presented, grant.token().getBytes(StandardCharsets.UTF_8))) {
        found = grant.tenant();
      }
    }
    return found;
  }

  boolean hostAllowed(String header) {
    String host = LoopbackHosts.hostOfHeader(header);
    return host != null
        && (LoopbackHosts.isLoopback(host) || allowedHosts.contains(host.toLowerCase(Locale.ROOT)));
  }

  boolean originAllowed(String origin) {
    for (String allowed : allowedOrigins) {
      if (allowed.equals(origin)
          || allowed.endsWith(":*")
              && origin.startsWith(allowed.substring(0, allowed.length() - 1))) {
        return true;
      }
    }
    return LoopbackHosts.isLoopback(LoopbackHosts.hostOfOrigin(origin));
  }

  private static void refuse(HttpServletResponse response, int status, String message)
      throws IOException {
    ErrorBody.forStatus(status, message).send(response, status);
  }
}
