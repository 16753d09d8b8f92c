package io.github.reactiverobots.robotstxt.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class CorpusTest {

  @Test
  void manifestNamesEveryFileInTheCorpusDirectoryAndNothingElse()
      throws IOException, URISyntaxException {
    Path dir = Path.of(Corpus.class.getResource("/corpus/files").toURI());
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(Corpus.full().files())
          .extracting(CorpusFile::name)
          .containsExactlyInAnyOrderElementsOf(files.map(p -> p.getFileName().toString()).toList());
    }
  }

  @Test
  void everyBodyIsTheOneTheManifestDescribes() throws NoSuchAlgorithmException {
    Corpus corpus = Corpus.full();
    MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
    for (CorpusFile f : corpus.files()) {
      Corpus.ManifestEntry m = corpus.manifest(f.name());
      assertThat(f.body()).as(f.name()).hasSize((int) m.bytes());
      assertThat(HexFormat.of().formatHex(sha256.digest(f.body())))
          .as(f.name())
          .isEqualTo(m.sha256());
    }
  }

  /** Sizes as given, and what holds for either corpus. */
  private static void assertLoaded(Corpus corpus, int files, int rows) {
    assertThat(corpus.files()).hasSize(files);
    assertThat(corpus.rows()).hasSize(rows);
    assertThat(corpus.totalBytes())
        .isEqualTo(corpus.files().stream().mapToLong(f -> f.body().length).sum());
    assertThat(corpus.largest().name()).isEqualTo("www.hermes.com.txt");
    assertThat(corpus.largest().body()).hasSize(1_372_557);
    corpus.files().forEach(f -> assertThat(corpus.manifest(f.name())).as(f.name()).isNotNull());
    assertThat(corpus.file(corpus.rows().get(0).file()).body()).isNotEmpty();
  }

  @Test
  void loadsBodiesRowsAndManifestOfTheOdditySample() {
    Corpus corpus = Corpus.odditySample();
    assertLoaded(corpus, 320, 5410);
    UrlRow first = corpus.rows().get(0);
    assertThat(first.file()).isEqualTo("10times.com.txt");
    assertThat(first.line()).as("its line in urls.tsv").isEqualTo(30);
  }

  @Test
  void loadsBodiesRowsAndManifestOfTheFullCorpus() {
    Corpus corpus = Corpus.full();
    assertLoaded(corpus, 3957, 74_435);
    assertThat(corpus.rows().get(0).line()).isEqualTo(2);
  }

  @Test
  void theOdditySampleIsPartOfTheFullCorpusWithTheSameBodiesAndRowsInOrder() {
    Corpus sample = Corpus.odditySample();
    Corpus full = Corpus.full();
    for (CorpusFile f : sample.files()) {
      assertThat(f.body()).as(f.name()).isEqualTo(full.file(f.name()).body());
      assertThat(sample.manifest(f.name())).isEqualTo(full.manifest(f.name()));
    }
    assertThat(full.rows()).containsSubsequence(sample.rows());
    assertThat(full.rows())
        .filteredOn(r -> sample.manifest(r.file()) != null)
        .containsExactlyElementsOf(sample.rows());
    assertThat(sample.manifest("103.88.218.109.txt")).isNull();
    assertThat(full.manifest("103.88.218.109.txt")).isNotNull();
  }

  @Test
  void fileNamesStandForOrigins() {
    assertThat(CorpusFile.originOf("www.example.com.txt")).isEqualTo("http://www.example.com");
    assertThat(CorpusFile.originOf("moodle.org_443.txt")).isEqualTo("https://moodle.org");
    assertThat(Corpus.odditySample().file("moodle.org_443.txt").url("/a?b"))
        .isEqualTo("https://moodle.org/a?b");
  }
}
