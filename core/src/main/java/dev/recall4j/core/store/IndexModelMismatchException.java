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
    super(
        "index "
            + location
            + " was built with embedding model "
            + recordedModel
            + " (dimension "
            + recordedDimension
            + ") but is opened with model "
            + requestedModel
            + " (dimension "
            + requestedDimension
            + "); run `bin/recall4j reindex --index "
            + location
            + "` to re-embed it with the configured model, or configure "
            + recordedModel
            + " again");
    this.recordedModel = recordedModel;
    this.recordedDimension = recordedDimension;
    this.requestedModel = requestedModel;
    this.requestedDimension = requestedDimension;
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
