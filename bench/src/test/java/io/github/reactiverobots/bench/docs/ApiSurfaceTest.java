package io.github.reactiverobots.bench.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The public API of each library module with a module descriptor, as a user on the module path sees
 * it (the public and protected types and members of its exported packages), is the one committed in
 * {@code src/test/resources/api/MODULE.api}, so that a change to it is deliberate: a change makes
 * this test fail, and {@code -Dapi.write=true} rewrites the files, to be committed with the change.
 * The command is in CONTRIBUTING.md. (The Spring Boot starter, an automatic module whose types need
 * Spring on the class path, is not covered.)
 */
class ApiSurfaceTest {
  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
  private static final Path BASELINES = Path.of("src", "test", "resources", "api");

  @ParameterizedTest
  @ValueSource(strings = {"core", "netty-fetcher", "metrics", "redis"})
  void theExportedApiIsTheCommittedOne(String module) throws Exception {
    String api = String.join("\n", dump(ROOT.resolve(module).resolve("target/classes"))) + "\n";
    Path baseline = BASELINES.resolve(module + ".api");
    if (Boolean.getBoolean("api.write")) {
      Files.createDirectories(BASELINES);
      Files.writeString(baseline, api, StandardCharsets.UTF_8);
    }
    assertThat(baseline)
        .as(
            "the committed API of %s; after a deliberate change run ./mvnw -B -q"
                + " -pl bench -am verify -Dtest=ApiSurfaceTest -Dsurefire.failIfNoSpecifiedTests=false"
                + " -Dapi.write=true and commit bench/%s",
            module, baseline)
        .exists();
    assertThat(api)
        .as(
            "the API of %s against bench/%s (regenerate with -Dapi.write=true when"
                + " the change is deliberate)",
            module, baseline)
        .isEqualTo(Files.readString(baseline, StandardCharsets.UTF_8));
  }

  /** One line per exported type, followed by one indented line per public or protected member. */
  static List<String> dump(Path classes) throws IOException, ClassNotFoundException {
    ModuleDescriptor module;
    try (InputStream in = Files.newInputStream(classes.resolve("module-info.class"))) {
      module = ModuleDescriptor.read(in);
    }
    Set<String> exported =
        module.exports().stream()
            .filter(e -> !e.isQualified())
            .map(ModuleDescriptor.Exports::source)
            .collect(Collectors.toSet());
    Set<String> names = new TreeSet<>();
    try (Stream<Path> files = Files.walk(classes)) {
      files
          .map(p -> classes.relativize(p).toString())
          .filter(
              p ->
                  p.endsWith(".class")
                      && !p.endsWith("module-info.class")
                      && !p.endsWith("package-info.class"))
          .map(p -> p.substring(0, p.length() - ".class".length()).replace('/', '.'))
          .filter(n -> exported.contains(n.substring(0, n.lastIndexOf('.'))))
          .forEach(names::add);
    }
    List<String> lines = new ArrayList<>();
    ClassLoader loader = ApiSurfaceTest.class.getClassLoader();
    for (String name : names) {
      Class<?> type = Class.forName(name, false, loader);
      if (!visible(type)) {
        continue;
      }
      lines.add(
          Modifier.toString(type.getModifiers() & ~Modifier.SYNCHRONIZED)
              + " "
              + (type.isInterface()
                  ? ""
                  : type.isEnum() ? "enum " : type.isRecord() ? "record " : "class ")
              + type.getTypeName()
              + supertypes(type));
      Set<String> members = new TreeSet<>();
      for (Constructor<?> c : type.getDeclaredConstructors()) {
        add(members, c, c.toGenericString());
      }
      for (Method m : type.getDeclaredMethods()) {
        if (!m.isSynthetic() && !m.isBridge()) {
          add(members, m, m.toGenericString());
        }
      }
      for (Field f : type.getDeclaredFields()) {
        if (!f.isSynthetic()) {
          add(members, f, f.toGenericString());
        }
      }
      members.forEach(m -> lines.add("  " + m));
    }
    return lines;
  }

  private static void add(Set<String> members, Member member, String signature) {
    int modifiers = member.getModifiers();
    if (Modifier.isPublic(modifiers)
        || (Modifier.isProtected(modifiers)
            && !Modifier.isFinal(member.getDeclaringClass().getModifiers()))) {
      members.add(signature);
    }
  }

  /** Public, and (for a nested type) every enclosing type public. */
  private static boolean visible(Class<?> type) {
    for (Class<?> t = type; t != null; t = t.getDeclaringClass()) {
      if (!Modifier.isPublic(t.getModifiers()) || t.isAnonymousClass() || t.isLocalClass()) {
        return false;
      }
    }
    return true;
  }

  private static String supertypes(Class<?> type) {
    StringBuilder s = new StringBuilder();
    if (type.getGenericSuperclass() != null
        && type.getSuperclass() != Object.class
        && !type.isEnum()
        && !type.isRecord()) {
      s.append(" extends ").append(type.getGenericSuperclass().getTypeName());
    }
    var interfaces = type.getGenericInterfaces();
    if (interfaces.length > 0) {
      s.append(type.isInterface() ? " extends " : " implements ")
          .append(
              Stream.of(interfaces)
                  .map(java.lang.reflect.Type::getTypeName)
                  .collect(Collectors.joining(", ")));
    }
    return s.toString();
  }
}
