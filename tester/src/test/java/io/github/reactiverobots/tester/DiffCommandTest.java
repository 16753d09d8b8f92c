package io.github.reactiverobots.tester;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code diff}: two versions compared by effect. */
class DiffCommandTest {
  @TempDir Path dir;

  @Test
  void flipsSitemapsPacingAndUsageChangesAreListed() throws Exception {
    Path old =
        Files.writeString(
            dir.resolve("old.txt"),
            "User-agent: *\nDisallow: /private/\n" + "Sitemap: https://a.example/old.xml\n");
    Path neu =
        Files.writeString(
            dir.resolve("new.txt"),
            "User-agent: *\nDisallow: /private/\n"
                + "Disallow: /drafts/\nCrawl-delay: 2\n\nUser-agent: GPTBot\nDisallow: /\n"
                + "Content-Usage: / train-ai=n\nSitemap: https://a.example/new.xml\n");
    Path urls =
        Files.writeString(
            dir.resolve("urls.txt"),
            "https://a.example/\nhttps://a.example/drafts/1\n# a comment\n"
                + "https://a.example/private/x\n");
    TesterRun run =
        TesterRun.of(
            "",
            "diff",
            old.toString(),
            neu.toString(),
            "--urls",
            urls.toString(),
            "--agents",
            "GPTBot,MyBot");
    assertThat(run.status()).isOne();
    assertThat(run.out().lines())
        .contains(
            "flip\tGPTBot\thttps://a.example/\tALLOWED -> DISALLOWED\tno rule matches: allowed -> Disallow: /"
                + " (line 7)",
            "flip\tGPTBot\thttps://a.example/drafts/1\tALLOWED -> DISALLOWED\tno rule matches: allowed ->"
                + " Disallow: / (line 7)",
            "flip\tMyBot\thttps://a.example/drafts/1\tALLOWED -> DISALLOWED\tno rule matches: allowed ->"
                + " Disallow: /drafts/ (line 3)",
            "sitemap\t+ https://a.example/new.xml",
            "sitemap\t- https://a.example/old.xml",
            "pacing\tMyBot\tnone -> crawl-delay=2s",
            "checked\t2 agents x 3 URLs\t3 flips");
    assertThat(run.out()).contains("usage\tGPTBot\tnone -> Content-Usage: / train-ai=n\n");
    // Without lists, the agents and paths come from the files.
    TesterRun derived = TesterRun.of("", "diff", old.toString(), neu.toString());
    assertThat(derived.out())
        .contains("flip\tgptbot\t/\t")
        .contains("flip\tAnyOtherBot\t/drafts/\t");
    TesterRun same = TesterRun.of("", "diff", old.toString(), old.toString());
    assertThat(same.status()).isZero();
    assertThat(same.out()).isEqualTo("checked\t1 agents x 2 URLs\t0 flips\n");
  }
}
