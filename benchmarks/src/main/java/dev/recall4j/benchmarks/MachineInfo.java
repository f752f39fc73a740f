package dev.recall4j.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.util.Version;

/**
 * What a result was measured on, recorded beside every run: {@code os.arch}, CPU model, cores,
 * memory, JVM vendor and version, Lucene version, and whether Lucene's Panama vector scorers are on
 * (they need {@code --add-modules jdk.incubator.vector}; without them HNSW and quantised scoring
 * run scalar code several times slower).
 *
 * @param os {@code os.name} and {@code os.version}
 * @param arch {@code os.arch}, e.g. {@code amd64} or {@code aarch64}
 * @param cpuModel from {@code /proc/cpuinfo} ({@code model name}, else the board {@code Model},
 *     else {@code /proc/device-tree/model}), else "unknown"
 * @param cores available processors
 * @param memoryBytes physical memory, or 0 when unknown
 * @param jvmVendor {@code java.vm.vendor}
 * @param jvmVersion {@code java.runtime.version}
 * @param luceneVersion {@code org.apache.lucene.util.Version.LATEST}
 * @param vectorization Lucene's vectorization provider, e.g. {@code PanamaVectorizationProvider}
 * @param panama whether that provider uses the Panama vector API
 */
public record MachineInfo(
    String os,
    String arch,
    String cpuModel,
    int cores,
    long memoryBytes,
    String jvmVendor,
    String jvmVersion,
    String luceneVersion,
    String vectorization,
    boolean panama) {

  /** The machine this JVM runs on. */
  public static MachineInfo current() {
    String provider = vectorizationProvider();
    return new MachineInfo(
        System.getProperty("os.name") + " " + System.getProperty("os.version"),
        System.getProperty("os.arch"),
        cpuModel(read(Path.of("/proc/cpuinfo")), read(Path.of("/proc/device-tree/model"))),
        Runtime.getRuntime().availableProcessors(),
        physicalMemory(),
        System.getProperty("java.vm.vendor"),
        System.getProperty("java.runtime.version"),
        Version.LATEST.toString(),
        provider,
        provider.startsWith("Panama"));
  }

  /**
   * A file-name-safe key naming the machine in {@code benchmarks/history/}: arch, CPU model, cores
   * and memory in GiB, e.g. {@code amd64-intel-r-xeon-r-processor-2c-23g}.
   */
  public String key() {
    String cpu =
        cpuModel.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    return arch
        + "-"
        + cpu
        + "-"
        + cores
        + "c-"
        + Math.round(memoryBytes / (double) (1L << 30))
        + "g";
  }

  /** The fields as an ordered map, for JSON. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("key", key());
    m.put("os", os);
    m.put("os.arch", arch);
    m.put("cpuModel", cpuModel);
    m.put("cores", cores);
    m.put("memoryBytes", memoryBytes);
    m.put("jvmVendor", jvmVendor);
    m.put("jvmVersion", jvmVersion);
    m.put("luceneVersion", luceneVersion);
    m.put("vectorization", vectorization);
    m.put("panama", panama);
    return m;
  }

  /**
   * The CPU model from the text of {@code /proc/cpuinfo}: x86 {@code model name}; on ARM boards,
   * which have no model name, the {@code Model} line (e.g. "Raspberry Pi 5 Model B Rev 1.0") or the
   * device-tree model, with the {@code CPU part} when known. "unknown" when nothing says.
   */
  static String cpuModel(Optional<String> cpuinfo, Optional<String> deviceTree) {
    Map<String, String> fields = new LinkedHashMap<>();
    cpuinfo.ifPresent(
        text -> {
          for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
              fields.putIfAbsent(
                  line.substring(0, colon).strip(), line.substring(colon + 1).strip());
            }
          }
        });
    for (String key : List.of("model name", "Model", "Hardware", "cpu model")) {
      String value = fields.get(key);
      if (value != null && !value.isBlank()) {
        return withPart(value, fields.get("CPU part"));
      }
    }
    return deviceTree
        .map(s -> s.replace("\u0000", "").strip())
        .filter(s -> !s.isEmpty())
        .map(s -> withPart(s, fields.get("CPU part")))
        .orElse("unknown");
  }

  private static String withPart(String model, String part) {
    return part == null ? model : model + " (CPU part " + part + ")";
  }

  private static Optional<String> read(Path file) {
    try {
      return Files.isReadable(file)
          ? Optional.of(Files.readString(file, java.nio.charset.StandardCharsets.ISO_8859_1))
          : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static long physicalMemory() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getTotalMemorySize();
    }
    return 0;
  }

  /**
   * The class name of Lucene's vectorization provider. Lucene refuses callers of {@code
   * VectorizationProvider.getInstance()} outside its own packages, so the holder's field is read
   * reflectively (allowed on the class path, where Lucene is an unnamed module).
   */
  static String vectorizationProvider() {
    try {
      Class<?> holder =
          Class.forName("org.apache.lucene.internal.vectorization.VectorizationProvider$Holder");
      java.lang.reflect.Field instance = holder.getDeclaredField("INSTANCE");
      instance.setAccessible(true);
      return instance.get(null).getClass().getSimpleName();
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      boolean incubator = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
      return incubator
          ? "unknown (jdk.incubator.vector loaded)"
          : "unknown (jdk.incubator.vector not loaded)";
    }
  }
}
