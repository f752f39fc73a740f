package dev.recall4j.server;

import dev.recall4j.core.store.StoreUnavailableException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JSON API under {@code /v1/} for programs that do not speak MCP: the same operations, argument
 * names and result shapes as the tools, over plain HTTP.
 *
 * <pre>
 * POST   /v1/recall                  memory_recall      (JSON body: the tool's arguments)
 * POST   /v1/search                  memory_search
 * POST   /v1/context                 memory_context
 * POST   /v1/records                 memory_append
 * GET    /v1/records?silo=…&amp;cursor=… memory_list        (query parameters; repeat for lists)
 * GET    /v1/records/{id}            memory_get
 * GET    /v1/files?path=…            memory_get         (the records of synced files)
 * DELETE /v1/records/{id}            memory_forget
 * POST   /v1/records/{id}/supersede  memory_supersede
 * GET    /v1/stats                   memory_stats
 * POST   /v1/sessions                memory_record_session
 * </pre>
 *
 * A bad argument is 400 with {@code {"error": "argument 'x': …"}}; an unknown route 404.
 */
final class JsonApiServlet extends HttpServlet {
  private static final Logger LOG = LoggerFactory.getLogger(JsonApiServlet.class);
  private static final long serialVersionUID = 1L;

  private final transient MemoryOperations operations;

  JsonApiServlet(MemoryOperations operations) {
    this.operations = operations;
  }

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    String path = request.getPathInfo() == null ? "/" : request.getPathInfo();
    String method = request.getMethod();
    List<String> parts = Arrays.stream(path.split("/")).filter(p -> !p.isEmpty()).toList();
    try {
      Route route = route(method, parts);
      if (route == null) {
        send(response, 404, Map.of("error", "no route " + method + " /v1" + path));
        return;
      }
      Map<String, Object> arguments =
          method.equals("GET") || method.equals("DELETE")
              ? query(request, route.tool())
              : new HashMap<>(JsonBodies.read(request.getInputStream()));
      if (route.id() != null) {
        if (arguments.containsKey("id")) {
          throw Arguments.bad("id", "given in the path; leave it out of the body");
        }
        arguments.put("id", route.id());
      }
      Tenant tenant = (Tenant) request.getAttribute(AccessGuard.TENANT_ATTRIBUTE);
      send(response, 200, operations.call(route.tool(), tenant, arguments).structured());
    } catch (IllegalArgumentException e) {
      send(response, 400, Map.of("error", e.getMessage()));
    } catch (StoreUnavailableException e) {
      // A full disk, a failed writer, a damaged index: the request was fine, the index cannot
      // serve it now.
      send(response, 503, Map.of("error", e.getMessage()));
    } catch (IllegalStateException e) {
      send(response, 409, Map.of("error", e.getMessage()));
    } catch (RuntimeException e) {
      LOG.error("{} /v1{} failed", method, path, e);
      send(response, 500, Map.of("error", e.getClass().getSimpleName() + "; see the server log"));
    }
  }

  private record Route(String tool, String id) {}

  private static Route route(String method, List<String> parts) {
    String first = parts.isEmpty() ? "" : parts.get(0);
    int size = parts.size();
    return switch (method + " " + first + "/" + size) {
      case "POST recall/1" -> new Route("memory_recall", null);
      case "POST search/1" -> new Route("memory_search", null);
      case "POST context/1" -> new Route("memory_context", null);
      case "POST records/1" -> new Route("memory_append", null);
      case "GET records/1" -> new Route("memory_list", null);
      case "GET records/2" -> new Route("memory_get", parts.get(1));
      case "GET files/1" -> new Route("memory_get", null);
      case "DELETE records/2" -> new Route("memory_forget", parts.get(1));
      case "POST records/3" ->
          parts.get(2).equals("supersede") ? new Route("memory_supersede", parts.get(1)) : null;
      case "GET stats/1" -> new Route("memory_stats", null);
      case "POST sessions/1" -> new Route("memory_record_session", null);
      default -> null;
    };
  }

  /** Query parameters as arguments: a list where the tool's schema takes one, else one value. */
  private static Map<String, Object> query(HttpServletRequest request, String tool) {
    ToolSpec spec = ToolCatalog.named(tool);
    Map<String, Object> arguments = new LinkedHashMap<>();
    for (Map.Entry<String, String[]> parameter : request.getParameterMap().entrySet()) {
      String name = parameter.getKey();
      List<String> values = List.of(parameter.getValue());
      if ("array".equals(spec.argumentType(name))) {
        arguments.put(name, values);
      } else if (values.size() == 1) {
        arguments.put(name, values.get(0));
      } else {
        throw Arguments.bad(name, "given " + values.size() + " times; give it once");
      }
    }
    return arguments;
  }

  private static void send(HttpServletResponse response, int status, Object body)
      throws IOException {
    response.setStatus(status);
    response.setContentType("application/json");
    response.setCharacterEncoding("UTF-8");
    JsonBodies.write(response.getOutputStream(), body);
  }
}
