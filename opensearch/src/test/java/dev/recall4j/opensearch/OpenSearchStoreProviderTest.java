package dev.recall4j.opensearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.recall4j.core.ConfigSection;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.engine.ConfigFile;
import dev.recall4j.engine.StoreOpener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code store: {type: opensearch}}: found on the class path by the engine's configuration reader,
 * every key checked and named in errors, credentials only from the environment.
 */
class OpenSearchStoreProviderTest {
  private static final Map<String, String> ENV =
      Map.of("OS_USER", "recall4j", "OS_PASSWORD", "s3cret", "OS_KEY", "a2V5");

  @TempDir Path workspace;

  private StoreOpener read(String section) throws IOException {
    Object values = new YAMLMapper().readValue(section, Object.class);
    return new OpenSearchStoreProvider(ENV::get).read(ConfigSection.of(values, "store"), workspace);
  }

  private void assertRefused(String section, String message) {
    assertThatThrownBy(() -> read(section))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(message);
  }

  @Test
  void theConfigurationFileFindsTheStoreTypeOnTheClassPath() throws IOException {
    Path file =
        Files.writeString(
            workspace.resolve(ConfigFile.FILE_NAME),
            "store: {type: opensearch, hosts: ['http://node1:9200', 'http://node2:9200'],"
                + " index: memories}\n");
    assertThat(ConfigFile.read(file).store().location()).isEqualTo("http://node1:9200/memories");
    Files.writeString(file, "store: {type: opensearch, hosts: ['http://node1:9200'], colour: red}");
    assertThatThrownBy(() -> ConfigFile.read(file))
        .hasMessageContaining("store.colour: unknown setting, expected one of api_key_env, hosts");
  }

  @Test
  void everyKeyIsCheckedAndNamed() throws IOException {
    assertRefused("{type: opensearch}", "store.hosts: required");
    assertRefused("{type: opensearch, hosts: ['node1:9200']}", "store.hosts: each must be");
    assertRefused("{type: opensearch, hosts: ['http://a b']}", "store.hosts: bad value");
    assertRefused("{type: opensearch, hosts: ['http://h:9200'], index: Memories}", "store.index:");
    assertRefused("{type: opensearch, hosts: ['http://h:9200'], shards: 0}", "store.shards:");
    assertRefused("{type: opensearch, hosts: ['http://h:9200'], replicas: x}", "store.replicas:");
    assertRefused(
        "{type: opensearch, hosts: ['http://h:9200'], refresh_interval_ms: 0}",
        "store.refresh_interval_ms:");
    assertRefused(
        "{type: opensearch, hosts: ['http://h:9200'], tls: {ca: missing.pem}}", "store.tls.ca:");
    assertRefused(
        "{type: opensearch, hosts: ['http://h:9200'], tls: {verify: maybe}}", "store.tls.verify:");
    assertRefused(
        "{type: opensearch, hosts: ['http://h:9200'], tls: {pin: x}}", "store.tls.pin: unknown");
  }

  @Test
  void credentialsComeFromTheEnvironmentOnly() throws IOException {
    String hosts = "type: opensearch, hosts: ['https://h:9200']";
    assertRefused("{" + hosts + ", password: s3cret}", "store.password: a credential is never");
    assertRefused("{" + hosts + ", api_key: a2V5}", "store.api_key: a credential is never");
    assertRefused("{" + hosts + ", user_env: OS_USER}", "store.password_env: required with");
    assertRefused(
        "{" + hosts + ", user_env: OS_USER, password_env: NOT_SET}",
        "store.password_env: environment variable NOT_SET is not set");
    assertRefused(
        "{" + hosts + ", api_key_env: OS_KEY, user_env: OS_USER, password_env: OS_PASSWORD}",
        "store.api_key_env: give either");
    assertThat(read("{" + hosts + ", user_env: OS_USER, password_env: OS_PASSWORD}").location())
        .isEqualTo("https://h:9200/recall4j");
    Files.writeString(workspace.resolve("ca.pem"), "not a certificate");
    assertThatThrownBy(
            () ->
                read("{" + hosts + ", tls: {ca: ca.pem}}")
                    .open(IndexSettings.DEFAULTS, null, 0, null))
        .hasMessageContaining("tls.ca:");
  }

  @Test
  void noSecretIsPrinted() {
    ClusterAccess access = ClusterAccess.NONE.withBasic("recall4j", "s3cret");
    assertThat(access.toString()).doesNotContain("s3cret").contains("credentials=Basic");
    assertThat(ClusterAccess.NONE.withApiKey("a2V5").toString()).doesNotContain("a2V5");
  }

  /**
   * The README's cluster configuration (marked {@code fixture: opensearch-store}) as a user copies
   * it.
   */
  @Test
  void theReadmeConfigurationIsAccepted() throws IOException {
    Path root = Path.of("").toAbsolutePath();
    while (!Files.isRegularFile(root.resolve("docs/SOURCES.md"))) {
      root = root.getParent();
    }
    List<String> lines = Files.readAllLines(root.resolve("README.md"));
    int marker = lines.indexOf("<!-- fixture: opensearch-store -->");
    assertThat(marker).as("the README's marked cluster configuration").isNotNegative();
    int end = lines.subList(marker + 2, lines.size()).indexOf("```") + marker + 2;
    String yaml = String.join("\n", lines.subList(marker + 2, end));
    Files.createDirectories(workspace.resolve("certs"));
    Files.writeString(workspace.resolve("certs/root-ca.pem"), "a CA file the user has");
    Map<?, ?> file = new YAMLMapper().readValue(yaml, Map.class);
    StoreOpener opener =
        new OpenSearchStoreProvider(
                Map.of("OPENSEARCH_USER", "recall4j", "OPENSEARCH_PASSWORD", "s3cret")::get)
            .read(ConfigSection.of(file.get("store"), "store"), workspace);
    assertThat(opener.location()).isEqualTo("https://node1:9200/recall4j");
    assertThat(
            IndexSettings.DEFAULTS.read(
                ConfigSection.of(file.get("index_settings"), "index_settings")))
        .isEqualTo(IndexSettings.DEFAULTS);
  }
}
