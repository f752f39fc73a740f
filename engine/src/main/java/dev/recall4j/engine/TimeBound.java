package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.InvalidFieldException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the time bound of a {@code since}/{@code until} filter as a person writes it: an ISO
 * instant ({@code 2026-11-01T09:30:00Z}), an ISO date ({@code 2026-11-01}, midnight UTC), or an age
 * relative to now ({@code 90s}, {@code 30m}, {@code 12h}, {@code 7d}, {@code 2w}: that long before
 * now).
 */
public final class TimeBound {
  private static final Pattern RELATIVE = Pattern.compile("(\\d{1,9})([smhdw])");

  private TimeBound() {}

  /**
   * The instant {@code text} names, ages counted back from {@code now}.
   *
   * @param field the option or argument named in the error, e.g. {@code --since}
   * @throws IllegalArgumentException naming {@code field} and showing the text when it is none of
   *     the three forms
   */
  public static Instant parse(String field, String text, Instant now) {
    String value = Checks.notBlank(text, field).strip();
    Matcher relative = RELATIVE.matcher(value);
    if (relative.matches()) {
      long amount = Long.parseLong(relative.group(1));
      Duration unit =
          switch (relative.group(2)) {
            case "s" -> Duration.ofSeconds(1);
            case "m" -> Duration.ofMinutes(1);
            case "h" -> Duration.ofHours(1);
            case "d" -> Duration.ofDays(1);
            default -> Duration.ofDays(7);
          };
      return now.minus(unit.multipliedBy(amount));
    }
    try {
      return value.contains("T")
          ? Instant.parse(value)
          : LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant();
    } catch (DateTimeParseException e) {
      throw new InvalidFieldException(
          field,
          "expected an ISO date (2026-11-01), an ISO instant (2026-11-01T09:30:00Z) or an"
              + " age such as 12h or 7d, got "
              + Checks.excerpt(value),
          e);
    }
  }
}
