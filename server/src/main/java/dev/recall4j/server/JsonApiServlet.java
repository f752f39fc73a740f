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
 * The JSON API under {@code /v1/} for programs that do not speak MCP: the same tools, argument
 * names and result shapes as MCP, over plain HTTP, at the routes each {@link Tool} declares (for
 * example {@code POST /v1/recall}, {@code GET /v1/records/{id}}). A POST carries the tool's
 * arguments as a JSON body; a GET or DELETE as query parameters, a list argument repeated; the
 * record id of a path is the {@code id} argument.
 *
 * <p>A bad argument is 400 with {@code {"error": "argument 'x': …", "code": "invalid_argument",
 * "argument": "x"}} ({@link ErrorBody}), a team the token is not granted 403 (the same shape, code
 * {@code forbidden}, naming {@code team}); an unknown route 404.
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
      Tool.Routed route = Tool.route(method, parts);
      if (route == null) {
        ErrorBody.forStatus(404, "no route " + method + " /v1" + path).send(response, 404);
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
      JsonBodies.send(response, 200, operations.call(route.tool(), tenant, arguments).structured());
    } catch (NotGranted e) {
      ErrorBody.of(e).send(response, 403);
    } catch (IllegalArgumentException e) {
      ErrorBody.of(e).send(response, 400);
    } catch (StoreUnavailableException e) {
      // A full disk, a failed writer, a damaged index: the request was fine, the index cannot
      // serve it now.
      ErrorBody.forStatus(503, e.getMessage()).send(response, 503);
    } catch (IllegalStateException e) {
      ErrorBody.forStatus(409, e.getMessage()).send(response, 409);
    } catch (RuntimeException e) {
      LOG.error("{} /v1{} failed", method, path, e);
      ErrorBody.forStatus(500, e.getClass().getSimpleName() + "; see the server log")
          .send(response, 500);
    }
  }

  /** Query parameters as arguments: a list where the tool's schema takes one, else one value. */
  private static Map<String, Object> query(HttpServletRequest request, Tool tool) {
    ToolSpec spec = tool.spec();
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
}
