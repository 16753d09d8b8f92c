package io.github.reactiverobots.robotstxt.testing;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A module's public API as a user sees it (the public and protected types and members of its
 * exported packages; every package but {@code .internal} ones for a jar without a module
 * descriptor), one line per type and one indented line per member, compared with the dump committed
 * beside the module's code, {@code api/MODULE.api}, so that a change to the API is deliberate: a
 * change makes the module's {@code ApiDumpTest} fail, and {@code -Dapi.write=true} rewrites the
 * file, to be committed with the change (CONTRIBUTING.md).
 */
public final class ApiDump {
  private ApiDump() {}

  /**
   * Fails unless the API of the module whose main classes {@code anchor} was loaded from is the one
   * committed in {@code api/NAME.api} under the working directory (the module's directory when
   * Maven runs the tests); rewrites the file first under {@code -Dapi.write=true}.
   *
   * @param anchor a main class of the module
   * @param name the module's directory name
   * @throws AssertionError naming the first line that differs
   */
  public static void check(Class<?> anchor, String name) throws Exception {
    Path classes;
    try {
      classes = Paths.get(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
    String api = String.join("\n", dump(classes)) + "\n";
    Path committed = Path.of("api", name + ".api");
    if (Boolean.getBoolean("api.write")) {
      Files.createDirectories(committed.getParent());
      Files.writeString(committed, api, StandardCharsets.UTF_8);
    }
    String how =
        " (after a deliberate change: ./mvnw -B -q -pl "
            + name
            + " -am verify -Dtest=ApiDumpTest -Dsurefire.failIfNoSpecifiedTests=false"
            + " -Dapi.write=true, then commit "
            + name
            + "/"
            + committed
            + ")";
    if (!Files.exists(committed)) {
      throw new AssertionError("no committed API " + committed.toAbsolutePath() + how);
    }
    List<String> want = Files.readAllLines(committed, StandardCharsets.UTF_8);
    List<String> got = List.of(api.split("\n"));
    for (int i = 0; i < Math.max(want.size(), got.size()); i++) {
      String w = i < want.size() ? want.get(i) : "(end)";
      String g = i < got.size() ? got.get(i) : "(end)";
      if (!w.equals(g)) {
        throw new AssertionError(
            "the API of "
                + name
                + " differs from "
                + committed
                + " at line "
                + (i + 1)
                + ":\n  committed: "
                + w
                + "\n  compiled:  "
                + g
                + how);
      }
    }
  }

  /** The packages holding classes under {@code classes}, but {@code .internal} ones. */
  private static Set<String> packagesOf(Path classes) throws IOException {
    try (Stream<Path> files = Files.walk(classes)) {
      return files
          .filter(p -> p.toString().endsWith(".class"))
          .map(p -> classes.relativize(p.getParent()).toString().replace('/', '.'))
          .filter(p -> !p.contains(".internal"))
          .collect(Collectors.toSet());
    }
  }

  /**
   * One line per exported type, followed by one indented line per public or protected member.
   *
   * @param classes a module's main classes
   * @return the lines
   * @throws IOException if the classes cannot be read
   * @throws ClassNotFoundException if a class cannot be loaded
   */
  public static List<String> dump(Path classes) throws IOException, ClassNotFoundException {
    Path descriptor = classes.resolve("module-info.class");
    Set<String> exported;
    if (Files.exists(descriptor)) {
      ModuleDescriptor module;
      try (InputStream in = Files.newInputStream(descriptor)) {
        module = ModuleDescriptor.read(in);
      }
      exported =
          module.exports().stream()
              .filter(e -> !e.isQualified())
              .map(ModuleDescriptor.Exports::source)
              .collect(Collectors.toSet());
    } else {
      exported = packagesOf(classes);
    }
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
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
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
