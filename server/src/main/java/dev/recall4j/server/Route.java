package dev.recall4j.server;

import java.util.List;

/**
 * One route of the JSON API: an HTTP method and a path under {@code /v1/}, whose {@value #ID}
 * segment is the id of the record the call is about.
 *
 * @param method {@code GET}, {@code POST} or {@code DELETE}
 * @param segments the path's segments, e.g. {@code [records, {id}, supersede]}
 */
record Route(String method, List<String> segments) {
  static final String ID = "{id}";

  Route {
    segments = List.copyOf(segments);
  }

  static Route get(String path) {
    return new Route("GET", path);
  }

  static Route post(String path) {
    return new Route("POST", path);
  }

  static Route delete(String path) {
    return new Route("DELETE", path);
  }

  private Route(String method, String path) {
    this(method, List.of(path.split("/")));
  }

  /** Whether a request with this method and these path segments takes this route. */
  boolean matches(String requestMethod, List<String> parts) {
    if (!method.equals(requestMethod) || parts.size() != segments.size()) {
      return false;
    }
    for (int i = 0; i < parts.size(); i++) {
      if (!segments.get(i).equals(ID) && !segments.get(i).equals(parts.get(i))) {
        return false;
      }
    }
    return true;
  }

  /** The record id of a path this route matches, or null when the route names none. */
  String id(List<String> parts) {
    int at = segments.indexOf(ID);
    return at < 0 ? null : parts.get(at);
  }

  @Override
  public String toString() {
    return method + " /v1/" + String.join("/", segments);
  }
}
