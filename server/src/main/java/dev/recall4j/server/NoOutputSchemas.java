package dev.recall4j.server;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import java.util.Map;

/**
 * The schema validator handed to the MCP SDK, which otherwise builds a JSON Schema engine at start
 * (~0.2-0.3 s of class loading) for checks this server never asks for: tool inputs are checked by
 * {@link Arguments} (the SDK's input validation is off) and no tool declares an output schema. A
 * call therefore means a tool gained an output schema without a validator: it fails loudly rather
 * than passing unchecked.
 */
final class NoOutputSchemas implements JsonSchemaValidator {
  @Override
  public ValidationResponse validate(Map<String, Object> schema, Object structuredContent) {
    throw new IllegalStateException(
        "a tool declares an output schema, but the server was built without a schema validator");
  }
}
