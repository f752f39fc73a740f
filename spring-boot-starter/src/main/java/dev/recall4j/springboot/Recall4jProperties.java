package dev.recall4j.springboot;

import dev.recall4j.engine.ConfigFile;
import dev.recall4j.engine.EmbedderProvider;
import dev.recall4j.engine.EngineConfig;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code recall4j.*} properties of the engine the starter opens. Each one left unset keeps the
 * value of the workspace's {@code recall4j.yaml} (or of {@code config}), else the engine's default,
 * so the CLI and the application can share one configuration file. Immutable.
 *
 * <p>The {@code @param} texts below are the descriptions IDEs show (the configuration processor
 * copies them), so they are plain sentences.
 *
 * @param config A recall4j.yaml to start from; its folder is then the workspace. Default: the
 *     workspace's recall4j.yaml when there is one.
 * @param workspace The folder relative paths resolve against. Default: the working directory.
 * @param index The index directory, relative to the workspace. Default: agents/index.
 * @param namespace The namespace the vector store, the retriever and the chat memory read and
 *     write. Default: default.
 * @param project The project of the retriever's and the chat memory's recalls. Default: none.
 * @param embedder The embedding model.
 * @param budget The token budget of the recalled context.
 */
@ConfigurationProperties("recall4j")
public record Recall4jProperties(
    Path config,
    @DefaultValue(".") Path workspace,
    Path index,
    String namespace,
    String project,
    @DefaultValue Embedder embedder,
    @DefaultValue Budget budget) {

  /**
   * The {@code recall4j.embedder.*} properties.
   *
   * @param provider Where vectors come from: onnx (an in-process model, the default), ollama, or
   *     none (lexical recall only, and no vector store).
   * @param model The model name. Default: bge-small-en-v15-q for onnx (the application declares its
   *     Maven artifact), nomic-embed-text for ollama.
   * @param host The Ollama server. Default: http://127.0.0.1:11434.
   */
  public record Embedder(EmbedderProvider provider, String model, URI host) {}

  /**
   * The {@code recall4j.budget.*} properties.
   *
   * @param tokens The token budget of the retriever and the chat memory advisor. Default: the
   *     engine's, a share of the context length.
   * @param contextLength The chat model's context window in tokens. Default: unknown, which makes a
   *     512-token budget.
   * @param share The share of the context window the recalled block may take. Default: 0.25.
   * @param tokenizer How tokens are counted: cl100k (the default), o200k or heuristic.
   */
  public record Budget(Integer tokens, Integer contextLength, Double share, String tokenizer) {}

  /**
   * The engine's configuration: the YAML file's, with every property set here applied over it.
   *
   * @throws IllegalArgumentException naming the file, key or property of a bad value
   */
  EngineConfig engineConfig() throws IOException {
    EngineConfig file =
        config != null ? ConfigFile.read(config) : ConfigFile.forWorkspace(workspace);
    EngineConfig.Builder builder = file.toBuilder();
    if (index != null) {
      builder.indexDir(index);
    }
    if (namespace != null) {
      builder.namespace(namespace);
    }
    if (project != null) {
      builder.project(project);
    }
    if (embedder.provider() != null) {
      builder.embedderProvider(embedder.provider());
    }
    if (embedder.model() != null) {
      builder.embedderModel(embedder.model());
    }
    if (embedder.host() != null) {
      builder.ollamaHost(embedder.host());
    }
    if (budget.contextLength() != null) {
      builder.contextLength(budget.contextLength());
    }
    if (budget.share() != null) {
      builder.budgetShare(budget.share());
    }
    if (budget.tokenizer() != null) {
      builder.tokenizer(budget.tokenizer());
    }
    return builder.build();
  }
}
