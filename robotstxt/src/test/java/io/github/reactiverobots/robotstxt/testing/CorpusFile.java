package io.github.reactiverobots.robotstxt.testing;

import java.util.Objects;

/**
 * One robots.txt body of the {@link Corpus} and the origin it stands for. Immutable except that
 * {@link #body()} hands out the shared array: callers must not modify it.
 *
 * @param name the file name in the corpus ({@code www.example.com.txt})
 * @param origin the origin the file stands for ({@code http://www.example.com}; a name ending in
 *     {@code _443.txt} stands for the {@code https} origin)
 * @param body the raw bytes, shared, never to be modified
 */
public record CorpusFile(String name, String origin, byte[] body) {
  public CorpusFile {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(body, "body");
  }

  /** The origin a corpus file name stands for. */
  public static String originOf(String fileName) {
    String host =
        fileName.endsWith(".txt") ? fileName.substring(0, fileName.length() - 4) : fileName;
    if (host.endsWith("_443")) {
      return "https://" + host.substring(0, host.length() - 4);
    }
    return "http://" + host;
  }

  /** The absolute URL of {@code pathAndQuery} on this file's origin. */
  public String url(String pathAndQuery) {
    return origin + pathAndQuery;
  }

  @Override
  public String toString() {
    return name + " (" + body.length + " bytes)";
  }
}
