package io.github.reactiverobots.robotstxt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The parser module alone, on the JDK: the optional jsoup is absent. robots.txt files still parse
 * and check, usage preferences (read by the module's own Structured Fields parser), content signals
 * and header directives are still read, and only reading {@code <meta>} tags fails, with an {@link
 * IllegalStateException} naming jsoup. The classes are loaded in a class loader of their own that
 * sees nothing but the module's classes and the JDK.
 */
class WithoutOptionalLibrariesTest {
  private static final String BODY =
      String.join(
          "\n",
          "User-agent: *",
          "Content-Signal: ai-train=no",
          "Disallow: /private",
          "Content-Usage: / train-ai=n",
          "");

  private URLClassLoader loader;

  @BeforeEach
  void isolate() throws Exception {
    loader =
        new URLClassLoader(
            new URL[] {location(RobotsTxt.class)}, ClassLoader.getPlatformClassLoader());
    assertThat(catchThrowable(() -> loader.loadClass("org.jsoup.Jsoup")))
        .isInstanceOf(ClassNotFoundException.class);
  }

  @AfterEach
  void close() throws Exception {
    loader.close();
  }

  @Test
  void robotsTxtParsesChecksAndAnswersUsage() throws Exception {
    Object robots =
        call(
            null,
            "io.github.reactiverobots.robotstxt.RobotsTxt",
            "parse",
            new Class<?>[] {byte[].class},
            (Object) BODY.getBytes(StandardCharsets.UTF_8));
    Object rules = call(robots, null, "forAgent", new Class<?>[] {String.class}, "bot");
    Object verdict = call(rules, null, "check", new Class<?>[] {String.class}, "/private/x");
    assertThat(verdict.toString()).contains("Disallow: /private");
    assertThat(call(rules, null, "contentSignals", new Class<?>[0]).toString())
        .isEqualTo("ContentSignals{ai-train=no}");
    assertThat(call(rules, null, "usageRules", new Class<?>[0]).toString())
        .contains("Content-Usage: / train-ai=n (line 4)");
    assertThat(call(rules, null, "usage", new Class<?>[] {String.class}, "/x").toString())
        .contains("train-ai=n");
    Object lint =
        call(
            null,
            "io.github.reactiverobots.robotstxt.Linter",
            "lint",
            new Class<?>[] {
              byte[].class, loader.loadClass("io.github.reactiverobots.robotstxt.ParseOptions")
            },
            BODY.getBytes(StandardCharsets.UTF_8),
            call(
                null,
                "io.github.reactiverobots.robotstxt.ParseOptions",
                "defaults",
                new Class<?>[0]));
    assertThat(lint.toString()).doesNotContain("content_usage");
    Object plain =
        call(
            null,
            "io.github.reactiverobots.robotstxt.RobotsTxt",
            "parse",
            new Class<?>[] {byte[].class},
            (Object) "User-agent: *\nDisallow: /p\n".getBytes(StandardCharsets.UTF_8));
    Object plainRules = call(plain, null, "forAgent", new Class<?>[] {String.class}, "bot");
    assertThat(call(plainRules, null, "usage", new Class<?>[] {String.class}, "/x").toString())
        .contains("train-ai=unknown");
  }

  @Test
  void pageHeadersAreReadAndMetaTagsNameTheirLibrary() throws Exception {
    String tags = "io.github.reactiverobots.robotstxt.page.RobotsTags";
    Object header =
        call(
            null,
            tags,
            "header",
            new Class<?>[] {List.class, String.class},
            List.of("noindex"),
            "bot");
    assertThat(call(header, null, "mayIndex", new Class<?>[0])).isEqualTo(false);
    Class<?> type = loader.loadClass(tags);
    Throwable meta =
        failure(
            type,
            "meta",
            new Class<?>[] {byte[].class, String.class},
            "<head></head>".getBytes(StandardCharsets.UTF_8),
            "bot");
    assertThat(meta).isInstanceOf(IllegalStateException.class).hasMessageContaining("org.jsoup");
    Object contentUsage =
        call(null, tags, "contentUsage", new Class<?>[] {List.class}, List.of("train-ai=n"));
    assertThat(contentUsage.toString()).isEqualTo("PageDirectives{train-ai=n}");
  }

  private static URL location(Class<?> type) {
    return type.getProtectionDomain().getCodeSource().getLocation();
  }

  /** Calls {@code method} on {@code target}, or statically on class {@code type}. */
  private Object call(
      Object target, String type, String method, Class<?>[] parameters, Object... args)
      throws Exception {
    Class<?> owner = target != null ? publicType(target.getClass()) : loader.loadClass(type);
    Method m = owner.getMethod(method, parameters);
    try {
      return m.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw new AssertionError(method + " failed", e.getCause());
    }
  }

  /** {@code type}, or the public interface a package-private implementation answers for. */
  private static Class<?> publicType(Class<?> type) {
    if (Modifier.isPublic(type.getModifiers())) {
      return type;
    }
    for (Class<?> i : type.getInterfaces()) {
      if (Modifier.isPublic(i.getModifiers())
          && i.getName().startsWith("io.github.reactiverobots.robotstxt.")
          && !i.getName().contains(".internal.")) {
        return i;
      }
    }
    throw new AssertionError("no public type for " + type);
  }

  /** What calling {@code method} throws. */
  private static Throwable failure(
      Object targetOrType, String method, Class<?>[] parameters, Object... args) throws Exception {
    boolean statik = targetOrType instanceof Class<?>;
    Class<?> owner = statik ? (Class<?>) targetOrType : targetOrType.getClass();
    try {
      owner.getMethod(method, parameters).invoke(statik ? null : targetOrType, args);
      return null;
    } catch (InvocationTargetException e) {
      return e.getCause();
    }
  }
}
