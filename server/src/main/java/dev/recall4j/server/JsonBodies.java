package dev.recall4j.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;

/** Reading and writing the JSON bodies of the HTTP API. */
final class JsonBodies {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** The largest request body read: a record's content is at most 1M characters. */
  static final int MAX_BODY_BYTES = 8 << 20;

  private JsonBodies() {}

  /**
   * A request body as arguments: empty for an empty body.
   *
   * @throws IllegalArgumentException naming the body when it is not one JSON object or too large
   */
  static Map<String, Object> read(InputStream in) throws IOException {
    byte[] bytes = in.readNBytes(MAX_BODY_BYTES + 1);
    if (bytes.length > MAX_BODY_BYTES) {
      throw new IllegalArgumentException("body: larger than " + MAX_BODY_BYTES + " bytes");
    }
    if (new String(bytes, java.nio.charset.StandardCharsets.UTF_8).isBlank()) {
      return Map.of();
    }
    try {
      return MAPPER.readValue(bytes, new TypeReference<Map<String, Object>>() {});
    } catch (JsonProcessingException e) {
      String where =
          e.getLocation() == null
              ? ""
              : " (line "
                  + e.getLocation().getLineNr()
                  + ", column "
                  + e.getLocation().getColumnNr()
                  + ")";
      throw new IllegalArgumentException("body: not a JSON object" + where);
    }
  }

  static void write(OutputStream out, Object body) throws IOException {
    MAPPER.writeValue(out, body);
  }

  /** Answers {@code body} as JSON with this HTTP status. */
  static void send(HttpServletResponse response, int status, Object body) throws IOException {
    response.setStatus(status);
    response.setContentType("application/json");
    response.setCharacterEncoding("UTF-8");
    write(response.getOutputStream(), body);
  }
}
