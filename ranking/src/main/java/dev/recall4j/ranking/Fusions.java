package dev.recall4j.ranking;

import dev.recall4j.core.Checks;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The built-in fusions, and the parser of their specs.
 *
 * <p>Spec grammar: {@code method[:key=value(,key=value)*]}, for example {@code rrf}, {@code
 * rrf:k=60}, {@code rrf:k=60,lexical=1.0,vector=0.5,window=100}, {@code convex:alpha=0.3}, {@code
 * convex:alpha=0.5,weights=confidence} or {@code dbsf}. {@link Fusion#name()} prints the canonical
 * spec, which parses back to an equal fusion.
 */
public final class Fusions {
  /** RRF's smoothing constant from Cormack et al., SIGIR 2009. */
  public static final int DEFAULT_RRF_K = 60;

  private Fusions() {}

  /** Equal-weight reciprocal rank fusion, {@code Σ_p 1 / (k + rank_p)}, without a rank window. */
  public static Fusion rrf(int k) {
    return new Rrf(k, Map.of(), Integer.MAX_VALUE);
  }

  /**
   * Weighted reciprocal rank fusion, {@code Σ_p w_p / (k + rank_p)} (Cormack et al., SIGIR 2009),
   * counting only the first {@code rankWindow} ranks of each path.
   *
   * @param k smoothing constant, > 0 (60 in the paper)
   * @param pathWeights weight per path name, each finite and >= 0; paths not named weigh 1
   * @param rankWindow ranks beyond it are ignored, > 0; {@link Integer#MAX_VALUE} for none
   * @throws IllegalArgumentException naming {@code k}, {@code pathWeights} or {@code window}
   */
  public static Fusion rrf(int k, Map<String, Double> pathWeights, int rankWindow) {
    return new Rrf(k, pathWeights, rankWindow);
  }

  /**
   * Convex combination {@code α·norm_vector + (1 − α)·norm_lexical} of min-max normalised path
   * scores (Bruch et al., ACM TOIS 2023). Only the {@code lexical} and {@code vector} paths are
   * accepted; with a single non-empty path its normalised score is used alone.
   *
   * @param alpha weight of the vector path, in [0, 1]
   * @throws IllegalArgumentException naming {@code alpha}
   */
  public static Fusion convex(double alpha) {
    return new ConvexFusion(alpha, false, false);
  }

  /**
   * {@link #convex(double)} with each query's weights re-weighed by both paths' confidence in their
   * own ranking (the spec {@code convex:alpha=A,weights=confidence}; see {@link ConvexFusion}): a
   * path whose best hit stands far above its other hits weighs more for that query.
   *
   * @param alpha weight of the vector path before re-weighing, in [0, 1]
   * @throws IllegalArgumentException naming {@code alpha}
   */
  public static Fusion confidentConvex(double alpha) {
    return new ConvexFusion(alpha, false, true);
  }

  /**
   * Distribution-based score fusion (mean ± 3σ normalisation per path, then sum), as Qdrant's DBSF.
   */
  public static Fusion dbsf() {
    return new Dbsf();
  }

  /**
   * Parses a fusion spec (see the class comment). In {@code rrf} specs the keys {@code k} and
   * {@code window} are settings and every other key is a path weight; {@code convex} without {@code
   * alpha} means α = 0.5, and takes {@code norm=minmax|theoretical} and {@code
   * weights=fixed|confidence} (see {@link ConvexFusion}).
   *
   * @throws IllegalArgumentException naming the bad setting and showing its value
   */
  public static Fusion parse(String spec) {
    String text = Checks.notBlank(spec, "fusion");
    int colon = text.indexOf(':');
    String method = (colon < 0 ? text : text.substring(0, colon)).strip().toLowerCase(Locale.ROOT);
    Map<String, String> settings = colon < 0 ? Map.of() : settings(text.substring(colon + 1), text);
    return switch (method) {
      case "rrf" -> parseRrf(settings);
      case "convex" -> {
        onlyKnown(settings, "convex", "alpha", "norm", "weights");
        double alpha = settings.containsKey("alpha") ? number("alpha", settings.get("alpha")) : 0.5;
        String norm = settings.getOrDefault("norm", "minmax");
        Checks.require(
            norm.equals("minmax") || norm.equals("theoretical"),
            "norm",
            "must be minmax or theoretical, got %s in %s",
            Checks.excerpt(norm),
            Checks.excerpt(text));
        String weights = settings.getOrDefault("weights", "fixed");
        Checks.require(
            weights.equals("fixed") || weights.equals("confidence"),
            "weights",
            "must be fixed or confidence, got %s in %s",
            Checks.excerpt(weights),
            Checks.excerpt(text));
        yield new ConvexFusion(alpha, norm.equals("theoretical"), weights.equals("confidence"));
      }
      case "dbsf" -> {
        onlyKnown(settings, "dbsf");
        yield dbsf();
      }
      default ->
          throw new IllegalArgumentException(
              "fusion: unknown method "
                  + Checks.excerpt(method)
                  + " in "
                  + Checks.excerpt(text)
                  + ", expected rrf, convex or dbsf");
    };
  }

  private static Fusion parseRrf(Map<String, String> settings) {
    int k = DEFAULT_RRF_K;
    int window = Integer.MAX_VALUE;
    Map<String, Double> weights = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : settings.entrySet()) {
      switch (e.getKey()) {
        case "k" -> k = integer("k", e.getValue());
        case "window" -> window = integer("window", e.getValue());
        default ->
            weights.put(
                PathResult.checkPathName(e.getKey(), "pathWeights"),
                number(e.getKey(), e.getValue()));
      }
    }
    return rrf(k, weights, window);
  }

  private static Map<String, String> settings(String list, String spec) {
    Map<String, String> settings = new LinkedHashMap<>();
    for (String pair : list.split(",", -1)) {
      int eq = pair.indexOf('=');
      Checks.require(
          eq > 0,
          "fusion",
          "expected key=value, got %s in %s",
          Checks.excerpt(pair.strip()),
          Checks.excerpt(spec));
      String key = pair.substring(0, eq).strip();
      Checks.require(
          settings.put(key, pair.substring(eq + 1).strip()) == null,
          key,
          "is set twice in %s",
          Checks.excerpt(spec));
    }
    return settings;
  }

  private static void onlyKnown(Map<String, String> settings, String method, String... known) {
    for (String key : settings.keySet()) {
      Checks.require(
          java.util.Arrays.asList(known).contains(key),
          key,
          "is not a setting of %s (settings: %s)",
          method,
          known.length == 0 ? "none" : String.join(", ", known));
    }
  }

  private static int integer(String key, String value) {
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          key + ": must be an integer, got " + Checks.excerpt(value), e);
    }
  }

  private static double number(String key, String value) {
    try {
      return Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          key + ": must be a number, got " + Checks.excerpt(value), e);
    }
  }
}
