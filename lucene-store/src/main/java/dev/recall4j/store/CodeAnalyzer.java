package dev.recall4j.store;

import java.util.regex.Pattern;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.FlattenGraphFilter;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.miscellaneous.LengthFilter;
import org.apache.lucene.analysis.miscellaneous.PatternKeywordMarkerFilter;
import org.apache.lucene.analysis.miscellaneous.WordDelimiterGraphFilter;
import org.apache.lucene.analysis.pattern.PatternReplaceFilter;
import org.apache.lucene.analysis.util.CharTokenizer;

/**
 * Analysis for identifiers, paths and error messages, the things agents search for and an English
 * analyzer mangles ({@code NullPointerException} becomes {@code nullpointerexcept}).
 *
 * <p>Chain: tokens are maximal runs of letters, digits and {@code _ . / \ - : $ # @} (so {@code
 * src/main/Foo.java} stays one token); leading and trailing punctuation is trimmed (a sentence's
 * final dot, brackets); {@link WordDelimiterGraphFilter} keeps the original token and adds its
 * parts split at the punctuation above, then adds the parts of each of those split at case changes
 * and letter-digit boundaries; everything is lower-cased and Lucene's English stop words are
 * dropped. Examples: {@code NullPointerException -> nullpointerexception, null, pointer,
 * exception}; {@code src/main/Foo.java -> src/main/foo.java, src, main, foo, java}; {@code max_conn
 * -> max_conn, max, conn}; {@code UserService.findById -> userservice.findbyid, userservice, user,
 * service, findbyid, find, id}. No stemming: identifiers are matched as written. Thread-safe like
 * every Lucene analyzer.
 */
final class CodeAnalyzer extends Analyzer {
  private static final Pattern EDGE_PUNCTUATION =
      Pattern.compile("^[^\\p{L}\\p{N}]+|[^\\p{L}\\p{N}]+$");
  private static final int MAX_TOKEN_CHARS = 255;
  private static final Pattern HAS_PUNCTUATION = Pattern.compile(".*[^\\p{L}\\p{N}].*");
  private static final int PARTS =
      WordDelimiterGraphFilter.PRESERVE_ORIGINAL
          | WordDelimiterGraphFilter.GENERATE_WORD_PARTS
          | WordDelimiterGraphFilter.GENERATE_NUMBER_PARTS;
  private static final int AT_PUNCTUATION =
      PARTS | WordDelimiterGraphFilter.STEM_ENGLISH_POSSESSIVE;
  private static final int AT_CASE_CHANGES =
      PARTS
          | WordDelimiterGraphFilter.SPLIT_ON_CASE_CHANGE
          | WordDelimiterGraphFilter.SPLIT_ON_NUMERICS
          | WordDelimiterGraphFilter.IGNORE_KEYWORDS;

  @Override
  protected TokenStreamComponents createComponents(String fieldName) {
    Tokenizer tokenizer = CharTokenizer.fromTokenCharPredicate(CodeAnalyzer::isTokenChar);
    TokenStream stream = new PatternReplaceFilter(tokenizer, EDGE_PUNCTUATION, "", true);
    stream = new LengthFilter(stream, 1, MAX_TOKEN_CHARS);
    // Two passes, so that each segment of a dotted or slashed name is also kept whole:
    // UserService.findById -> userservice, findbyid (first pass) -> user, service, find, id
    // (second).
    stream = new WordDelimiterGraphFilter(stream, AT_PUNCTUATION, null);
    // The word delimiter filter cannot read a graph, and index-time graphs must be flattened
    // anyway;
    // at query time only the terms are used, so flattening is harmless there.
    stream = new FlattenGraphFilter(stream);
    // The whole dotted name was split in the first pass: the second must not split it again.
    stream = new PatternKeywordMarkerFilter(stream, HAS_PUNCTUATION);
    stream = new WordDelimiterGraphFilter(stream, AT_CASE_CHANGES, null);
    stream = new FlattenGraphFilter(stream);
    stream = new LowerCaseFilter(stream);
    stream = new StopFilter(stream, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
    return new TokenStreamComponents(tokenizer, stream);
  }

  @Override
  protected TokenStream normalize(String fieldName, TokenStream in) {
    return new LowerCaseFilter(in);
  }

  private static boolean isTokenChar(int c) {
    return Character.isLetterOrDigit(c)
        || c == '_'
        || c == '.'
        || c == '/'
        || c == '\\'
        || c == '-'
        || c == ':'
        || c == '$'
        || c == '#'
        || c == '@';
  }
}
