package io.github.reactiverobots.robotstxt.usage;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.usage.TdmRepFile.Status;
import io.github.reactiverobots.robotstxt.usage.TdmReservation.Reservation;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** SEMANTICS.md §8: {@code /.well-known/tdmrep.json} and how the TDMRep sources merge. */
class TdmRepFileTest {
  private static TdmRepFile file(String json) {
    return TdmRepFile.parse(json.getBytes(StandardCharsets.UTF_8));
  }

  /** The shape of the protocol's examples: a default for the site, then a collection. */
  private static final String EXAMPLE =
      """
      [
        {"location": "/", "tdm-reservation": 0},
        {"location": "/books/*", "tdm-reservation": 1,
         "tdm-policy": "https://provider.example/policies/1"},
        {"location": "/*.pdf$", "tdm-reservation": 1}
      ]
      """;

  @Test
  void theFirstMatchingEntryWinsNotTheLongest() {
    TdmRepFile f = file(EXAMPLE);
    assertThat(f.status()).isEqualTo(Status.READ);
    assertThat(f.entries()).hasSize(3);
    // "/books/*" and "/*.pdf$" are longer matches, but "/" comes first.
    assertThat(f.lookup("/books/42").reservation()).isEqualTo(Reservation.NOT_RESERVED);
    assertThat(f.lookup("https://a.example/paper.pdf").reservation())
        .isEqualTo(Reservation.NOT_RESERVED);

    TdmRepFile specificFirst =
        file(
            """
            [{"location": "/books/*", "tdm-reservation": 1, "tdm-policy": "https://p.example/1"},
             {"location": "/", "tdm-reservation": 0}]
            """);
    TdmReservation books = specificFirst.lookup("/books/42?page=2");
    assertThat(books.reserved()).isTrue();
    assertThat(books.policyUrl()).contains("https://p.example/1");
    assertThat(books.source()).isEqualTo(UsageSource.TDMREP_FILE);
    assertThat(specificFirst.lookup("/music").reservation()).isEqualTo(Reservation.NOT_RESERVED);
  }

  @ParameterizedTest
  @CsvSource({
    "/,            /anything,        true",
    "/books,       /books/1,         true",
    "/books,       /book,            false",
    "/*.pdf$,      /a/b.pdf,         true",
    "/*.pdf$,      /a/b.pdf?x=1,     false",
    "/*.pdf,       /a/b.pdf?x=1,     true",
    "/a/*/c,       /a/b/b/c/d,       true",
    "/a/*/c$,      /a/b/c/c,         true",
    "/a/*/c$,      /a/b/cd,          false",
    "*,            /x,               true",
    "/x$,          /x,               true",
    "/x$,          /xy,              false",
    "/caf%C3%A9,   /café/menu,       true",
    "/a%2a,        /a*,              true",
    "/a%2a,        /ab,              false",
    "books,        /books,           false",
    "/a%24,        /a$,              true",
    "/a%24,        /a,               false",
    "/a%24$,       /a%24,            true",
  })
  void locationsUseTheRobotsPatternSyntax(String location, String path, boolean matches) {
    TdmRepFile f = file("[{\"location\": \"" + location + "\", \"tdm-reservation\": 1}]");
    assertThat(f.lookup(path).reserved()).as("%s on %s", location, path).isEqualTo(matches);
  }

