package dev.recall4j.core;

import java.nio.FloatBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * The one record type of every silo: a memory, a RAG chunk or a KB observation.
 *
 * <p>Immutable and validated on construction: a bad value throws {@link IllegalArgumentException}
 * whose message starts with the field name and shows the value. Every text must be valid Unicode
 * (no lone UTF-16 surrogate, {@link Checks#wellFormed}): the index and the files store UTF-8, which
 * cannot hold one, so it is refused here for every writer, the Java API's included. The vector is
 * copied on the way in and out. Build with {@link #builder()} or {@link #toBuilder()}.
 *
 * @param id unique within the index; 1 to 256 characters, no whitespace or control characters
 * @param silo memory, rag or kb
 * @param kind what the record is about; defaults to the silo's default kind
 * @param tier pinned, active (default) or archived
 * @param status active (default), superseded or deleted
 * @param scope namespace plus optional project, task and session
 * @param tags free-form labels, stripped, de-duplicated, order kept
 * @param source provenance; defaults to {@link Source#AGENT}
 * @param trust per-record trust override in [0, 1], or null to use {@link Source#defaultTrust()}
 * @param created when the record was first saved
 * @param updated when its content or state last changed; never before {@code created}
 * @param lastAccessed when it was last injected into a context, or null if never
 * @param recallCount how many times it was injected, >= 0
 * @param supersedes id of the record this one replaces, or null
 * @param links ids of related records
 * @param title optional short title
 * @param content the text that is searched and injected; never blank, at most {@link
 *     #MAX_CONTENT_CHARS} characters (the L0 identity too: the packer caps what it shows, {@link
 *     #IDENTITY_MAX_CHARS})
 * @param summary optional one-line summary, rendered instead of the content when space is short
 * @param origin optional file origin (path, chunk, line)
 * @param contentHash SHA-256 of the normalised content ({@link ContentHash}); computed when absent
 * @param embeddingModel the model that made {@code vector}, or null
 * @param vector the embedding of the record's text, or of its first passage when the text was
 *     embedded in passages; null when not embedded; every component finite
 * @param passageVectors the embeddings of the text's further passages, in order, when a text too
 *     long for one vector was embedded in passages (recall scores a record by its best passage);
 *     empty otherwise. Each has the dimension of {@code vector}, which must then be set; at most
 *     {@link #MAX_PASSAGE_VECTORS}
 * @param contentFacts what recall derives from the content alone, when a writer stored it ({@link
 *     ContentFacts}); null otherwise. Derived data: ignored by {@link #equals}, cleared when the
 *     builder is given another content
 */
public record MemoryRecord(
    String id,
    Silo silo,
    Kind kind,
    Tier tier,
    Status status,
    Scope scope,
    List<String> tags,
    Source source,
    Double trust,
    Instant created,
    Instant updated,
    Instant lastAccessed,
    long recallCount,
    String supersedes,
    List<String> links,
    String title,
    String content,
    String summary,
    Origin origin,
    String contentHash,
    String embeddingModel,
    float[] vector,
    List<float[]> passageVectors,
    ContentFacts contentFacts) {

  /** The largest content accepted, in characters: big enough for a document section. */
  public static final int MAX_CONTENT_CHARS = 1_000_000;

  /**
   * The characters of L0 identity the packer shows in one block, by default: identity is injected
   * in every recall, so it is kept short there. A longer record is stored as its owner wrote it (an
   * agent's store is synced whole) and cut, with a marker, when packed.
   */
  public static final int IDENTITY_MAX_CHARS = 1_000;

  /**
   * The most passage vectors a record holds: a text that needs more is a document, and belongs in
   * RAG chunks (ingest splits documents into chunks far shorter than this).
   */
  public static final int MAX_PASSAGE_VECTORS = 255;

  private static final int MAX_ID_CHARS = 256;
  private static final int MAX_TAG_CHARS = 64;

  public MemoryRecord {
    id = checkId(id, "id");
    Checks.notNull(silo, "silo");
    kind = kind == null ? Kind.defaultFor(silo) : kind;
    tier = tier == null ? Tier.ACTIVE : tier;
    status = status == null ? Status.ACTIVE : status;
    Checks.notNull(scope, "scope");
    tags = normaliseTags(tags);
    source = source == null ? Source.AGENT : source;
    if (trust != null) {
      Checks.inRange(trust, 0.0, 1.0, "trust");
    }
    Checks.notNull(created, "created");
    updated = updated == null ? created : updated;
    Checks.require(
        !updated.isBefore(created),
        "updated",
        "must not be before created (%s), got %s",
        created,
        updated);
    Checks.require(recallCount >= 0, "recallCount", "must be >= 0, got %d", recallCount);
    supersedes = supersedes == null ? null : checkId(supersedes, "supersedes");
    Checks.require(
        !id.equals(supersedes), "supersedes", "a record cannot supersede itself (%s)", id);
    links = links == null ? List.of() : links.stream().map(l -> checkId(l, "links")).toList();
    title = Checks.wellFormed(Checks.blankToNull(title), "title");
    content = Checks.wellFormed(Checks.notBlank(content, "content"), "content");
    Checks.require(
        content.length() <= MAX_CONTENT_CHARS,
        "content",
        "must be at most %d characters, got %d",
        MAX_CONTENT_CHARS,
        content.length());
    summary = Checks.wellFormed(Checks.blankToNull(summary), "summary");
    if (contentHash == null) {
      contentHash = ContentHash.of(content);
    } else {
      Checks.require(
          ContentHash.isValid(contentHash),
          "contentHash",
          "must be 64 lower-case hex digits, got %s",
          Checks.excerptIfShown(contentHash));
    }
    embeddingModel = Checks.wellFormed(Checks.blankToNull(embeddingModel), "embeddingModel");
    vector = vector == null ? null : checkVector(vector, "vector");
    passageVectors = checkPassageVectors(passageVectors, vector);
  }

  /** The trust weight ranking uses: the override if set, else the source's default. */
  public double effectiveTrust() {
    return trust != null ? trust : source.defaultTrust();
  }

  /** The later of {@code updated} and {@code lastAccessed}: recency is refreshed by access. */
  public Instant lastTouched() {
    return lastAccessed != null && lastAccessed.isAfter(updated) ? lastAccessed : updated;
  }

  /** Whether recall may return this record at all (active status). */
  public boolean isRecallable() {
    return status == Status.ACTIVE;
  }

  /** A copy of the vector, or null. */
  @Override
  public float[] vector() {
    return vector == null ? null : vector.clone();
  }

  /**
   * The vector without copying it: a read-only buffer over the record's own array, or null. For
   * readers that look at many vectors per call (ranking compares every pair of candidates), where a
   * copy each would cost more than the reading.
   */
  public FloatBuffer vectorView() {
    return vector == null ? null : FloatBuffer.wrap(vector).asReadOnlyBuffer();
  }

  /** Copies of the further passages' vectors; empty when the text was embedded as one. */
  @Override
  public List<float[]> passageVectors() {
    return passageVectors.stream().map(float[]::clone).toList();
  }

  /**
   * Copies of every vector, {@code vector} first, then the passage vectors; empty when not
   * embedded.
   */
  public List<float[]> vectors() {
    List<float[]> all = new ArrayList<>(vectorCount());
    if (vector != null) {
      all.add(vector.clone());
      all.addAll(passageVectors());
    }
    return all;
  }

  /** How many vectors the record has: 0 without an embedding, else 1 + the passage vectors. */
  public int vectorCount() {
    return vector == null ? 0 : 1 + passageVectors.size();
  }

  /** Vector dimension, or 0 when the record has no vector. */
  public int dimension() {
    return vector == null ? 0 : vector.length;
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  public static Builder builder() {
    return new Builder();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof MemoryRecord r
        && recallCount == r.recallCount
        && id.equals(r.id)
        && silo == r.silo
        && kind.equals(r.kind)
        && tier == r.tier
        && status == r.status
        && scope.equals(r.scope)
        && tags.equals(r.tags)
        && source == r.source
        && Objects.equals(trust, r.trust)
        && created.equals(r.created)
        && updated.equals(r.updated)
        && Objects.equals(lastAccessed, r.lastAccessed)
        && Objects.equals(supersedes, r.supersedes)
        && links.equals(r.links)
        && Objects.equals(title, r.title)
        && content.equals(r.content)
        && Objects.equals(summary, r.summary)
        && Objects.equals(origin, r.origin)
        && contentHash.equals(r.contentHash)
        && Objects.equals(embeddingModel, r.embeddingModel)
        && Arrays.equals(vector, r.vector)
        && Arrays.deepEquals(passageVectors.toArray(), r.passageVectors.toArray());
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, status, updated, contentHash, Arrays.hashCode(vector));
  }

  @Override
  public String toString() {
    return "MemoryRecord[id="
        + id
        + ", silo="
        + Wire.name(silo)
        + ", kind="
        + kind
        + ", tier="
        + Wire.name(tier)
        + ", status="
        + Wire.name(status)
        + ", scope="
        + scope
        + ", content="
        + Checks.excerpt(content)
        + ", dim="
        + dimension()
        + "]";
  }

  private static String checkId(String value, String field) {
    Checks.notBlank(value, field);
    Checks.wellFormed(value, field);
    Checks.require(
        value.length() <= MAX_ID_CHARS && noBlankOrControl(value),
        field,
        "must be 1-%d characters without whitespace or control characters, got %s",
        MAX_ID_CHARS,
        Checks.excerptIfShown(value));
    return value;
  }

  /**
   * No whitespace or control character. By UTF-16 unit rather than code point: no supplementary
   * character is either, and the loop allocates nothing (ids are checked on every record read).
   */
  private static boolean noBlankOrControl(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (Character.isWhitespace(c) || Character.isISOControl(c)) {
        return false;
      }
    }
    return true;
  }

  private static List<String> normaliseTags(List<String> tags) {
    if (tags == null || tags.isEmpty()) {
      return List.of();
    }
    LinkedHashSet<String> unique = new LinkedHashSet<>();
    for (String tag : tags) {
      String stripped = Checks.wellFormed(Checks.notBlank(tag, "tags"), "tags");
      Checks.require(
          stripped.length() <= MAX_TAG_CHARS,
          "tags",
          "each tag must be at most %d characters, got %s",
          MAX_TAG_CHARS,
          Checks.excerptIfShown(stripped));
      unique.add(stripped);
    }
    return List.copyOf(unique);
  }

  private static float[] checkVector(float[] vector, String field) {
    Checks.require(vector.length > 0, field, "must not be empty");
    for (int i = 0; i < vector.length; i++) {
      // Tested before calling require: its varargs boxed two values per component, which was
      // most of the garbage of reading a record back (384 components, ~100 records a recall).
      if (!Float.isFinite(vector[i])) {
        Checks.require(
            false, field, "component %d is %s; every component must be finite", i, vector[i]);
      }
    }
    return vector.clone();
  }

  private static List<float[]> checkPassageVectors(List<float[]> passages, float[] vector) {
    if (passages == null || passages.isEmpty()) {
      return List.of();
    }
    Checks.require(
        vector != null,
        "passageVectors",
        "need the first passage's vector in vector, which is null");
    Checks.require(
        passages.size() <= MAX_PASSAGE_VECTORS,
        "passageVectors",
        "at most %d, got %d; split the text into several records",
        MAX_PASSAGE_VECTORS,
        passages.size());
    List<float[]> copies = new ArrayList<>(passages.size());
    for (int i = 0; i < passages.size(); i++) {
      String field = "passageVectors[" + i + "]";
      float[] passage = checkVector(Checks.notNull(passages.get(i), field), field);
      Checks.require(
          passage.length == vector.length,
          field,
          "dimension %d differs from the vector's %d",
          passage.length,
          vector.length);
      copies.add(passage);
    }
    return List.copyOf(copies);
  }

  /** Builds a {@link MemoryRecord}; unset optional fields take the documented defaults. */
  public static final class Builder {
    private String id;
    private Silo silo;
    private Kind kind;
    private Tier tier;
    private Status status;
    private Scope scope = Scope.of(Scope.DEFAULT_NAMESPACE);
    private List<String> tags = new ArrayList<>();
    private Source source;
    private Double trust;
    private Instant created;
    private Instant updated;
    private Instant lastAccessed;
    private long recallCount;
    private String supersedes;
    private List<String> links = new ArrayList<>();
    private String title;
    private String content;
    private String summary;
    private Origin origin;
    private String contentHash;
    private String embeddingModel;
    private float[] vector;
    private List<float[]> passageVectors = List.of();
    private ContentFacts contentFacts;

    private Builder() {}

    private Builder(MemoryRecord r) {
      id = r.id;
      silo = r.silo;
      kind = r.kind;
      tier = r.tier;
      status = r.status;
      scope = r.scope;
      tags = new ArrayList<>(r.tags);
      source = r.source;
      trust = r.trust;
      created = r.created;
      updated = r.updated;
      lastAccessed = r.lastAccessed;
      recallCount = r.recallCount;
      supersedes = r.supersedes;
      links = new ArrayList<>(r.links);
      title = r.title;
      content = r.content;
      summary = r.summary;
      origin = r.origin;
      contentHash = r.contentHash;
      embeddingModel = r.embeddingModel;
      vector = r.vector;
      passageVectors = r.passageVectors;
      contentFacts = r.contentFacts;
    }

    public Builder id(String id) {
      this.id = id;
      return this;
    }

    public Builder silo(Silo silo) {
      this.silo = silo;
      return this;
    }

    public Builder kind(Kind kind) {
      this.kind = kind;
      return this;
    }

    public Builder tier(Tier tier) {
      this.tier = tier;
      return this;
    }

    public Builder status(Status status) {
      this.status = status;
      return this;
    }

    public Builder scope(Scope scope) {
      this.scope = scope;
      return this;
    }

    public Builder tags(List<String> tags) {
      this.tags = new ArrayList<>(tags);
      return this;
    }

    public Builder tag(String tag) {
      this.tags.add(tag);
      return this;
    }

    public Builder source(Source source) {
      this.source = source;
      return this;
    }

    public Builder trust(Double trust) {
      this.trust = trust;
      return this;
    }

    public Builder created(Instant created) {
      this.created = created;
      return this;
    }

    public Builder updated(Instant updated) {
      this.updated = updated;
      return this;
    }

    public Builder lastAccessed(Instant lastAccessed) {
      this.lastAccessed = lastAccessed;
      return this;
    }

    public Builder recallCount(long recallCount) {
      this.recallCount = recallCount;
      return this;
    }

    public Builder supersedes(String supersedes) {
      this.supersedes = supersedes;
      return this;
    }

    public Builder links(List<String> links) {
      this.links = new ArrayList<>(links);
      return this;
    }

    public Builder title(String title) {
      this.title = title;
      return this;
    }

    /** Sets the content and clears a previously set hash and facts, which would no longer match. */
    public Builder content(String content) {
      this.content = content;
      this.contentHash = null;
      this.contentFacts = null;
      return this;
    }

    public Builder summary(String summary) {
      this.summary = summary;
      return this;
    }

    public Builder origin(Origin origin) {
      this.origin = origin;
      return this;
    }

    public Builder contentHash(String contentHash) {
      this.contentHash = contentHash;
      return this;
    }

    public Builder embeddingModel(String embeddingModel) {
      this.embeddingModel = embeddingModel;
      return this;
    }

    /** Sets the vector and clears the passage vectors, which belong to the vector they follow. */
    public Builder vector(float[] vector) {
      this.vector = vector;
      this.passageVectors = List.of();
      return this;
    }

    /**
     * Sets the vectors of a text embedded in passages: the first becomes {@code vector}, the rest
     * {@code passageVectors}; an empty list clears both. Copied when the record is built.
     */
    public Builder vectors(List<float[]> vectors) {
      this.vector = vectors.isEmpty() ? null : vectors.get(0);
      this.passageVectors =
          vectors.isEmpty() ? List.of() : new ArrayList<>(vectors.subList(1, vectors.size()));
      return this;
    }

    /** Sets what recall derives from the content (null: none); see {@link ContentFacts}. */
    public Builder contentFacts(ContentFacts contentFacts) {
      this.contentFacts = contentFacts;
      return this;
    }

    /** Validates and builds; the creation time defaults to {@code now} when unset. */
    public MemoryRecord build(Instant now) {
      return new MemoryRecord(
          id,
          silo,
          kind,
          tier,
          status,
          scope,
          tags,
          source,
          trust,
          created == null ? now : created,
          updated,
          lastAccessed,
          recallCount,
          supersedes,
          links,
          title,
          content,
          summary,
          origin,
          contentHash,
          embeddingModel,
          vector,
          passageVectors,
          contentFacts);
    }

    /** Validates and builds; {@code created} must have been set. */
    public MemoryRecord build() {
      return build(null);
    }
  }
}
