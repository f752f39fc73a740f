package dev.recall4j.cli;

import dev.recall4j.core.Wire;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.VectorEncoding;
import dev.recall4j.datasets.eval.EvalMode;
import dev.recall4j.datasets.eval.EvalOptions;
import dev.recall4j.datasets.eval.EvalReport;
import dev.recall4j.datasets.eval.Evaluator;
import dev.recall4j.datasets.eval.LexicalQueryCut;
import dev.recall4j.datasets.load.Dataset;
import dev.recall4j.datasets.load.Datasets;
import dev.recall4j.datasets.load.Level;
import dev.recall4j.engine.ConfigFile;
import dev.recall4j.engine.EngineConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code recall4j eval}: runs a dataset's judged queries in several modes and writes the figures.
 */
@Command(
    name = "eval",
    description = {
      "Evaluate retrieval modes on a relevance dataset (BEIR layout or LoCoMo): trec_eval metrics,",
      "budget-aware recall (engine packer and naive baseline), latency; JSON, TREC runs and a table."
    })
final class EvalCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--dataset",
      required = true,
      paramLabel = "DIR",
      description = "Dataset directory.")
  Path dataset;

  @Option(
      names = "--split",
      defaultValue = "test",
      paramLabel = "SPLIT",
      description = "Qrels split (default: ${DEFAULT-VALUE}).")
  String split;

  @Option(
      names = "--level",
      paramLabel = "LEVEL",
      description =
          "LoCoMo level: turns (default), sessions, observations, or mixed (turns and observations in one haystack).")
  String level;

  @Option(
      names = "--mode",
      required = true,
      paramLabel = "MODE[,MODE...]",
      description =
          "bm25, bm25-code, dense, hybrid, sqlite-fts5, a fusion spec (rrf:k=10, convex:alpha=0.3, dbsf),"
              + " sqlite-fts5:SPEC (the status quo fused by SPEC), hybrid or a spec with +nodecay, or all.")
  String mode;

  @Option(
      names = "--budget",
      split = ",",
      paramLabel = "N[,N...]",
      description = "Token budgets (default: 512,1024,2048).")
  List<Integer> budgets;

  @Option(
      names = "--model",
      paramLabel = "NAME",
      description = "Embedding model (default: the engine's, bge-small-en-v15-q).")
  String model;

  @Option(
      names = "--out",
      required = true,
      paramLabel = "FILE.json",
      description = "Where the JSON goes.")
  Path out;

  @Option(
      names = "--run-dir",
      paramLabel = "DIR",
      description = "Write one TREC run file per mode here.")
  Path runDir;

  @Option(
      names = "--cache",
      paramLabel = "DIR",
      description = "Index and vector cache (default: ${XDG_CACHE_HOME:-~/.cache}/recall4j/eval).")
  Path cache;

  @Option(
      names = "--vectors",
      paramLabel = "FILE",
      description =
          "Read every vector from this reference file (datasets/gates/vectors/DATASET.r4rv) instead"
              + " of embedding: figures that do not depend on the CPU, as the gates measure.")
  Path vectors;

  @Option(
      names = "--store",
      paramLabel = "CONFIG",
      description =
          "Index the dataset in the store this configuration (recall4j.yaml) names, such as an"
              + " OpenSearch cluster's, instead of the cached in-process index; an index of its own"
              + " per dataset and level, written on every run, with the configuration's"
              + " index_settings (vector_encoding, hnsw_m, ...).")
  Path store;

  @Option(
      names = "--vector-encoding",
      paramLabel = "ENC",
      description =
          "How the in-process index holds vectors (index_settings.vector_encoding): float32, int8"
              + " or int4 (default: the engine's, int8); cached apart from the other encodings."
              + " Refused with --store: there the configuration's index_settings.vector_encoding"
              + " rules, so set it in CONFIG.")
  String vectorEncoding;

  @Option(
      names = "--depth",
      defaultValue = "1000",
      paramLabel = "N",
      description = "Candidates per path and query (default: ${DEFAULT-VALUE}).")
  int depth;

  @Option(
      names = "--fusion-depth",
      defaultValue = "100",
      paramLabel = "N",
      description =
          "Candidates per path entering fusion in fused modes (default: ${DEFAULT-VALUE}).")
  int fusionDepth;

  @Option(
      names = "--passage-words",
      paramLabel = "N",
      description =
          "Embed texts longer than N words in passages of at most N (default: the engine's; 0: one vector per document).")
  Integer passageWords;

  @Option(
      names = "--tier-boost",
      paramLabel = "strict|B",
      description =
          "Tier policy of the engine's ranking (recall.tier_boost): strict, or a boost >= 0 (default: the engine's).")
  String tierBoost;

  @Option(
      names = "--diagnostic-lexical-query",
      paramLabel = "none|first-half|every-second",
      description =
          "Diagnostic: query the lexical side (BM25, the status quo's FTS5) with the first half or every second word of each query,"
              + " the vector side with the whole query, to make a collection where dense leads BM25 (default: none).")
  String lexicalQuery;

  /**
   * The configuration of {@code --store}: it names a store other than the in-process index, and its
   * {@code index_settings} are the run's.
   */
  private static EngineConfig storeOf(Path config) throws IOException {
    EngineConfig read;
    try {
      read = ConfigFile.read(config);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--store: " + e.getMessage(), e);
    }
    if (read.store() == null) {
      throw new IllegalArgumentException(
          "--store: "
              + config
              + " names the in-process index, which eval uses without --store; name a store of"
              + " another type (store: {type: opensearch, ...})");
    }
    return read;
  }

  /** The in-process index's settings with {@code --vector-encoding} over the defaults. */
  private static IndexSettings inProcessSettings(String encoding) {
    if (encoding == null) {
      return IndexSettings.DEFAULTS;
    }
    // Wire names the option in its error: --vector-encoding: unknown value "x", expected one of ...
    return IndexSettings.DEFAULTS.withVectorEncoding(
        Wire.parse(VectorEncoding.class, "--vector-encoding", encoding));
  }

  @Override
  public Integer call() throws Exception {
    List<EvalMode> modes = EvalMode.parseList(mode);
    EvalOptions.Builder options =
        EvalOptions.builder(modes).depth(depth).fusionDepth(fusionDepth).runDir(runDir);
    if (passageWords != null) {
      options.passageWords(passageWords);
    }
    if (budgets != null) {
      options.budgets(budgets);
    }
    if (model != null) {
      options.model(model);
    }
    if (cache != null) {
      options.cacheDir(cache);
    }
    options.referenceVectors(vectors);
    if (store != null && vectorEncoding != null) {
      throw new IllegalArgumentException(
          "--vector-encoding: sets the in-process index's encoding and is refused with --store;"
              + " set index_settings.vector_encoding in "
              + store
              + " instead");
    }
    if (store != null) {
      EngineConfig config = storeOf(store);
      options.store(config.store()).indexSettings(config.indexSettings());
    } else {
      options.indexSettings(inProcessSettings(vectorEncoding));
    }
    options.tierBoost(EvalOptions.checkTierBoost("--tier-boost", tierBoost));
    if (lexicalQuery != null) {
      options.lexicalQueryCut(LexicalQueryCut.parse("--diagnostic-lexical-query", lexicalQuery));
    }
    EvalOptions built = options.build();
    Dataset data =
        Datasets.load(dataset, split, level == null ? null : Level.parse("--level", level));
    StageProgress progress = new StageProgress(spec.commandLine().getErr(), data.label());
    EvalReport report;
    try {
      report = Evaluator.run(data, built, progress);
    } finally {
      progress.finish();
    }
    report.writeJson(out);
    spec.commandLine().getOut().print(report.table());
    spec.commandLine()
        .getOut()
        .println("wrote " + out + (runDir == null ? "" : " and run files in " + runDir));
    spec.commandLine().getOut().flush();
    return 0;
  }
}
