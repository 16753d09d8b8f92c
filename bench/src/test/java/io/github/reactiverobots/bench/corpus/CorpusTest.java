package io.github.reactiverobots.bench.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class CorpusTest {

  @Test
  void indexNamesEveryFileInTheCorpusDirectoryAndNothingElse() throws IOException, URISyntaxException {
    Path dir = Path.of(Corpus.class.getResource("/corpus/files").toURI());
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(Corpus.load().files())
          .extracting(CorpusFile::name)
          .containsExactlyInAnyOrderElementsOf(
              files.map(p -> p.getFileName().toString()).toList());
    }
  }

  @Test
  void loadsBodiesRowsAndManifest() {
    Corpus corpus = Corpus.load();
    assertThat(corpus.files()).hasSize(320);
    assertThat(corpus.rows()).hasSize(5410);
    assertThat(corpus.totalBytes())
        .isEqualTo(corpus.files().stream().mapToLong(f -> f.body().length).sum());
    assertThat(corpus.largest().name()).isEqualTo("www.hermes.com.txt");
    assertThat(corpus.largest().body()).hasSize(1_372_557);
    corpus.files().forEach(f -> assertThat(corpus.manifest(f.name())).as(f.name()).isNotNull());
    UrlRow first = corpus.rows().get(0);
    assertThat(first.line()).isEqualTo(2);
    assertThat(corpus.file(first.file()).body()).isNotEmpty();
  }

  @Test
  void fileNamesStandForOrigins() {
    assertThat(CorpusFile.originOf("www.example.com.txt")).isEqualTo("http://www.example.com");
    assertThat(CorpusFile.originOf("moodle.org_443.txt")).isEqualTo("https://moodle.org");
    assertThat(Corpus.load().file("moodle.org_443.txt").url("/a?b")).isEqualTo("https://moodle.org/a?b");
  }
}
