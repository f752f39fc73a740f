package dev.recall4j.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * {@code --wait}: a whole number with a unit, {@code 500ms}, {@code 30s} or {@code 2m}; 0 alone.
 */
final class WaitDuration implements CommandLine.ITypeConverter<Duration> {
  private static final Pattern FORMAT = Pattern.compile("(\\d{1,9})(ms|s|m)");

  @Override
  public Duration convert(String text) {
    if (text.equals("0")) {
      return Duration.ZERO;
    }
    Matcher m = FORMAT.matcher(text);
    if (!m.matches()) {
      throw new CommandLine.TypeConversionException(
          "\"" + text + "\" is not a duration; write e.g. 30s, 500ms, 2m or 0");
    }
    long n = Long.parseLong(m.group(1));
    return switch (m.group(2)) {
      case "ms" -> Duration.ofMillis(n);
      case "s" -> Duration.ofSeconds(n);
      default -> Duration.ofMinutes(n);
    };
  }
}
