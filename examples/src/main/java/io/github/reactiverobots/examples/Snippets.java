package io.github.reactiverobots.examples;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes every {@code java} block of Markdown pages out as a source file, so that a consumer build
 * compiles the documentation's own text: {@code Snippets OUT PAGE...}. Each block must be a
 * complete compilation unit (imports, one public top-level type), and is written twice: under
 * {@code OUT/<page>/} (such as {@code OUT/README/}), with the page's other blocks, and under {@code
 * OUT/<Type>/} alone, for a consumer build that compiles one program on a smaller class path. With
 * {@code --same-as DIR} first, a block whose type is also a file under the source root {@code DIR}
 * must be that file's text exactly (the README shows the hello-world that a consumer build runs). A
 * block that is not complete, or differs from its file, fails the build, naming the page and line.
 */
public final class Snippets {
  private static final Pattern BLOCK = Pattern.compile("(?m)^```java\n(.*?)^```$", Pattern.DOTALL);
  private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");
  private static final Pattern TYPE =
      Pattern.compile("(?m)^public (?:final |abstract )?(?:class|record|interface|enum) (\\w+)");

  /** One block: where it is, and its source. */
  record Snippet(String page, int line, String packageName, String type, String source) {}

  private Snippets() {}

  /**
   * Extracts the blocks of the pages after the first argument into the directory it names.
   *
   * @param args the output directory, then the Markdown pages
   * @throws IOException if a page cannot be read or a file written
   */
  public static void main(String[] args) throws IOException {
    int first = args.length > 1 && args[0].equals("--same-as") ? 2 : 0;
    if (args.length < first + 2) {
      throw new IllegalArgumentException("usage: Snippets [--same-as DIR] OUT PAGE...");
    }
    Path out = Path.of(args[first]);
    List<Snippet> all = new ArrayList<>();
    for (int i = first + 1; i < args.length; i++) {
      Path page = Path.of(args[i]);
      all.addAll(read(page.getFileName().toString(), Files.readString(page)));
    }
    if (Files.exists(out)) {
      try (Stream<Path> old = Files.walk(out)) {
        for (Path p : old.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    for (Snippet s : all) {
      if (first == 2) {
        sameAs(Path.of(args[1]), s);
      }
      write(out.resolve(s.page().replaceFirst("\\.md$", "")), s);
      write(out.resolve(s.type()), s);
    }
    System.out.printf("%d java blocks of the documentation written to %s%n", all.size(), out);
  }

  /** The blocks of one page, in order. */
  static List<Snippet> read(String page, String markdown) {
    List<Snippet> snippets = new ArrayList<>();
    Matcher block = BLOCK.matcher(markdown);
    while (block.find()) {
      int line =
          1 + (int) markdown.substring(0, block.start()).chars().filter(c -> c == '\n').count();
      String source = block.group(1);
      Matcher type = TYPE.matcher(source);
      if (!type.find() || !source.contains("\nimport ")) {
        throw new IllegalStateException(
            page
                + " line "
                + line
                + ": a java block must be a complete program, its imports and one public type,"
                + " so that the consumer build can compile it");
      }
      Matcher pkg = PACKAGE.matcher(source);
      snippets.add(new Snippet(page, line, pkg.find() ? pkg.group(1) : "", type.group(1), source));
    }
    return snippets;
  }

  private static void sameAs(Path sources, Snippet s) throws IOException {
    Path file = file(sources, s);
    if (Files.exists(file) && !Files.readString(file).equals(s.source())) {
      throw new IllegalStateException(
          s.page()
              + " line "
              + s.line()
              + ": the "
              + s.type()
              + " block differs from "
              + file
              + ", which the consumer build runs; make them the same text");
    }
  }

  private static Path file(Path root, Snippet s) {
    Path dir = s.packageName().isEmpty() ? root : root.resolve(s.packageName().replace('.', '/'));
    return dir.resolve(s.type() + ".java");
  }

  private static void write(Path root, Snippet s) throws IOException {
    Path file = file(root, s);
    Files.createDirectories(file.getParent());
    if (Files.exists(file) && !Files.readString(file).equals(s.source())) {
      throw new IllegalStateException(
          s.page() + " line " + s.line() + ": another block already defines " + s.type());
    }
    Files.writeString(file, s.source(), StandardCharsets.UTF_8);
  }
}
