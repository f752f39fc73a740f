package dev.recall4j.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CodeAnalyzerTest {
  private final Analyzer analyzer = new CodeAnalyzer();

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "NullPointerException | nullpointerexception null pointer exception",
        "src/main/Foo.java | src/main/foo.java src main foo java",
        "git init | git init",
        "max_conn | max_conn max conn",
        "see Foo.java. | see foo.java foo java",
        "(UserService.findById) | userservice.findbyid userservice user service findbyid find id",
        "HttpClient2Builder | httpclient2builder http client 2 builder",
        "the HTTP server | http server",
        "(((  *  \" | ''",
      })
  void splitsIdentifiersAndKeepsTheOriginal(String text, String expected) throws IOException {
    List<String> terms =
        Queries.terms(analyzer, Schema.CODE, text).keySet().stream()
            .map(BytesRef::utf8ToString)
            .toList();
    assertEquals(expected.isEmpty() ? List.of() : List.of(expected.split(" ")), terms);
  }
}
