package io.github.reactiverobots.crawlercommons;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * Holds crawler-commons' own robots tests to the list of those expected to fail against the adapter
 * ({@code crawler-commons-expected-failures.tsv}, each with the SEMANTICS.md line or RFC 9309
 * section that decides it, as the module's README lists them): a listed test must fail (its failure
 * is then swallowed and it reports as passed), an unlisted one must pass, and every listed test
 * must have run. A new failure, a newly passing test or a stale entry fails the build. Registered
 * by service loading in the surefire execution that runs their tests jar; acts only on classes of
 * package {@code crawlercommons.robots}.
 */
public final class ExpectedFailures
    implements TestExecutionExceptionHandler, AfterTestExecutionCallback, AfterAllCallback {
  static final String LIST = "/crawler-commons-expected-failures.tsv";

  private static final Map<String, String> EXPECTED = load();
  private static final Set<String> FAILED = ConcurrentHashMap.newKeySet();
  private static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

  /** The list: test id to the line that decides it. */
  static Map<String, String> load() {
    Map<String, String> out = new LinkedHashMap<>();
    try (InputStream in = ExpectedFailures.class.getResourceAsStream(LIST)) {
      if (in == null) {
        throw new IllegalStateException(LIST + " is missing");
      }
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] cols = line.split("\t");
        if (cols.length < 2 || cols[1].isBlank()) {
          throw new IllegalStateException(LIST + ": no deciding line for " + line);
        }
        if (out.put(cols[0], cols[1]) != null) {
          throw new IllegalStateException(LIST + ": " + cols[0] + " is listed twice");
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /**
   * A test's id as the list names it: {@code Class.method}, with {@code [n]} for the n-th
   * invocation of a parameterised test.
   */
  static String id(ExtensionContext context) {
    String cls = context.getRequiredTestClass().getSimpleName();
    String method = context.getRequiredTestMethod().getName();
    String unique = context.getUniqueId();
    int at = unique.lastIndexOf("[test-template-invocation:#");
    String row = at < 0 ? "" : "[" + unique.substring(at + 27, unique.indexOf(']', at)) + "]";
    return cls + "." + method + row;
  }

  private static boolean ours(ExtensionContext context) {
    return context.getRequiredTestClass().getPackageName().equals("crawlercommons.robots");
  }

  @Override
  public void handleTestExecutionException(ExtensionContext context, Throwable throwable)
      throws Throwable {
    String id = id(context);
    if (ours(context) && EXPECTED.containsKey(id) && !(throwable instanceof LinkageError)) {
      FAILED.add(id);
      return;
    }
    throw throwable;
  }

  @Override
  public void afterTestExecution(ExtensionContext context) {
    if (!ours(context)) {
      return;
    }
    String id = id(context);
    SEEN.add(id);
    if (EXPECTED.containsKey(id) && !FAILED.contains(id)) {
      throw new AssertionError(
          id
              + " is listed as an expected failure ("
              + EXPECTED.get(id)
              + ") but passed: remove it from "
              + LIST
              + " and the README");
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (!ours(context)) {
      return;
    }
    String prefix = context.getRequiredTestClass().getSimpleName() + ".";
    for (String id : EXPECTED.keySet()) {
      if (id.startsWith(prefix) && !SEEN.contains(id)) {
        throw new AssertionError(id + " is listed in " + LIST + " but did not run");
      }
    }
  }
}
