package dev.recall4j.server;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Which host names and addresses mean this machine, decided from the text alone (no DNS lookup,
 * which is exactly what a rebinding attacker controls): {@code localhost} and any name under {@code
 * .localhost} (RFC 6761), every IPv4 address in 127.0.0.0/8, and {@code ::1} in any of its IPv6
 * spellings (including an IPv4-mapped 127 address), with or without brackets and a port.
 */
final class LoopbackHosts {
  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

  private LoopbackHosts() {}

  /** Whether a host (a name or an address literal, brackets allowed) is this machine. */
  static boolean isLoopback(String host) {
    if (host == null || host.isEmpty()) {
      return false;
    }
    String h = host.toLowerCase(Locale.ROOT);
    if (h.startsWith("[") && h.endsWith("]")) {
      h = h.substring(1, h.length() - 1);
    }
    if (h.endsWith(".")) {
      h = h.substring(0, h.length() - 1);
    }
    if (h.equals("localhost") || h.endsWith(".localhost")) {
      return true;
    }
    if (!IPV4.matcher(h).matches() && !h.contains(":")) {
      return false; // a name: never looked up
    }
    try {
      // A literal is parsed, not resolved.
      return InetAddress.getByName(h).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /**
   * The host of a {@code Host} header ({@code name}, {@code name:port}, {@code [v6]:port}), without
   * brackets; null when it cannot be parsed.
   */
  static String hostOfHeader(String header) {
    if (header == null || header.isBlank()) {
      return null;
    }
    try {
      return stripBrackets(URI.create("http://" + header.strip()).getHost());
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** The host of an {@code Origin} ({@code scheme://host[:port]}), without brackets; or null. */
  static String hostOfOrigin(String origin) {
    try {
      URI uri = URI.create(origin);
      boolean web = "http".equals(uri.getScheme()) || "https".equals(uri.getScheme());
      return web ? stripBrackets(uri.getHost()) : null;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static String stripBrackets(String host) {
    return host != null && host.startsWith("[") && host.endsWith("]")
        ? host.substring(1, host.length() - 1)
        : host;
  }
}
