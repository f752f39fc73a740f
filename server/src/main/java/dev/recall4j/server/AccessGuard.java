package dev.recall4j.server;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one gate of every HTTP request, MCP and JSON API alike. It refuses a browser {@code Origin}
 * that is neither loopback nor allowed (the MCP spec's DNS-rebinding guidance), then finds the
 * caller's {@link Tenant}: from its bearer token when tokens are configured (401 without a known
 * one), else the server's default tenant. The tenant travels as a request attribute; tokens are
 * never logged or echoed.
 */
final class AccessGuard implements Filter {
  static final String TENANT_ATTRIBUTE = McpRecallServer.TENANT;
  private static final Set<String> LOOPBACK_HOSTS = Set.of("localhost", "127.0.0.1", "[::1]");

  private final Tenant defaultTenant;
  private final List<TokenGrant> grants;
  private final List<String> allowedOrigins;

  AccessGuard(Tenant defaultTenant, List<TokenGrant> grants, List<String> allowedOrigins) {
    this.defaultTenant = defaultTenant;
    this.grants = List.copyOf(grants);
    this.allowedOrigins = List.copyOf(allowedOrigins);
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    HttpServletResponse response = (HttpServletResponse) res;
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

  boolean originAllowed(String origin) {
    for (String allowed : allowedOrigins) {
      if (allowed.equals(origin)
          || allowed.endsWith(":*")
              && origin.startsWith(allowed.substring(0, allowed.length() - 1))) {
        return true;
      }
    }
    try {
      URI uri = URI.create(origin);
      String host = uri.getHost();
      return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
          && host != null
          && LOOPBACK_HOSTS.contains(host.contains(":") ? "[" + host + "]" : host);
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static void refuse(HttpServletResponse response, int status, String message)
      throws IOException {
    response.setStatus(status);
    response.setContentType("application/json");
    response.setCharacterEncoding("UTF-8");
    JsonBodies.write(response.getOutputStream(), Map.of("error", message));
  }
}
