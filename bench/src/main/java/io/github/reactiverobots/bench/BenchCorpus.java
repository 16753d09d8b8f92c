package io.github.reactiverobots.bench;

import io.github.reactiverobots.robotstxt.testing.Corpus;

/**
 * The corpus every bench command measures: the whole shared corpus (3,957 real robots.txt files and
 * their 74k urls.tsv rows, the distribution real sites have) unless the system property {@value
 * #PROPERTY} is {@code oddity}, which selects the 320-file oddity sample the tests use (every large
 * and unusual file, so a poor basis for headline figures). {@code compare --corpus} sets it, and
 * passes it to the JMH forks. Stateless.
 */
public final class BenchCorpus {
  /** The system property naming the corpus: {@code full} (default) or {@code oddity}. */
  public static final String PROPERTY = "reactive-robots.corpus";

  private BenchCorpus() {}

  /**
   * The selected corpus, loaded once.
   *
   * @return the corpus
   * @throws IllegalArgumentException if the property names neither corpus
   */
  public static Corpus selected() {
    String name = System.getProperty(PROPERTY, "full");
    return switch (name) {
      case "full" -> Corpus.full();
      case "oddity" -> Corpus.odditySample();
      default ->
          throw new IllegalArgumentException(PROPERTY + " must be full or oddity, was " + name);
    };
  }
}
