package io.github.reactiverobots.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.testing.Json;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The table of the starter's properties in {@code docs/spring-boot.md} is generated from the
 * configuration metadata that spring-boot-configuration-processor writes at compile time (names,
 * types, defaults and the records' Javadoc), so it cannot drift: this test fails when the page's
 * table differs, and {@code -Dreadme.write=true} rewrites it.
 */
class PropertiesTableTest {
  private static final Path README = Path.of("..", "docs", "spring-boot.md");
  private static final String START = "<!-- spring-boot-properties:start -->\n";
  private static final String END = "<!-- spring-boot-properties:end -->\n";

  @Test
  void theReadmeTableIsTheMetadatas() throws IOException {
    String table = table(metadata());
    String readme = Files.readString(README, StandardCharsets.UTF_8);
    int start = readme.indexOf(START);
    int end = readme.indexOf(END);
    assertThat(start).as("docs/spring-boot.md has the table's markers").isNotNegative();
    assertThat(end).isGreaterThan(start);
    String current = readme.substring(start + START.length(), end);
    if (Boolean.getBoolean("readme.write") && !current.equals(table)) {
      Files.writeString(
          README,
          readme.substring(0, start + START.length()) + table + readme.substring(end),
          StandardCharsets.UTF_8);
      current = table;
    }
    assertThat(current)
        .as(
            "docs/spring-boot.md's properties table; regenerate it with"
                + " ./mvnw -B -pl spring-boot-starter -am test -Dtest=PropertiesTableTest"
                + " -Dsurefire.failIfNoSpecifiedTests=false -Dreadme.write=true")
        .isEqualTo(table);
  }

  @Test
  void everyPropertyIsDescribed() throws IOException {
    List<Map<String, Object>> properties = metadata();
    assertThat(properties).hasSizeGreaterThan(40);
    assertThat(properties)
        .allSatisfy(
            p -> assertThat((String) p.get("description")).as((String) p.get("name")).isNotBlank());
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> metadata() throws IOException {
    try (InputStream in =
        PropertiesTableTest.class.getResourceAsStream(
            "/META-INF/spring-configuration-metadata.json")) {
      assertThat(in).as("the processor's metadata").isNotNull();
      Map<String, Object> json =
          (Map<String, Object>) Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      return ((List<Map<String, Object>>) json.get("properties"))
          .stream().sorted(Comparator.comparing(p -> (String) p.get("name"))).toList();
    }
  }

  private static String table(List<Map<String, Object>> properties) {
    StringBuilder out =
        new StringBuilder(
            "| property | type | default | description |\n" + "| --- | --- | --- | --- |\n");
    for (Map<String, Object> p : properties) {
      out.append("| `")
          .append(p.get("name"))
          .append("` | ")
          .append(simpleType((String) p.get("type")))
          .append(" | ")
          .append(value(p.get("defaultValue")))
          .append(" | ")
          .append(cell((String) p.get("description")))
          .append(" |\n");
    }
    return out.toString();
  }

  private static String simpleType(String type) {
    return type.replaceAll("[a-z0-9_]+\\.", "")
        .replace('$', '.')
        .replace("<", "&lt;")
        .replace(">", "&gt;");
  }

  private static String value(Object value) {
    if (value == null) {
      return "";
    }
    if (value instanceof Double d && d == Math.rint(d)) {
      return "`" + d.longValue() + "`";
    }
    return "`" + value + "`";
  }

  private static String cell(String text) {
    return text.replaceAll("\\s+", " ").replace("|", "\\|").trim();
  }
}
