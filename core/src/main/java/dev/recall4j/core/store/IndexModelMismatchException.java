package dev.recall4j.core.store;

/**
 * Thrown when a store opens whose index was built with another embedding model or vector dimension
 * than the options ask for. One index holds vectors of one model only: vectors of different models
 * are not comparable. The message names both and the command that rebuilds the vectors with the new
 * model.
 */
public final class IndexModelMismatchException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  private final String recordedModel;
  private final int recordedDimension;
  private final String requestedModel;
  private final int requestedDimension;

  public IndexModelMismatchException(
      String location,
      String recordedModel,
      int recordedDimension,
      String requestedModel,
      int requestedDimension) {
    super(message(location, recordedModel, recordedDimension, requestedModel, requestedDimension));
    this.recordedModel = recordedModel;
    this.recordedDimension = recordedDimension;
    this.requestedModel = requestedModel;
    this.requestedDimension = requestedDimension;
  }

  private static String message(
      String location,
      String recordedModel,
      int recordedDimension,
      String requestedModel,
      int requestedDimension) {
    boolean lexical = recordedModel == null && recordedDimension == 0;
    String built =
        lexical
            ? "was built without vectors (lexical only)"
            : "was built with embedding model " + model(recordedModel, recordedDimension);
    String keep =
        lexical
            ? "set `embedder.provider: none` to read it lexically"
            : recordedModel == null
                ? "configure a model of dimension " + recordedDimension + " again"
                : "configure " + recordedModel + " again";
    return "index "
        + location
        + " "
        + built
        + " but is opened with model "
        + model(requestedModel, requestedDimension)
        + "; run `bin/recall4j reindex --index "
        + location
        + "` to "
        + (lexical ? "embed" : "re-embed")
        + " it with the configured model, or "
        + keep;
  }

  private static String model(String name, int dimension) {
    return (name == null ? "(unnamed)" : name) + " (dimension " + dimension + ")";
  }

  /** The model recorded in the index, or null if only a dimension was recorded. */
  public String recordedModel() {
    return recordedModel;
  }

  public int recordedDimension() {
    return recordedDimension;
  }

  /** The model the options asked for, or null if they named none. */
  public String requestedModel() {
    return requestedModel;
  }

  public int requestedDimension() {
    return requestedDimension;
  }
}
