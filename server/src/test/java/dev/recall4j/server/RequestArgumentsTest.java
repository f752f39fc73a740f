package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.recall4j.core.Kind;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Silo;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A tool's arguments as the engine's inputs; a value the engine's types refuse is reported under
 * the argument it came from, read from the field the refusal carries.
 */
class RequestArgumentsTest {
  private static Call call(Tool tool, Map<String, Object> arguments) {
    return new Call(null, 100, Tenant.DEFAULT, Arguments.of(tool, arguments));
  }

  private static String refusal(Function<Call, ?> step, Tool tool, Map<String, Object> arguments) {
    return assertThrows(IllegalArgumentException.class, () -> step.apply(call(tool, arguments)))
        .getMessage();
  }

  @Test
  void filtersBecomeTheRequestsFields() {
    RecallRequest request =
        RequestArguments.build(
            RequestArguments.filters(
                call(
                    Tool.SEARCH,
                    Map.of(
                        "query", "x",
                        "silo", "rag",
                        "kind", "Tool-Use",
                        "project", "tide",
                        "all_projects", true)),
                "x"));
    assertEquals(Set.of(Silo.RAG), request.silos());
    assertEquals(Set.of(Kind.TOOL_USE), request.kinds());
    assertEquals("tide", request.scope().project());
    assertEquals(true, request.allProjects());
  }

  @Test
  void refusalsNameTheArgumentWithTheEnginesWords() {
    Function<Call, RecallRequest> request =
        c -> RequestArguments.build(RequestArguments.filters(c, "x"));
    assertEquals(
        "argument 'kind': must be lower snake case ([a-z][a-z0-9_]{0,63}), got \"bad kind!\"",
        refusal(request, Tool.SEARCH, Map.of("query", "x", "kind", "Bad Kind!")));
    assertEquals(
        "argument 'silo': unknown value \"attic\", expected one of memory, rag, kb",
        refusal(request, Tool.SEARCH, Map.of("query", "x", "silo", "attic")));
    assertEquals(
        "argument 'until': must be after since (2026-11-02T00:00:00Z), got 2026-11-01T00:00:00Z",
        refusal(
            request,
            Tool.SEARCH,
            Map.of("query", "x", "since", "2026-11-02", "until", "2026-11-01")));
    // The scope's own message, under the argument it names.
    assertEquals(
        "argument 'session': session: must be 1-128 characters of letters, digits and"
            + " . _ @ : / -, got \"a b\"",
        refusal(request, Tool.SEARCH, Map.of("query", "x", "session", "a b")));
    assertEquals(
        "argument 'source': unknown value \"martians\", expected one of user_correction, user,"
            + " agent, system, import",
        refusal(
            RequestArguments::appended, Tool.APPEND, Map.of("content", "x", "source", "martians")));
  }

  @Test
  void limitsCursorsAndSessionsAreChecked() {
    assertEquals(
        "argument 'cursor': not a cursor this server returned: next",
        refusal(
            c -> RequestArguments.offsetCursor(c.args()),
            Tool.SEARCH,
            Map.of("query", "x", "cursor", "next")));
    assertEquals(
        12, RequestArguments.offsetCursor(call(Tool.SEARCH, Map.of("cursor", "12")).args()));
    assertEquals(10, RequestArguments.limit(call(Tool.SEARCH, Map.of()).args(), 10));
    assertEquals(
        "argument 'injected_tokens': required",
        refusal(
            c -> RequestArguments.session(c.args()),
            Tool.RECORD_SESSION,
            Map.of("session_id", "s", "budget_tokens", 10)));
  }
}
