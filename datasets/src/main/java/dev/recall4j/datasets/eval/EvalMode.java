package dev.recall4j.datasets.eval;

import dev.recall4j.core.Checks;
import dev.recall4j.datasets.baseline.SqliteBaseline;
import dev.recall4j.ranking.Fusions;
import dev.recall4j.ranking.RecencyDecay;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One way of ranking a dataset's queries, as named on the command line and in the output JSON.
 *
 * <ul>
 *   <li>{@code bm25}: the lexical path alone with {@code code_field_boost} 0, which is plain BM25
 *       over the English text field as Anserini computes it (parity figure).
 *   <li>{@code bm25-code}: the lexical path alone with the engine's default code field.
 *   <li>{@code dense}: the vector (HNSW) path alone.
 *   <li>{@code hybrid}: the engine's own ranking ({@link dev.recall4j.engine.RecallEngine#rank}):
 *       its default fusion, recency decay, trust, tier policy and dedup.
 *   <li>{@code sqlite-fts5}: {@link SqliteBaseline} FTS5 plus brute-force BLOB cosine, fused with
 *       the engine's default fusion (no decay, no dedup: the status quo has none); {@code
 *       sqlite-fts5:SPEC} fuses them with fusion spec SPEC instead, so a candidate fusion can be
 *       set beside the status quo fused the same way. The suffix {@code +dedup} ({@code
 *       sqlite-fts5+dedup}, {@code sqlite-fts5:SPEC+dedup}) then drops near duplicates as the
 *       engine's ranking does ({@link dev.recall4j.ranking.Dedup#defaults()}, over each document's
 *       first vector as the status quo stores it): the status quo compared like with like where a
 *       collection holds one text twice and judges both copies.
 *   <li>any fusion spec ({@code rrf:k=10}, {@code convex:alpha=0.3}, {@code dbsf}; see {@link
 *       Fusions#parse}): the engine's ranking with that fusion instead of the default.
 * </ul>
 *
 * {@code hybrid} and fusion specs take a decay suffix: {@code +nodecay} ranks without recency
 * decay, {@code +decay} with the per-kind default half-lives and floor ({@link
 * RecencyDecay#DEFAULT_FLOOR}), {@code +decay=F} with floor F in [0, 1] (1 is no decay). Without a
 * suffix, {@code hybrid} decays as the engine is configured ({@code recall.decay}) and a fusion
 * spec does the same. A last suffix {@code +links} (after any decay suffix: {@code
 * hybrid+nodecay+links}) follows one hop of links and resolves supersede chains after ranking, as a
 * recall with links on does ({@link dev.recall4j.engine.RecallEngine#expandLinks}).
 *
 * @param name the mode as given (trimmed); also the TREC run tag
 * @param type which family the mode belongs to
 * @param fusion the fusion spec of a {@link Type#FUSION} mode or of a {@code sqlite-fts5:SPEC}
 *     mode, else null (the engine's default fusion)
 * @param decayFloor the floor of the recency decay the mode applies (1: none), or null to decay as
 *     the engine is configured
 * @param links whether links are followed after ranking ({@value #LINKS})
 * @param dedup whether a status-quo mode drops near duplicates ({@value #DEDUP})
 */
public record EvalMode(
    String name, Type type, String fusion, Double decayFloor, boolean links, boolean dedup) {
  /** The mode families. */
  public enum Type {
    BM25,
    BM25_CODE,
    DENSE,
    HYBRID,
    SQLITE_FTS5,
    FUSION
  }

  /** Prefix of a status-quo mode with its own fusion: {@code sqlite-fts5:SPEC}. */
  private static final String SQLITE_FTS5_WITH = "sqlite-fts5:";

  /** Suffix turning recency decay off. */
  public static final String NO_DECAY = "+nodecay";

  /** Suffix turning recency decay on, optionally followed by {@code =floor}. */
  public static final String DECAY = "+decay";

  /** Suffix following links after ranking. */
  public static final String LINKS = "+links";

  /** Suffix of a status-quo mode that drops near duplicates as the engine does. */
  public static final String DEDUP = "+dedup";

  /**
   * What {@code --mode all} runs: the single paths, the engine default with and without decay, the
   * SQLite baseline, and the fusion sweep of issue 4 (RRF k = 10, 60, 100; convex α = 0.1 … 0.9;
   * DBSF).
   */
  public static final List<String> ALL =
      List.of(
          "bm25",
          "bm25-code",
          "dense",
          "hybrid",
          "hybrid" + NO_DECAY,
          "sqlite-fts5",
          "rrf:k=10",
          "rrf:k=60",
          "rrf:k=100",
          "convex:alpha=0.1",
          "convex:alpha=0.2",
          "convex:alpha=0.3",
          "convex:alpha=0.4",
          "convex:alpha=0.5",
          "convex:alpha=0.6",
          "convex:alpha=0.7",
          "convex:alpha=0.8",
          "convex:alpha=0.9",
          "dbsf");

  public EvalMode {
    Checks.require(
        name != null && !name.isBlank() && name.chars().noneMatch(Character::isWhitespace),
        "mode",
        "must be non-empty without whitespace, got %s",
        Checks.excerpt(name));
    Checks.notNull(type, "type");
    Checks.require(
        type == Type.FUSION || type == Type.SQLITE_FTS5 || fusion == null,
        "fusion",
        "is set only for FUSION and SQLITE_FTS5 modes");
    Checks.require(type != Type.FUSION || fusion != null, "fusion", "is required by FUSION modes");
    Checks.require(
        decayFloor == null || type == Type.HYBRID || type == Type.FUSION,
        "mode",
        "%s takes no decay suffix (only hybrid and fusion specs decay)",
        name);
    if (decayFloor != null) {
      Checks.inRange(decayFloor, 0.0, 1.0, "decay floor");
    }
    Checks.require(
        !links || type == Type.HYBRID || type == Type.FUSION,
        "mode",
        "%s takes no %s suffix (only hybrid and fusion specs follow links)",
        name,
        LINKS);
    Checks.require(
        !dedup || type == Type.SQLITE_FTS5,
        "mode",
        "%s takes no %s suffix (only the status quo, sqlite-fts5, lacks dedup)",
        name,
        DEDUP);
  }

  /** A mode without links or a status-quo dedup. */
  public EvalMode(String name, Type type, String fusion, Double decayFloor) {
    this(name, type, fusion, decayFloor, false, false);
  }

  /**
   * Parses one mode name (see the class comment).
   *
   * @throws IllegalArgumentException naming {@code mode} and listing the accepted forms
   */
  public static EvalMode parse(String text) {
    Checks.notBlank(text, "mode");
    String name = text.strip();
    boolean dedup = name.endsWith(DEDUP);
    String undeduplicated = dedup ? name.substring(0, name.length() - DEDUP.length()) : name;
    boolean links = undeduplicated.endsWith(LINKS);
    String unlinked =
        links
            ? undeduplicated.substring(0, undeduplicated.length() - LINKS.length())
            : undeduplicated;
    Double decayFloor = null;
    String base = unlinked;
    if (unlinked.endsWith(NO_DECAY)) {
      decayFloor = 1.0;
      base = unlinked.substring(0, unlinked.length() - NO_DECAY.length());
    } else if (unlinked.contains(DECAY)) {
      int at = unlinked.lastIndexOf(DECAY);
      String floor = unlinked.substring(at + DECAY.length());
      base = unlinked.substring(0, at);
      try {
        decayFloor =
            floor.isEmpty()
                ? RecencyDecay.DEFAULT_FLOOR
                : Double.parseDouble(floor.substring(floor.startsWith("=") ? 1 : 0));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "mode: expected +decay or +decay=FLOOR, got " + Checks.excerpt(name), e);
      }
    }
    if (base.toLowerCase(Locale.ROOT).startsWith(SQLITE_FTS5_WITH)) {
      String spec = base.substring(SQLITE_FTS5_WITH.length());
      checkFusion(name, spec);
      Checks.require(decayFloor == null, "mode", "%s takes no decay suffix", name);
      return new EvalMode(name, Type.SQLITE_FTS5, spec, null, links, dedup);
    }
    Type type =
        switch (base.toLowerCase(Locale.ROOT)) {
          case "bm25" -> Type.BM25;
          case "bm25-code" -> Type.BM25_CODE;
          case "dense" -> Type.DENSE;
          case "hybrid" -> Type.HYBRID;
          case "sqlite-fts5" -> Type.SQLITE_FTS5;
          default -> Type.FUSION;
        };
    if (type == Type.FUSION) {
      checkFusion(name, base);
    }
    return new EvalMode(name, type, type == Type.FUSION ? base : null, decayFloor, links, dedup);
  }

  private static void checkFusion(String name, String spec) {
    try {
      Fusions.parse(spec);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "mode: expected bm25, bm25-code, dense, hybrid, sqlite-fts5[:SPEC], all or a fusion spec"
              + " (rrf:k=60, convex:alpha=0.3, dbsf), got "
              + Checks.excerpt(name)
              + " ("
              + e.getMessage()
              + ")",
          e);
    }
  }

  /**
   * Parses a comma-separated list; {@code all} expands to {@link #ALL}. Fusion specs hold commas
   * themselves ({@code rrf:k=60,window=100}), so a part that does not parse on its own is joined to
   * the one before it.
   *
   * @throws IllegalArgumentException when a mode is unknown or given twice
   */
  public static List<EvalMode> parseList(String text) {
    Checks.notBlank(text, "mode");
    List<String> names = new ArrayList<>();
    for (String part : text.split(",")) {
      String p = part.strip();
      if (p.equalsIgnoreCase("all")) {
        names.addAll(ALL);
      } else if (!names.isEmpty() && p.contains("=") && !p.contains(":") && !isMode(p)) {
        names.set(names.size() - 1, names.getLast() + "," + p);
      } else {
        names.add(p);
      }
    }
    List<EvalMode> modes = names.stream().map(EvalMode::parse).toList();
    Set<String> seen = new HashSet<>();
    for (EvalMode mode : modes) {
      Checks.require(seen.add(mode.name()), "mode", "%s is given twice", mode.name());
    }
    return modes;
  }

  private static boolean isMode(String text) {
    try {
      parse(text);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** The recency decay of the mode, or null to decay as the engine is configured. */
  RecencyDecay decayPolicy() {
    if (decayFloor == null) {
      return null;
    }
    return decayFloor == 1.0
        ? RecencyDecay.none()
        : RecencyDecay.builder().floor(decayFloor).build();
  }

  /** Whether the mode reads the vector path (so the corpus must be embedded). */
  public boolean needsVectors() {
    return type != Type.BM25 && type != Type.BM25_CODE;
  }

  /** The mode's name made safe as a file name: {@code [A-Za-z0-9._+-]}, others as {@code _}. */
  public String fileName() {
    return name.replaceAll("[^A-Za-z0-9._+-]", "_");
  }

  @Override
  public String toString() {
    return name;
  }
}
