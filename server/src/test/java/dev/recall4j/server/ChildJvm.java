package dev.recall4j.server;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command that runs a main class of the test classpath in a child JVM like this one. */
final class ChildJvm {
  private ChildJvm() {}

  static List<String> command(Class<?> main, String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("--add-modules=jdk.incubator.vector");
    command.add("--enable-native-access=ALL-UNNAMED");
    command.add("-Xmx512m");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(main.getName());
    command.addAll(List.of(args));
    return command;
  }
}
