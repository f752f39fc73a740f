package dev.recall4j.ranking;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One dedup pass over an ordered candidate list: each candidate, offered in order, is kept unless it
 * duplicates one kept before it. The candidates are laid out up front so that a candidate is
 * screened against all kept ones in a few passes over primitive arrays rather than compared with
 * each in full.
 *
 * <p>Comparing every candidate with every kept one is about n²/2 pairs, some 14,700 for 2 × 100
 * hits (about 172 distinct); a full cosine over 384 dimensions for each took over a millisecond. Two
 * exact screens rule out nearly every pair first:
 *
 * <ul>
 *   <li><b>Vectors.</b> {@code a·b <= a_h·b_h + |a_t|·|b_t|} (Cauchy-Schwarz), where {@code h} are
 *       the first {@value #HEAD} coordinates and {@code t} the rest. The heads of all candidates
 *       are stored dimension-major and their dot products computed {@value HeadDots#TILE}
 *       candidates at a time ({@link HeadDots}). Of the benchmark's MiniLM candidate pairs (384
 *       dimensions) 2.1% pass 64 coordinates (39% pass 32); those are screened again with {@value
 *       #PREFIX} (0.18% pass). Better bases were
 *       measured and rejected: the 64 highest-variance coordinates after centring pass 0.5% but
 *       cost a pass over every vector first, and a basis fitted to the candidates (greedy
 *       Gram-Schmidt) still passes 16% at 16 directions, at the price of 16 full dot products per
 *       candidate. In high dimension only many coordinates bound a cosine tightly.
 *   <li><b>Tokens.</b> A Jaccard overlap is at most the smaller set's size over the larger's, so only
 *       kept sets within a factor of the threshold in size can pass (about a quarter of the pairs);
 *       of those, the 512-bit token signatures ({@link TokenSet#signature()}) bound the overlap
 *       and rule out nearly all the rest.
 * </ul>
 *
 * <p>A pair that passes a screen gets the exact test of {@link Similarity} (double precision, as
 * when comparing every pair), in kept order, so the result, and the reason naming the first kept
 * duplicate, are those of comparing every pair: the screens only skip pairs that cannot pass (a
 * margin covers float rounding, and a screen that overflows lets the pair through). Not
 * thread-safe: one instance per dedup pass.
 */
final class KeptCandidates {
  /** Head coordinates every pair is screened with ({@link HeadDots}): 2.1% of MiniLM pairs pass 64. */
  static final int HEAD = 2 * Similarity.BLOCK;

  /**
   * Coordinates the pairs passing the head screen are screened with again before the exact test:
   * 0.18% of MiniLM pairs pass 96. Screening every pair with 96 cost half as much again.
   */
  static final int PREFIX = 3 * Similarity.BLOCK;

  /**
   * Slack of the vector screen, relative to {@code |a||b|}: far above the rounding of its float
   * arithmetic (a 96-term dot product, norms from sums of up to a few thousand squares: under 1e-4),
   * and it only lets a few more pairs through to the exact test.
   */
  private static final double MARGIN = 1e-3;

  /**
   * Above this sum of squares a vector's screen is skipped (always passes): below it every
   * coordinate is under 1e15, so no float product or 96-term sum of the screen overflows.
   */
  private static final float HUGE = 1e30f;

  private final Dedup settings;
  private final TokenSets tokenSets;
  private final List<Weighted> ordered;
  private final HeadDots kernel;
  private final boolean vectorTest;
  private final boolean tokenTest;
  private final List<Weighted> kept;
  private final boolean[] isKept; // by candidate index; kept order is candidate order
  private final Map<String, String> idByHash = new HashMap<>();
  private final List<Space> spaces = new ArrayList<>();
  // Per candidate, filled only for the tests that are on.
  private final int[] space; // index into spaces, -1 without a comparable vector
  private final float[] norm;
  private final float[] headTail; // |v[HEAD ..]|
  private final float[] tailNorm; // |v[PREFIX ..]|
  private final float[][] vectors; // by candidate, null without a comparable vector
  private final float[] excess; // the head screen's margin for the candidate being offered, by j
  private final int[] tokenCount;
  private final long[] signatures; // SIGNATURE_WORDS per candidate
  // The signature's words ORed into one: a bit set here but not in another's still proves a token
  // only this one holds, so one popcount rules out most pairs before the full signature's eight.
  private final long[] folded;
  private final float[] noVector; // the screen's row for a candidate without a vector: read, never passes
  private final int dims; // head coordinates stored: HEAD, or fewer when every vector is shorter
  private final float[][] heads; // heads[d][i]: coordinate d of candidate i's vector
  private final float[][] tile; // head dot products of the current tile's candidates with all before
  private int tileFrom = -1;

  /** Vectors are comparable when model and dimension agree ({@link Similarity#vectorsComparable}). */
  private record Space(String model, int dimension) {}

  /**
   * @param settings the thresholds
   * @param tokenSets where the candidates' token sets come from
   * @param ordered the candidates, to be offered in this order
   * @param kernel computes the head dot products
   */
  KeptCandidates(Dedup settings, TokenSets tokenSets, List<Weighted> ordered, HeadDots kernel) {
    this.settings = settings;
    this.tokenSets = tokenSets;
    this.ordered = ordered;
    this.kernel = kernel;
    this.vectorTest = settings.vectorCosine() < 1;
    this.tokenTest = settings.tokenJaccard() < 1;
    int n = ordered.size();
    this.kept = new ArrayList<>(n);
    this.isKept = new boolean[n];
    int slots = vectorTest || tokenTest ? n : 0;
    this.space = new int[slots];
    this.norm = new float[vectorTest ? n : 0];
    this.tailNorm = new float[vectorTest ? n : 0];
    this.headTail = new float[vectorTest ? n : 0];
    this.vectors = new float[vectorTest ? n : 0][];
    this.excess = new float[slots];
    this.tokenCount = new int[slots]; // zeros when the token test is off: the screen reads them anyway
    this.signatures = new long[tokenTest ? n * TokenSet.SIGNATURE_WORDS : 0];
    this.folded = new long[slots];
    this.noVector = new float[slots];
    int longest = 0;
    for (int i = 0; i < slots; i++) {
      Similarity s = ordered.get(i).similarity(tokenSets);
      if (tokenTest) {
        tokenCount[i] = s.tokens().size();
        long[] signature = s.tokens().signature();
        System.arraycopy(signature, 0, signatures, i * TokenSet.SIGNATURE_WORDS, TokenSet.SIGNATURE_WORDS);
        for (long word : signature) {
          folded[i] |= word;
        }
      }
      space[i] = spaceOf(s);
      if (space[i] >= 0) {
        longest = Math.max(longest, s.vector().length);
      }
    }
    this.dims = Math.min(HEAD, longest);
    int stride = dims == 0 ? 0 : (n + HeadDots.PAD - 1) / HeadDots.PAD * HeadDots.PAD + HeadDots.PAD;
    this.heads = new float[dims][stride];
    this.tile = dims == 0 ? new float[0][] : new float[HeadDots.TILE][stride];
    if (dims > 0) {
      storeHeads(n);
    }
  }

  /**
   * Copies the heads into the dimension-major layout a block of candidates at a time: writing one
   * candidate's coordinates would touch {@code dims} cache lines each, a block writes them whole.
   */
  private void storeHeads(int n) {
    float[][] block = new float[HeadDots.PAD][];
    for (int from = 0; from < n; from += block.length) {
      int size = Math.min(block.length, n - from);
      for (int b = 0; b < size; b++) {
        int i = from + b;
        Similarity s = space[i] >= 0 ? ordered.get(i).similarity(tokenSets) : null;
        block[b] = s == null ? null : s.vector();
        if (s != null) {
          float[] v = block[b];
          vectors[i] = v;
          int head = Math.min(HEAD, v.length);
          int prefix = Math.min(PREFIX, v.length);
          float tailSquares = kernel.sumOfSquares(v, prefix, v.length);
          float middleSquares = kernel.sumOfSquares(v, head, prefix);
          float squares = kernel.sumOfSquares(v, 0, head) + middleSquares + tailSquares;
          if (squares < HUGE) {
            norm[i] = (float) Math.sqrt(squares);
            headTail[i] = (float) Math.sqrt(middleSquares + tailSquares);
            tailNorm[i] = (float) Math.sqrt(tailSquares);
          } else {
            // Float products could overflow: infinite tails make every pair with i pass the screens.
            norm[i] = 0;
            headTail[i] = Float.POSITIVE_INFINITY;
            tailNorm[i] = Float.POSITIVE_INFINITY;
          }
        }
      }
      for (int d = 0; d < dims; d++) {
        float[] row = heads[d];
        for (int b = 0; b < size; b++) {
          float[] v = block[b];
          row[from + b] = v != null && d < v.length ? v[d] : 0f;
        }
      }
    }
  }

  /** The kept candidates, in the order they were offered. */
  List<Weighted> kept() {
    return kept;
  }

  /**
   * Keeps candidate {@code i} unless it duplicates a kept candidate. Candidates must be offered in
   * order, each once.
   *
   * @return null when kept, else why not, naming the first kept candidate it duplicates
   */
  String offer(int i) {
    Weighted w = ordered.get(i);
    String first = idByHash.get(w.record.contentHash());
    if (first != null) {
      return "same content as " + first;
    }
    if (vectorTest || tokenTest) {
      String reason = nearDuplicate(i);
      if (reason != null) {
        return reason;
      }
    }
    idByHash.put(w.record.contentHash(), w.record.id());
    isKept[i] = true;
    kept.add(w);
    return null;
  }

  private String nearDuplicate(int i) {
    if (kept.isEmpty()) {
      return null;
    }
    int sp = space[i];
    boolean vectorScreen = sp >= 0;
    float[] dots = vectorScreen ? headDots(i) : null;
    float[] excess = vectorScreen ? this.excess : noVector;
    float target = vectorScreen ? (float) ((settings.vectorCosine() - MARGIN) * norm[i]) : 0;
    if (vectorScreen) {
      // The screen passes j when dots[j] + tail·headTail[j] >= (threshold − margin)·|a|·norm[j];
      // one branch-free pass the JIT vectorises.
      float tail = headTail[i];
      float[] tails = headTail;
      float[] norms = norm;
      for (int j = 0; j < i; j++) {
        excess[j] = dots[j] + tail * tails[j] - target * norms[j];
      }
    }
    double t = settings.tokenJaccard();
    int count = tokenTest ? tokenCount[i] : 0;
    // J <= min/max, so J > t needs the other size in (t·count, count/t); one token of slack for rounding.
    long minTokens = tokenTest ? (long) Math.floor(t * count) - 1 : Long.MAX_VALUE;
    long maxTokens = t == 0 ? Long.MAX_VALUE : (long) Math.ceil(count / t) + 1;
    // J > t needs an overlap of at least floor(t·(|A| + |B|)/(1 + t)); a slightly smaller ratio keeps
    // the signature screen on the safe side of float rounding without a division per pair.
    float overlapRatio = (float) (t / (1 + t) * (1 - 1e-5));
    long mine = tokenTest ? folded[i] : 0;
    for (int j = 0; j < i; j++) {
      // Non-short-circuit operators: nearly every pair fails, and branching on the sizes (a quarter
      // pass, at random) cost more in mispredictions than the few operations it skipped.
      // Negated so that a NaN (an overflowing screen) passes to the exact test.
      boolean vectors = vectorScreen & space[j] == sp & !(excess[j] < 0);
      int other = tokenCount[j];
      boolean tokens = tokenTest & other >= minTokens & other <= maxTokens
          & count - Long.bitCount(mine & ~folded[j]) + 1 > overlapRatio * (count + other);
      if ((vectors | tokens) && isKept[j]) {
        vectors = vectors && mayBeClose(i, j, dots[j], target);
        tokens = tokens && tokensMayOverlap(i, count, j, overlapRatio);
        String reason = vectors || tokens ? exactTest(ordered.get(i), ordered.get(j), vectors, tokens) : null;
        if (reason != null) {
          return reason;
        }
      }
    }
    return null;
  }

  /** The second vector screen: the head screen's bound with coordinates HEAD to PREFIX computed. */
  private boolean mayBeClose(int i, int j, float headDot, float target) {
    float[] a = vectors[i];
    float[] b = vectors[j];
    float dot = headDot;
    for (int d = HEAD, end = Math.min(PREFIX, a.length); d < end; d++) {
      dot += a[d] * b[d];
    }
    return !(dot + tailNorm[i] * tailNorm[j] - target * norm[j] < 0);
  }

  /** Candidate i's head dot products with every candidate before it, computed a tile at a time. */
  private float[] headDots(int i) {
    int from = i - i % HeadDots.TILE;
    if (from != tileFrom) {
      int rows = Math.min(HeadDots.TILE, ordered.size() - from);
      kernel.tile(heads, dims, from, rows, from + rows, tile);
      tileFrom = from;
    }
    return tile[i - from];
  }

  /**
   * Whether the signatures allow J > t: the overlap is at most {@code count} minus the candidate's
   * signature bits missing from j's, and J > t needs an overlap of at least floor(x), x = t·(|A| +
   * |B|)/(1 + t); for an integer overlap o, o >= floor(x) exactly when o + 1 > x.
   */
  private boolean tokensMayOverlap(int i, int count, int j, float overlapRatio) {
    int only = 0;
    for (int w = 0, mine = i * TokenSet.SIGNATURE_WORDS, theirs = j * TokenSet.SIGNATURE_WORDS; w < TokenSet.SIGNATURE_WORDS; w++) {
      only += Long.bitCount(signatures[mine + w] & ~signatures[theirs + w]);
    }
    return count - only + 1 > overlapRatio * (count + tokenCount[j]);
  }

  private String exactTest(Weighted candidate, Weighted other, boolean vectors, boolean tokens) {
    Similarity s = candidate.similarity(tokenSets);
    Similarity o = other.similarity(tokenSets);
    if (vectors) {
      double cosine = s.cosineIfAbove(o, settings.vectorCosine());
      if (cosine > settings.vectorCosine()) {
        return String.format(Locale.ROOT, "near duplicate of %s: vector cosine %.3f > %.3f", other.record.id(), cosine, settings.vectorCosine());
      }
    }
    if (tokens) {
      double jaccard = s.tokens().jaccardIfAbove(o.tokens(), settings.tokenJaccard());
      if (jaccard > settings.tokenJaccard()) {
        return String.format(Locale.ROOT, "near duplicate of %s: token Jaccard %.3f > %.3f", other.record.id(), jaccard, settings.tokenJaccard());
      }
    }
    return null;
  }

  /** The index of the candidate's vector space, or -1 when it has no vector or the vector test is off. */
  private int spaceOf(Similarity s) {
    if (!vectorTest || s.vector() == null) {
      return -1;
    }
    String model = s.model();
    int dimension = s.vector().length;
    for (int at = 0; at < spaces.size(); at++) {
      Space known = spaces.get(at);
      if (known.dimension() == dimension && Objects.equals(known.model(), model)) {
        return at;
      }
    }
    spaces.add(new Space(model, dimension));
    return spaces.size() - 1;
  }
}
