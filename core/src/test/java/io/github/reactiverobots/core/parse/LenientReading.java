package io.github.reactiverobots.core.parse;

/** Gives tests outside this package the parser's lenient path reading (package-private API). */
public final class LenientReading {
  private LenientReading() {}

  /** The path, params and query as Google's reference takes them from anything URL-like. */
  public static String pathParamsQuery(String url) {
    return LenientPaths.pathParamsQuery(url);
  }
}
