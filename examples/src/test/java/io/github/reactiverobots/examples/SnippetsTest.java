package io.github.reactiverobots.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The extraction of the documentation's java blocks that the consumer builds compile. */
class SnippetsTest {
  private static final String PROGRAM =
      "package example;\n\nimport java.util.List;\n\npublic final class Hello {\n}\n";

  @Test
  void eachCompleteBlockIsReadWithItsPackageTypeAndLine() {
    List<Snippets.Snippet> read =
        Snippets.read("README.md", "# Title\n\ntext\n\n```java\n" + PROGRAM + "```\n");
    assertThat(read)
        .containsExactly(new Snippets.Snippet("README.md", 5, "example", "Hello", PROGRAM));
  }

  @Test
  void aFragmentWithoutImportsOrATypeFailsNamingThePageAndLine() {
    assertThatThrownBy(
            () -> Snippets.read("README.md", "intro\n\n```java\nrobots.check(url);\n```\n"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("README.md line 3: a java block must be a complete program");
  }

  @Test
  void aBlockThatDiffersFromItsFileUnderSameAsFailsTheRun(@TempDir Path dir) throws IOException {
    Path sources = Files.createDirectories(dir.resolve("src/example"));
    Files.writeString(sources.resolve("Hello.java"), PROGRAM.replace("{\n}", "{}"));
    Path page = Files.writeString(dir.resolve("README.md"), "```java\n" + PROGRAM + "```\n");
    assertThatThrownBy(
            () ->
                Snippets.main(
                    new String[] {
                      "--same-as",
                      dir.resolve("src").toString(),
                      dir.resolve("out").toString(),
                      page.toString()
                    }))
        .hasMessageContaining("README.md line 1: the Hello block differs from");
    Files.writeString(sources.resolve("Hello.java"), PROGRAM);
    Snippets.main(
        new String[] {
          "--same-as", dir.resolve("src").toString(), dir.resolve("out").toString(), page.toString()
        });
    assertThat(dir.resolve("out/README/example/Hello.java")).hasContent(PROGRAM);
    assertThat(dir.resolve("out/Hello/example/Hello.java")).hasContent(PROGRAM);
  }
}
