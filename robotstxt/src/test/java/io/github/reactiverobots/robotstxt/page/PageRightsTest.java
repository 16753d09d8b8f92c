package io.github.reactiverobots.robotstxt.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.github.reactiverobots.robotstxt.page.PageRights.LicenseLink;
import io.github.reactiverobots.robotstxt.usage.TdmReservation.Reservation;
import io.github.reactiverobots.robotstxt.usage.UsageSource;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SEMANTICS.md §9: licence links and TDMRep in a page's headers and HTML. */
class PageRightsTest {
  private static byte[] html(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void linkHeadersWithRelLicense() {
    List<LicenseLink> links =
        PageRights.linkHeaders(
            List.of(
                "<https://a.com/license.xml>; rel=\"license\"; type=\"application/rsl+xml\"",
                "</next>; rel=next, <https://creativecommons.org/licenses/by/4.0/>;"
                    + " rel=\"alternate LICENSE\"",
                "<https://b.com/x>; anchor=\"#img\"; rel=license",
                "<https://c.com/l>; rel=license; rel=next",
                "<https://d.com/l>; rel=next; rel=license",
                "garbage, <https://e.com/l>;rel=license;title=\"a, b\"",
                "<https://a.com/license.xml>; rel=license"));
    assertThat(links)
        .extracting(LicenseLink::url, LicenseLink::type)
        .containsExactly(
            tuple("https://a.com/license.xml", "application/rsl+xml"),
            tuple("https://creativecommons.org/licenses/by/4.0/", ""),
            tuple("https://c.com/l", ""),
            tuple("https://e.com/l", ""));
    assertThat(links.get(0).isRsl()).isTrue();
    assertThat(links.get(1).isRsl()).isFalse();
    assertThat(links).allMatch(l -> l.source() == UsageSource.HEADER);
  }

  @Test
  void htmlLinkAndMetaTags() {
    PageRights rights =
        PageRights.read(
            List.of("<https://a.com/rsl.xml>; rel=license; type=application/rsl+xml"),
            List.of(),
            List.of(),
            html(
                "<html><head><link rel=\"license\" href=\"/terms.xml\""
                    + " type=\"application/rsl+xml\"><link rel=stylesheet href=/s.css>"
                    + "<link rel=\"License\" href=\"https://a.com/rsl.xml\">"
                    + "<meta name=\"tdm-reservation\" content=\"1\">"
                    + "<meta name=\"TDM-Policy\" content=\"https://a.com/tdm-policy.json\">"
                    + "</head><body><link rel=license href=/late.xml></body></html>"));
    assertThat(rights.licenses())
        .extracting(LicenseLink::url, LicenseLink::source)
        .containsExactly(
            tuple("https://a.com/rsl.xml", UsageSource.HEADER),
            tuple("/terms.xml", UsageSource.HTML));
    assertThat(rights.tdmHtml().reserved()).isTrue();
    assertThat(rights.tdmHtml().policy()).isEqualTo("https://a.com/tdm-policy.json");
    assertThat(rights.tdmHtml().source()).isEqualTo(UsageSource.HTML);
    assertThat(rights.tdmHeaders().reservation()).isEqualTo(Reservation.UNKNOWN);
  }

  @Test
  void tdmHeadersThenHtml() {
    PageRights rights =
        PageRights.read(
            List.of(),
            List.of("1"),
            List.of("https://a.com/policy"),
            html("<head><meta name=tdm-reservation content=0></head>"));
    assertThat(rights.tdmHeaders().reserved()).isTrue();
    assertThat(rights.tdmHeaders().source()).isEqualTo(UsageSource.HEADER);
    assertThat(rights.tdm().reservation()).isEqualTo(Reservation.NOT_RESERVED);
    assertThat(rights.tdm().source()).isEqualTo(UsageSource.HTML);
    assertThat(rights.tdm().policy())
        .as("the header's policy is kept")
        .isEqualTo("https://a.com/policy");

    PageRights noHtml = PageRights.read(List.of(), List.of("0", "1", "x"), List.of(), null);
    assertThat(noHtml.tdm().reserved()).as("of several values a 1 wins").isTrue();
    PageRights htmlSaysNothing =
        PageRights.read(
            List.of(),
            List.of("1"),
            List.of(),
            html("<head><meta name=tdm-reservation content=yes>"));
    assertThat(htmlSaysNothing.tdm().source()).isEqualTo(UsageSource.HEADER);
  }

  @Test
  void nothingSaysNothing() {
    PageRights none = PageRights.read(List.of(), List.of(), List.of(), null);
    assertThat(none).isEqualTo(PageRights.NONE);
    assertThat(none.tdm().reservation()).isEqualTo(Reservation.UNKNOWN);
    assertThat(PageRights.read(List.of(), List.of(), List.of(), html("\u0000\u00ff<<<")).licenses())
        .isEmpty();
  }
}