  @Test
  void anEntryWithAnUnreadableReservationStillDecidesAsUnknown() {
    TdmRepFile f =
        file(
            """
            [{"location": "/a/", "tdm-reservation": "1"},
             {"location": "/b/", "tdm-reservation": 2},
             {"location": "/c/", "tdm-reservation": 1e999999999},
             {"tdm-reservation": 1},
             {"location": "/", "tdm-reservation": 0}]
            """);
    assertThat(f.entries()).hasSize(4);
    for (String path : List.of("/a/x", "/b/x", "/c/x")) {
      assertThat(f.lookup(path)).as(path).isEqualTo(TdmReservation.UNKNOWN);
    }
    assertThat(f.lookup("/d").reservation()).isEqualTo(Reservation.NOT_RESERVED);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "not json",
        "{\"location\": \"/\", \"tdm-reservation\": 1}",
        "[{\"location\": \"/\", \"tdm-reservation\": 1}",
        "[{\"location\": \"/\", \"tdm-reservation\": 1}] trailing",
        "[1, 2]",
        "[{\"location\": \"/\\x\"}]",
        "[{\"location\": \"/\", \"tdm-reservation\": 01}]",
        "<html><body>Not found</body></html>",
      })
  void garbageIsUnreadableAndEveryAnswerUnknown(String body) {
    TdmRepFile f = file(body);
    assertThat(f.status()).isEqualTo(Status.UNREADABLE);
    assertThat(f.lookup("/x")).isEqualTo(TdmReservation.UNKNOWN);
  }

  @Test
  void hostileFilesAreUnreadableNeverAnError() {
    String deep = "[".repeat(100_000) + "]".repeat(100_000);
    assertThat(file(deep).status()).isEqualTo(Status.UNREADABLE);

    StringBuilder many = new StringBuilder("[");
    for (int i = 0; i <= TdmRepFile.MAX_ENTRIES; i++) {
      many.append(i > 0 ? "," : "").append("{\"location\":\"/").append(i).append("\"}");
    }
    assertThat(file(many.append(']').toString()).status()).isEqualTo(Status.UNREADABLE);

    String padded =
        "[{\"location\": \"/\", \"tdm-reservation\": 0, \"x\": \""
            + "a".repeat(TdmRepFile.MAX_BYTES)
            + "\"}]";
    assertThat(file(padded).status()).as("oversized").isEqualTo(Status.UNREADABLE);

    byte[] badUtf8 = {'[', '{', '"', 'l', (byte) 0xC3, '"', ':', '1', '}', ']'};
    assertThat(TdmRepFile.parse(badUtf8).status()).isEqualTo(Status.UNREADABLE);

    String longLocation =
        "[{\"location\": \"/"
            + "a".repeat(TdmRepFile.MAX_LOCATION)
            + "\", \"tdm-reservation\": 0},"
            + " {\"location\": \"/\", \"tdm-reservation\": 1}]";
    assertThat(file(longLocation).lookup("/" + "a".repeat(TdmRepFile.MAX_LOCATION)).reserved())
        .as("a location past the bound matches nothing")
        .isTrue();
  }

  @Test
  void aByteOrderMarkAndEscapesAreRead() {
    byte[] json =
        ("\uFEFF[{\"location\": \"\\/caf\\u00e9\", \"tdm-reservation\": 1}]")
            .getBytes(StandardCharsets.UTF_8);
    TdmRepFile f = TdmRepFile.parse(json);
    assertThat(f.entries().get(0).location()).isEqualTo("/café");
    assertThat(f.lookup("/caf%C3%A9").reserved()).isTrue();
  }

  @Test
  void unsetAndUnreadableAnswerUnknown() {
    assertThat(TdmRepFile.UNSET.lookup("/")).isEqualTo(TdmReservation.UNKNOWN);
    assertThat(TdmRepFile.UNREADABLE.lookup("/")).isEqualTo(TdmReservation.UNKNOWN);
    assertThat(file("[]").lookup("/")).isEqualTo(TdmReservation.UNKNOWN);
  }

  @Test
  void headersOverrideTheFileAndHtmlOverridesBoth() {
    TdmReservation fileSays =
        file("[{\"location\": \"/\", \"tdm-reservation\": 1,"
                + " \"tdm-policy\": \"https://p.example/file\"}]")
            .lookup("/page");
    TdmReservation headerSays = TdmReservation.of("0", null, UsageSource.HEADER);
    TdmReservation htmlSays = TdmReservation.of("1", "https://p.example/html", UsageSource.HTML);

    TdmReservation fileOnly =
        TdmReservation.merge(fileSays, TdmReservation.UNKNOWN, TdmReservation.UNKNOWN);
    assertThat(fileOnly.reserved()).isTrue();
    assertThat(fileOnly.source()).isEqualTo(UsageSource.TDMREP_FILE);

    TdmReservation header = TdmReservation.merge(fileSays, headerSays, TdmReservation.UNKNOWN);
    assertThat(header.reservation()).isEqualTo(Reservation.NOT_RESERVED);
    assertThat(header.source()).isEqualTo(UsageSource.HEADER);
    assertThat(header.policy())
        .as("an absent policy keeps the file's")
        .isEqualTo("https://p.example/file");

    TdmReservation all = TdmReservation.merge(fileSays, headerSays, htmlSays);
    assertThat(all.reserved()).isTrue();
    assertThat(all.source()).isEqualTo(UsageSource.HTML);
    assertThat(all.policy()).isEqualTo("https://p.example/html");

    TdmReservation unreadableHtml = TdmReservation.of("yes", null, UsageSource.HTML);
    assertThat(TdmReservation.merge(fileSays, headerSays, unreadableHtml))
        .as("an unreadable value is absent: it resets nothing")
        .isEqualTo(header);
    assertThat(
            TdmReservation.merge(
                TdmReservation.UNKNOWN, TdmReservation.UNKNOWN, TdmReservation.UNKNOWN))
        .isEqualTo(TdmReservation.UNKNOWN);
  }

  @Test
  void valuesAreReadStrictly() {
    assertThat(TdmReservation.of(" 1 ", null, UsageSource.HEADER).reserved()).isTrue();
    assertThat(TdmReservation.of("true", null, UsageSource.HEADER).reservation())
        .isEqualTo(Reservation.UNKNOWN);
    assertThat(TdmReservation.of("1", null, UsageSource.HEADER).toString())
        .isEqualTo("tdm-reservation=1 (header)");
  }
}
