package io.github.reactiverobots.core.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.core.internal.url.CanonicalPaths;
import io.github.reactiverobots.core.testing.Corpus;
import io.github.reactiverobots.core.testing.UrlRow;
import io.github.reactiverobots.core.url.SplitUrl;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link CanonicalPaths#bytes}, the shortcut of {@link ProfilePaths#cachePath} and {@code
 * RobotsRules} for canonical URLs, reads the path {@link SplitUrl#of} reads, byte for byte, on
 * every {@code urls.tsv} row's URL and on variants of each (query only, fragment, empty path,
 * explicit port).
 */
class ProfilePathsTest {
  @Test
  void theCanonicalShortcutReadsTheSplittersPath() {
    Corpus corpus = Corpus.full();
    int keyed = 0;
    List<String> disagreements = new ArrayList<>();
    for (UrlRow r : corpus.rows()) {
      String url = corpus.file(r.file()).url(r.path());
      String origin = SplitUrl.of(url).origin().key();
      for (String u :
          List.of(
              url,
              url + "#f",
              origin,
              origin + "?q=1",
              origin + "#",
              origin + ":8080/x?y#z",
              origin + ":80/x")) {
        int keyLength = SplitUrl.originKeyLength(u);
        byte[] expected = SplitUrl.of(u).pathAndQuery().getBytes(StandardCharsets.UTF_8);
        if (keyLength >= 0) {
          keyed++;
          String got = new String(CanonicalPaths.bytes(u, keyLength), StandardCharsets.UTF_8);
          if (!got.equals(new String(expected, StandardCharsets.UTF_8))) {
            disagreements.add(u + ": " + got);
          }
        }
        assertThat(ProfilePaths.cachePath(u)).as(u).isEqualTo(expected);
      }
    }
    assertThat(disagreements).isEmpty();
    assertThat(keyed).isGreaterThan(corpus.rows().size() * 5);
  }
}
