package dev.recall4j.ranking;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The candidates a dedup pass has kept so far, laid out so that a new candidate is screened against
 * all of them in a few passes over primitive arrays rather than compared with each in full.
 *
 * <p>Comparing every candidate with every kept one is about n²/2 pairs, some 15,000 for 2 × 100
 * hits; a full cosine over 384 dimensions for each took over a millisecond. Two exact screens rule
 * out nearly every pair first:
 *
 * <ul>
 *   <li><b>Vectors.</b> {@code a·b <= a_h·b_h + |a_t|·|b_t|} (Cauchy-Schwarz), where {@code h} are
 *       the first {@value #PREFIX} coordinates and {@code t} the rest. The kept heads are stored
 *       dimension-major, so the head products with all kept vectors are {@value #PREFIX}
 *       multiply-add passes over contiguous floats, which the JIT vectorises. Of the benchmark's
 *       MiniLM candidate pairs (384 dimensions) 1% to 3% pass.
 *   <li><b>Tokens.</b> A Jaccard overlap is at most the smaller set's size over the larger's, so only
 *       kept sets within a factor of the threshold in size can pass (about a third of the pairs);
 *       of those, the 512-bit token signatures ({@link TokenSet#signature()}) bound the overlap
 *       and rule out nearly all the rest.
 * </ul>
 *
 * <p>A pair that passes a screen gets the exact test of {@link Similarity} (for vectors {@link
 * Similarity#cosineIfAbove}, which most of the survivors leave a few blocks later), in kept order, so the
 * result, and the reason naming the first kept duplicate, are those of comparing every pair: the
 * screens only skip pairs that cannot pass (a margin covers float rounding). Not thread-safe: one
 * instance per dedup pass.
 */
final class KeptCandidates {
  /** Head coordinates screened: 1% to 3% of MiniLM pairs pass 64, a third pass 32. */
  static final int PREFIX = 2 * Similarity.BLOCK;

  /**
   * Slack of the vector screen, relative to {@code |a||b|}: far above the rounding of a 64-term float
   * dot product (about 4e-6), and it only lets a few more pairs through to the exact test.
   */
  private static final double MARGIN = 1e-3;

  private final Dedup settings;
  private final TokenSets tokenSets;
  private final List<Weighted> kept;
  private final Map<String, String> idByHash = new HashMap<>();
  private final List<Space> spaces = new ArrayList<>();
  // Per kept slot, filled only while a near-duplicate test is on.
  private final int[] space; // index into spaces, -1 without a comparable vector
  private final float[] norm;
  private final float[] tailNorm;
  private final int[] tokenCount;
  private final long[] signatures; // SIGNATURE_WORDS per slot
  private final float[][] head; // head[d][slot]: coordinate d of each kept vector
  // Per kept slot, for the candidate being screened: upper bound of a·b minus the threshold's dot product.
  private final float[] excess;

  /** Vectors are comparable when model and dimension agree ({@link Similarity#vectorsComparable}). */
  private record Space(String model, int dimension) {}

  /**
   * @param settings the thresholds
   * @param tokenSets where the candidates' token sets come from
   * @param capacity how many candidates will be offered at most
   */
  KeptCandidates(Dedup settings, TokenSets tokenSets, int capacity) {
    this.settings = settings;
    this.tokenSets = tokenSets;
    this.kept = new ArrayList<>(capacity);
    boolean near = settings.vectorCosine() < 1 || settings.tokenJaccard() < 1;
    int slots = near ? capacity : 0;
    this.space = new int[slots];
    this.norm = new float[slots];
    this.tailNorm = new float[slots];
    this.tokenCount = new int[slots];
    this.signatures = new long[settings.tokenJaccard() < 1 ? slots * TokenSet.SIGNATURE_WORDS : 0];
    this.excess = new float[slots];
    this.head = settings.vectorCosine() < 1 ? new float[PREFIX][slots] : new float[0][];
  }

  /** The kept candidates, in the order they were offered. */
  List<Weighted> kept() {
    return kept;
  }

  /**
   * Keeps {@code w} unless it duplicates a kept candidate.
   *
   * @return null when kept, else why not, naming the first kept candidate it duplicates
   */
  String offer(Weighted w) {
    String first = idByHash.get(w.record.contentHash());
    if (first != null) {
      return "same content as " + first;
    }
    if (settings.vectorCosine() < 1 || settings.tokenJaccard() < 1) {
      Similarity s = w.similarity(tokenSets);
      int sp = spaceOf(s);
      float tail = sp < 0 ? 0 : (float) s.normFrom(PREFIX);
      String reason = nearDuplicate(s, sp, tail);
      if (reason != null) {
        return reason;
      }
      store(s, sp, tail);
    }
    idByHash.put(w.record.contentHash(), w.record.id());
    kept.add(w);
    return null;
  }

  private String nearDuplicate(Similarity s, int sp, float tail) {
    int n = kept.size();
    if (sp >= 0) {
      screenVectors(s, tail, n);
    }
    double t = settings.tokenJaccard();
    int count = s.tokens().size();
    // J <= min/max, so J > t needs the other size in (t·count, count/t); one token of slack for rounding.
    long minTokens = t < 1 ? (long) Math.floor(t * count) - 1 : Long.MAX_VALUE;
    long maxTokens = t == 0 ? Long.MAX_VALUE : (long) Math.ceil(count / t) + 1;
    for (int j = 0; j < n; j++) {
      boolean vectors = sp >= 0 && space[j] == sp && excess[j] >= 0;
      boolean tokens = tokenCount[j] >= minTokens && tokenCount[j] <= maxTokens && tokensMayOverlap(s, count, j, t);
      if (vectors || tokens) {
        String reason = exactTest(s, kept.get(j), vectors, tokens);
        if (reason != null) {
          return reason;
        }
      }
    }
    return null;
  }

  /** Fills {@code excess[0..n)}: head dot product plus tail bound, minus (threshold − margin)·|a||b|. */
  private void screenVectors(Similarity s, float tail, int n) {
    float[] v = s.vector();
    float[] sums = excess; // locals let the JIT vectorise the passes
    float[][] rows = head;
    Arrays.fill(sums, 0, n, 0f);
    for (int d = 0, dims = Math.min(PREFIX, v.length); d < dims; d++) {
      float x = v[d];
      float[] row = rows[d];
      for (int j = 0; j < n; j++) {
        sums[j] += x * row[j];
      }
    }
    float target = (float) ((settings.vectorCosine() - MARGIN) * s.norm());
    float[] tails = tailNorm;
    float[] norms = norm;
    for (int j = 0; j < n; j++) {
      sums[j] += tail * tails[j] - target * norms[j];
    }
  }

  /**
   * Whether the signatures allow J > t: the overlap is at most {@code count} minus the candidate's
   * signature bits missing from slot j's, and J > t needs an overlap above t·(|A| + |B|)/(1 + t).
   */
  private boolean tokensMayOverlap(Similarity s, int count, int j, double t) {
    long[] mine = s.tokens().signature();
    int only = 0;
    for (int w = 0, base = j * TokenSet.SIGNATURE_WORDS; w < TokenSet.SIGNATURE_WORDS; w++) {
      only += Long.bitCount(mine[w] & ~signatures[base + w]);
    }
    return count - only >= Math.floor(t * (count + tokenCount[j]) / (1 + t));
  }

  private String exactTest(Similarity s, Weighted other, boolean vectors, boolean tokens) {
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

  private void store(Similarity s, int sp, float tail) {
    int slot = kept.size();
    space[slot] = sp;
    tokenCount[slot] = s.tokens().size();
    if (signatures.length > 0) {
      System.arraycopy(s.tokens().signature(), 0, signatures, slot * TokenSet.SIGNATURE_WORDS, TokenSet.SIGNATURE_WORDS);
    }
    if (sp >= 0) {
      float[] v = s.vector();
      for (int d = 0, dims = Math.min(PREFIX, v.length); d < dims; d++) {
        head[d][slot] = v[d];
      }
      norm[slot] = (float) s.norm();
      tailNorm[slot] = tail;
    }
  }

  /** The index of the candidate's vector space, or -1 when it has no vector or the vector test is off. */
  private int spaceOf(Similarity s) {
    if (settings.vectorCosine() >= 1 || s.vector() == null) {
      return -1;
    }
    Space mine = new Space(s.model(), s.vector().length);
    int at = spaces.indexOf(mine);
    if (at < 0) {
      spaces.add(mine);
      at = spaces.size() - 1;
    }
    return at;
  }
}
