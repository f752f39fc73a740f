package dev.recall4j.ranking;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One dedup pass over an ordered candidate list: each candidate, offered in order, is kept unless
 * it duplicates one kept before it. The candidates are laid out up front so that a candidate is
 * screened against all kept ones in a few passes over primitive arrays rather than compared with
 * each in full.
 *
 * <p>Comparing every candidate with every kept one is about n²/2 pairs, some 14,700 for 2 × 100
 * hits (about 172 distinct); a full cosine over 384 dimensions for each took over a millisecond.
 * Two exact screens rule out nearly every pair first:
 *
 * <ul>
 *   <li><b>Vectors.</b> {@code a·b <= a_h·b_h + |a_t|·|b_t|} (Cauchy-Schwarz), where {@code h} are
 *       the first {@value #HEAD} coordinates and {@code t} the rest. The heads of all candidates
 *       are stored dimension-major and their dot products computed {@value DedupKernel#TILE}
 *       candidates at a time ({@link DedupKernel}). Of the benchmark's MiniLM candidate pairs (384
 *       dimensions) 2.1% pass 64 coordinates (39% pass 32); those are screened again with {@value
 *       #PREFIX} (0.18% pass). Better bases were measured and rejected: the 64 highest-variance
 *       coordinates after centring pass 0.5% but cost a pass over every vector first, and a basis
 *       fitted to the candidates (greedy Gram-Schmidt) still passes 16% at 16 directions, at the
 *       price of 16 full dot products per candidate. In high dimension only many coordinates bound
 *       a cosine tightly.
 *   <li><b>Tokens.</b> A Jaccard overlap is at most the smaller set's size over the larger's, so
 *       only kept sets within a factor of the threshold in size can pass (about a quarter of the
 *       pairs); the token signatures bound the overlap: their 128-bit folds ({@link
 *       TokenSet#folded()}) first, then for the few pairs left the full 512 bits ({@link
 *       TokenSet#signature()}).
 * </ul>
 *
 * <p>Both first screens run in one pass over every earlier candidate ({@link DedupKernel#screen}),
 * lanes of candidates at a time with the Vector API, and hand on only the kept candidates a screen
 * lets through (375 of the benchmark's 14,800 pairs); each of those gets the second screen of its
 * test, then the exact test if that passes too. Vectors are read through the records' views ({@link
 * dev.recall4j.core.MemoryRecord#vectorView()}) into reused buffers, not copied per candidate: at 2
 * × 100 candidates the copies were a quarter of a megabyte per call.
 *
 * <p>A pair that passes a screen gets the exact test of {@link Similarity} (double precision, as
 * when comparing every pair), in kept order, so the result, and the reason naming the first kept
 * duplicate, are those of comparing every pair: the screens only skip pairs that cannot pass (a
 * margin covers float rounding, and a screen that overflows lets the pair through). Not
 * thread-safe: one instance per dedup pass.
 */
final class KeptCandidates {
  /**
   * Head coordinates every pair is screened with ({@link DedupKernel}): 2.1% of MiniLM pairs pass
   * 64.
   */
  static final int HEAD = 64;

  /**
   * Coordinates the pairs passing the head screen are screened with again before the exact test:
   * 0.18% of MiniLM pairs pass 96. Screening every pair with 96 cost half as much again.
   */
  static final int PREFIX = 96;

  /**
   * Slack of the vector screen, relative to {@code |a||b|}: far above the rounding of its float
   * arithmetic (a 96-term dot product, norms from sums of up to a few thousand squares: under
   * 1e-4), and it only lets a few more pairs through to the exact test.
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
  private final DedupKernel kernel;
  private final boolean vectorTest;
  private final boolean tokenTest;
  private final List<Weighted> kept;
  private final Map<String, String> idByHash = new HashMap<>();
  private final List<Space> spaces = new ArrayList<>();
  // Per candidate, filled only for the tests that are on; space is -1 without a comparable vector.
  private final DedupKernel.Columns columns;
  private final float[] tailNorm; // |v[PREFIX ..]|
  // Coordinates HEAD to PREFIX of every vector, PREFIX − HEAD per candidate and zeros past a short
  // one, for the second screen.
  private final float[] middles;
  // SIGNATURE_WORDS per candidate. The exact test (TokenSet.jaccardIfAbove) starts with the same
  // bound, but reading each token set's own signature chases pointers to objects out of cache: the
  // fusion benchmark ran 3-5% slower without this contiguous copy.
  private final long[] signatures;
  private final int[] passing; // the screen's output: candidates that may be duplicates
  private final int[] probeFolded = new int[TokenSet.FOLDS];
  private final int dims; // head coordinates stored: HEAD, or fewer when every vector is shorter
  private final float[][] heads; // heads[d][i]: coordinate d of candidate i's vector
  private final float[][]
      tile; // head dot products of the current tile's candidates with all before
  private final float[] tileScratch;
  private int tileFrom = -1;
  // The exact vector test's buffers: candidate exactOf's vector and the other one's.
  private final float[] exact;
  private final float[] exactOther;
  private int exactOf = -1;
  private final double[] exactNorms; // NaN until computed

  /**
   * Vectors are comparable when model and dimension agree ({@link Similarity#vectorsComparable}).
   */
  private record Space(String model, int dimension) {}

  /**
   * @param settings the thresholds
   * @param tokenSets where the candidates' token sets come from
   * @param ordered the candidates, to be offered in this order
   * @param kernel computes the head dot products
   */
  KeptCandidates(Dedup settings, TokenSets tokenSets, List<Weighted> ordered, DedupKernel kernel) {
    this.settings = settings;
    this.tokenSets = tokenSets;
    this.ordered = ordered;
    this.kernel = kernel;
    this.vectorTest = settings.vectorCosine() < 1;
    this.tokenTest = settings.tokenJaccard() < 1;
    int n = ordered.size();
    this.kept = new ArrayList<>(n);
    // Padded for the kernel's vector loads; zeros when a test is off: the screen reads them anyway.
    int slots =
        vectorTest || tokenTest
            ? (n + DedupKernel.PAD - 1) / DedupKernel.PAD * DedupKernel.PAD + DedupKernel.PAD
            : 0;
    this.columns = new DedupKernel.Columns(slots);
    this.passing = new int[slots];
    this.tailNorm = new float[vectorTest ? n : 0];
    this.middles = new float[vectorTest ? n * (PREFIX - HEAD) : 0];
    this.signatures = new long[tokenTest ? n * TokenSet.SIGNATURE_WORDS : 0];
    int[] space = columns.space();
    int longest = 0;
    for (int i = 0; i < (slots == 0 ? 0 : n); i++) {
      Similarity s = ordered.get(i).similarity(tokenSets);
      if (tokenTest) {
        columns.tokenCount()[i] = s.tokens().size();
        long[] signature = s.tokens().signature();
        System.arraycopy(
            signature, 0, signatures, i * TokenSet.SIGNATURE_WORDS, TokenSet.SIGNATURE_WORDS);
        int[] folded = s.tokens().folded();
        for (int w = 0; w < folded.length; w++) {
          columns.folded()[w][i] = folded[w];
        }
      }
      space[i] = spaceOf(s);
      if (space[i] >= 0) {
        longest = Math.max(longest, s.dimension());
      }
    }
    this.dims = Math.min(HEAD, longest);
    int stride = dims == 0 ? 0 : slots;
    this.heads = new float[dims][stride];
    this.tile = dims == 0 ? new float[0][] : new float[DedupKernel.TILE][stride];
    this.tileScratch = new float[dims * DedupKernel.TILE];
    this.exact = new float[dims == 0 ? 0 : longest];
    this.exactOther = new float[exact.length];
    this.exactNorms = new double[dims == 0 ? 0 : n];
    Arrays.fill(exactNorms, Double.NaN);
    if (dims > 0) {
      storeHeads(n, longest);
    }
  }

  /**
   * Reads each vector once, from its record's view into one reused buffer (reading it is needed,
   * for its norms; a copy per candidate is not), and scatters its head into the dimension-major
   * rows: consecutive candidates write the same cache line of each row, so the rows' lines being
   * written stay in the level-1 cache. Copying a block of 16 candidates into as many buffers and
   * writing the rows from there cost half as much again: buffers and rows did not fit that cache
   * together.
   */
  private void storeHeads(int n, int longest) {
    float[] v = new float[longest];
    for (int i = 0; i < n; i++) {
      if (columns.space()[i] < 0) {
        continue; // its head stays zero
      }
      Similarity s = ordered.get(i).similarity(tokenSets);
      int length = s.dimension();
      s.copyVector(v);
      int head = Math.min(HEAD, length);
      int prefix = Math.min(PREFIX, length);
      if (prefix > head) {
        System.arraycopy(v, head, middles, i * (PREFIX - HEAD), prefix - head);
      }
      float tailSquares = kernel.sumOfSquares(v, prefix, length);
      float middleSquares = kernel.sumOfSquares(v, head, prefix);
      float squares = kernel.sumOfSquares(v, 0, head) + middleSquares + tailSquares;
      if (squares < HUGE) {
        columns.norm()[i] = (float) Math.sqrt(squares);
        columns.headTail()[i] = (float) Math.sqrt(middleSquares + tailSquares);
        tailNorm[i] = (float) Math.sqrt(tailSquares);
      } else {
        // Float products could overflow: infinite tails make every pair with i pass the screens.
        columns.norm()[i] = 0;
        columns.headTail()[i] = Float.POSITIVE_INFINITY;
        tailNorm[i] = Float.POSITIVE_INFINITY;
      }
      for (int d = 0; d < head; d++) {
        heads[d][i] = v[d];
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
    if (columns.kept().length > 0) {
      columns.kept()[i] = 1;
    }
    kept.add(w);
    return null;
  }

  private String nearDuplicate(int i) {
    if (kept.isEmpty()) {
      return null;
    }
    int sp = columns.space()[i];
    boolean vectorScreen = sp >= 0;
    float[] dots =
        vectorScreen
            ? headDots(i)
            : columns.norm(); // the screen reads dots only when screening vectors
    float norm = vectorTest ? columns.norm()[i] : 0;
    float target = vectorScreen ? (float) ((settings.vectorCosine() - MARGIN) * norm) : 0;
    double t = settings.tokenJaccard();
    int count = tokenTest ? columns.tokenCount()[i] : 0;
    // J <= min/max, so J > t needs the other size in (t·count, count/t); one token of slack for
    // rounding.
    int minTokens = (int) Math.floor(t * count) - 1;
    int maxTokens =
        t == 0 ? Integer.MAX_VALUE : (int) Math.min(Integer.MAX_VALUE, Math.ceil(count / t) + 1);
    // J > t needs an overlap of at least floor(t·(|A| + |B|)/(1 + t)); a slightly smaller ratio
    // keeps
    // the signature screen on the safe side of float rounding without a division per pair.
    float overlapRatio = (float) (t / (1 + t) * (1 - 1e-5));
    DedupKernel.Probe probe =
        new DedupKernel.Probe(
            vectorScreen,
            sp,
            vectorScreen ? columns.headTail()[i] : 0,
            target,
            tokenTest,
            count,
            minTokens,
            maxTokens,
            foldedOf(i),
            overlapRatio);
    int found = kernel.screen(columns, dots, i, probe, passing);
    for (int k = 0; k < found; k++) {
      int j = passing[k];
      // The screen passed j on one test at least; the finer screens say which tests to run exactly.
      boolean vectors =
          vectorScreen && columns.space()[j] == sp && mayBeClose(i, j, dots[j], target);
      int other = columns.tokenCount()[j];
      boolean tokens =
          tokenTest
              && other >= minTokens
              && other <= maxTokens
              && tokensMayOverlap(i, count, j, overlapRatio);
      String reason = vectors || tokens ? exactTest(i, j, vectors, tokens) : null;
      if (reason != null) {
        return reason;
      }
    }
    return null;
  }

  /** Candidate i's folded signature, from the columns (in cache) into one reused array. */
  private int[] foldedOf(int i) {
    int[] folded = probeFolded;
    for (int w = 0; w < folded.length; w++) {
      folded[w] = columns.folded()[w][i];
    }
    return folded;
  }

  /** The second vector screen: the head screen's bound with coordinates HEAD to PREFIX computed. */
  private boolean mayBeClose(int i, int j, float headDot, float target) {
    // Four independent sums: Java may not reorder float additions, so one sum would wait out the
    // latency of each of the 32 additions in turn.
    float s0 = 0;
    float s1 = 0;
    float s2 = 0;
    float s3 = 0;
    for (int d = 0, a = i * (PREFIX - HEAD), b = j * (PREFIX - HEAD); d < PREFIX - HEAD; d += 4) {
      s0 += middles[a + d] * middles[b + d];
      s1 += middles[a + d + 1] * middles[b + d + 1];
      s2 += middles[a + d + 2] * middles[b + d + 2];
      s3 += middles[a + d + 3] * middles[b + d + 3];
    }
    float dot = headDot + ((s0 + s1) + (s2 + s3));
    return !(dot + tailNorm[i] * tailNorm[j] - target * columns.norm()[j] < 0);
  }

  /** Candidate i's head dot products with every candidate before it, computed a tile at a time. */
  private float[] headDots(int i) {
    int from = i - i % DedupKernel.TILE;
    if (from != tileFrom) {
      int rows = Math.min(DedupKernel.TILE, ordered.size() - from);
      kernel.tile(heads, dims, from, rows, from + rows, tile, tileScratch);
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
    for (int w = 0, mine = i * TokenSet.SIGNATURE_WORDS, theirs = j * TokenSet.SIGNATURE_WORDS;
        w < TokenSet.SIGNATURE_WORDS;
        w++) {
      only += Long.bitCount(signatures[mine + w] & ~signatures[theirs + w]);
    }
    return count - only + 1 > overlapRatio * (count + columns.tokenCount()[j]);
  }

  private String exactTest(int i, int j, boolean vectors, boolean tokens) {
    Weighted other = ordered.get(j);
    if (vectors) {
      double cosine = exactCosine(i, j);
      if (cosine > settings.vectorCosine()) {
        return String.format(
            Locale.ROOT,
            "near duplicate of %s: vector cosine %.3f > %.3f",
            other.record.id(),
            cosine,
            settings.vectorCosine());
      }
    }
    if (tokens) {
      double jaccard =
          ordered
              .get(i)
              .similarity(tokenSets)
              .tokens()
              .jaccardIfAbove(other.similarity(tokenSets).tokens(), settings.tokenJaccard());
      if (jaccard > settings.tokenJaccard()) {
        return String.format(
            Locale.ROOT,
            "near duplicate of %s: token Jaccard %.3f > %.3f",
            other.record.id(),
            jaccard,
            settings.tokenJaccard());
      }
    }
    return null;
  }

  /**
   * The cosine of candidates i and j in double precision ({@link Similarity#cosine}), their vectors
   * read through the views into two reused buffers and their norms computed once per pass: a copy
   * of each vector tested, and its norms, had cost a quarter of a megabyte per call.
   */
  private double exactCosine(int i, int j) {
    Similarity candidate = ordered.get(i).similarity(tokenSets);
    if (exactOf != i) {
      candidate.copyVector(exact);
      exactOf = i;
    }
    ordered.get(j).similarity(tokenSets).copyVector(exactOther);
    int length = candidate.dimension(); // j's too: the screen passes only vectors of the same space
    return Similarity.cosine(
        exact, exactNorm(i, exact, length), exactOther, exactNorm(j, exactOther, length), length);
  }

  /**
   * Candidate i's norm in double precision, its vector being the first {@code length} floats of
   * {@code v}; computed once.
   */
  private double exactNorm(int i, float[] v, int length) {
    if (Double.isNaN(exactNorms[i])) {
      exactNorms[i] = Similarity.norm(v, length);
    }
    return exactNorms[i];
  }

  /**
   * The index of the candidate's vector space, or -1 when it has no vector or the vector test is
   * off.
   */
  private int spaceOf(Similarity s) {
    if (!vectorTest || s.dimension() == 0) {
      return -1;
    }
    String model = s.model();
    int dimension = s.dimension();
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
