package io.github.reactiverobots.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.reactiverobots.robotstxt.testing.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped Grafana dashboard is valid JSON in Grafana's dashboard model, and every query in it
 * names only metrics, labels and label values that this module really publishes (as rendered by a
 * {@code PrometheusMeterRegistry} in which every meter has been exercised).
 */
class GrafanaDashboardTest {
  private static final Path DASHBOARD = Path.of("grafana", "reactive-robots.json");

  /** PromQL words the dashboard may use besides metric and label names. */
  private static final Set<String> PROMQL =
      Set.of(
          "sum",
          "max",
          "min",
          "avg",
          "by",
          "without",
          "rate",
          "irate",
          "increase",
          "histogram_quantile",
          "clamp_min",
          "label_values",
          "or",
          "and",
          "unless");

  /** Labels Prometheus itself attaches to every scraped series. */
  private static final Set<String> TARGET_LABELS = Set.of("job", "instance");

  private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");
  private static final Pattern RANGE = Pattern.compile("\\[[^\\]]*\\]");
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{?[a-zA-Z_][a-zA-Z0-9_]*\\}?");
  private static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
  private static final Pattern MATCHER =
      Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)\\s*(=~|!~|!=|=)\\s*\"([^\"]*)\"");

  private static Map<String, Object> dashboard;
  private static Exposition published;

  @BeforeAll
  @SuppressWarnings("unchecked")
  static void load() throws IOException {
    dashboard =
        (Map<String, Object>) Json.parse(Files.readString(DASHBOARD, StandardCharsets.UTF_8));
    published = Exposition.of(Exposition.exercised().registry().scrape());
  }

  @Test
  void isAGrafanaDashboardWithADatasourceVariable() {
    assertThat(dashboard.get("schemaVersion")).isInstanceOf(Double.class);
    assertThat((Double) dashboard.get("schemaVersion")).isGreaterThanOrEqualTo(36);
    assertThat((String) dashboard.get("title")).isNotBlank();
    assertThat((String) dashboard.get("uid")).isNotBlank();

    String datasourceVar = datasourceVariable();
    String ref = "${" + datasourceVar + "}";
    Set<Double> ids = new HashSet<>();
    for (Map<String, Object> panel : panels()) {
      assertThat(ids.add((Double) panel.get("id"))).as("unique id %s", panel.get("id")).isTrue();
      Map<String, Object> grid = map(panel.get("gridPos"));
      assertThat(grid).containsKeys("x", "y", "w", "h");
      assertThat((Double) grid.get("x") + (Double) grid.get("w")).isLessThanOrEqualTo(24);
      if ("row".equals(panel.get("type"))) {
        continue;
      }
      assertThat(map(panel.get("datasource")).get("uid")).as(title(panel)).isEqualTo(ref);
      assertThat(targets(panel))
          .as(title(panel))
          .isNotEmpty()
          .allSatisfy(
              t -> {
                assertThat(map(t.get("datasource")).get("uid")).isEqualTo(ref);
                assertThat((String) t.get("expr")).isNotBlank();
                assertThat((String) t.get("refId")).isNotBlank();
              });
    }
  }

  @Test
  void everyQueryNamesOnlyPublishedMetricsLabelsAndValues() {
    List<String> queries = new ArrayList<>();
    for (Map<String, Object> panel : panels()) {
      for (Map<String, Object> target : targets(panel)) {
        String expr = (String) target.get("expr");
        queries.add(expr);
        assertThat(metricNames(expr)).as("metrics in %s", expr).isNotEmpty();
      }
    }
    for (Map<String, Object> variable : variables()) {
      if ("query".equals(variable.get("type"))) {
        queries.add((String) variable.get("definition"));
        queries.add((String) map(variable.get("query")).get("query"));
      }
    }
    assertThat(queries).hasSizeGreaterThan(15);

    Set<String> allowedLabels = new HashSet<>(published.labelValues.keySet());
    allowedLabels.addAll(TARGET_LABELS);
    for (String query : queries) {
      for (String word : words(query)) {
        boolean known =
            published.sampleNames.contains(word)
                || PROMQL.contains(word)
                || allowedLabels.contains(word);
        assertThat(known).as("'%s' in %s is not a published metric or label", word, query).isTrue();
      }
      Matcher m = MATCHER.matcher(query);
      while (m.find()) {
        String label = m.group(1);
        if (TARGET_LABELS.contains(label)) {
          continue;
        }
        Set<String> values = published.labelValues.get(label);
        assertThat(values).as("label %s in %s", label, query).isNotNull();
        String op = m.group(2);
        List<String> wanted =
            op.endsWith("~") ? List.of(m.group(3).split("\\|")) : List.of(m.group(3));
        assertThat(values).as("values of %s in %s", label, query).containsAll(wanted);
      }
    }
  }

  @Test
  void coversWhatOperatorsNeed() {
    String all = String.join("\n", allExprs());
    assertThat(all)
        .contains(
            "robots_cache_requests_total{job=~\"$job\",instance=~\"$instance\",result=\"hit\"}")
        .contains("sum by (decision) (rate(robots_verdicts_total")
        .contains("sum by (outcome, status_class) (rate(robots_fetch_seconds_count")
        .contains("sum by (failure_kind) (rate(robots_fetch_seconds_count")
        .contains("histogram_quantile(0.5, sum by (le) (rate(robots_fetch_seconds_bucket")
        .contains("histogram_quantile(0.99, sum by (le) (rate(robots_fetch_seconds_bucket")
        .contains("robots_fetch_active", "robots_fetch_queued")
        .contains("robots_cache_origins", "robots_cache_weight_bytes")
        .contains("sum by (cause) (rate(robots_cache_evictions_total")
        .contains("robots_pacing_waiting", "robots_pacing_in_flight")
        .contains("histogram_quantile(0.99, sum by (le) (rate(robots_pacing_wait_seconds_bucket")
        .contains("sum by (reason) (rate(robots_pacing_disallowed_total")
        .contains("sum by (value) (rate(robots_pacing_capped_total")
        .contains("sum by (result) (rate(robots_pacing_shared_reservations_total")
        .contains(
            "robots_pacing_shared_reservations_total{job=~\"$job\",instance=~\"$instance\","
                + "result=\"fallback\"}");
  }

  @Test
  void theMetricNameCheckCatchesAMisspelledName() {
    assertThat(metricNames("sum(rate(robots_cache_request_total[5m]))"))
        .containsExactly("robots_cache_request_total");
    assertThat(published.sampleNames).doesNotContain("robots_cache_request_total");
    assertThat(
            words(
                "sum by (le) (rate(robots_fetch_seconds_bucket{job=~\"$job\"}[$__rate_interval]))"))
        .containsExactlyInAnyOrder("sum", "by", "le", "rate", "robots_fetch_seconds_bucket", "job");
  }

  /**
   * Every panel query is valid PromQL, as {@code promtool check rules} parses it (Grafana's
   * variables replaced by plain values). Skipped, not passed, without promtool.
   */
  @Test
  void promtoolParsesEveryPanelQuery(@TempDir Path dir) throws Exception {
    Path promtool = Promtool.require();
    StringBuilder rules = new StringBuilder("groups:\n  - name: dashboard\n    rules:\n");
    List<String> exprs = allExprs();
    for (int i = 0; i < exprs.size(); i++) {
      String expr =
          exprs
              .get(i)
              .replace("$__rate_interval", "5m")
              .replace("$job", ".*")
              .replace("$instance", ".*");
      assertThat(expr).doesNotContain("$").doesNotContain("'");
      rules
          .append("      - record: dashboard:query_")
          .append(i)
          .append('\n')
          .append("        expr: '")
          .append(expr)
          .append("'\n");
    }
    Path file = dir.resolve("dashboard-rules.yml");
    Files.writeString(file, rules, StandardCharsets.UTF_8);

    Promtool.Result result = Promtool.run(promtool, dir, "", "check", "rules", file.toString());

    assertThat(result.exitCode()).as("promtool check rules said:%n%s", result.output()).isZero();
    assertThat(result.output()).contains("SUCCESS: " + exprs.size() + " rules found");
  }

  @Test
  void promtoolRejectsABrokenQuery(@TempDir Path dir) throws Exception {
    Path promtool = Promtool.require();
    Path file = dir.resolve("broken.yml");
    Files.writeString(
        file,
        "groups:\n  - name: g\n    rules:\n      - record: a:b\n"
            + "        expr: 'sum by (le (rate(robots_fetch_seconds_bucket[5m]))'\n");
    assertThat(Promtool.run(promtool, dir, "", "check", "rules", file.toString()).exitCode())
        .isNotZero();
  }

  // ----- helpers -----

  /** Identifiers in a PromQL query, leaving out strings, range selectors and $variables. */
  private static Set<String> words(String query) {
    String stripped =
        VARIABLE
            .matcher(RANGE.matcher(STRING.matcher(query).replaceAll("\"\"")).replaceAll(""))
            .replaceAll("");
    Set<String> words = new TreeSet<>();
    Matcher m = IDENTIFIER.matcher(stripped);
    while (m.find()) {
      if (!isNumberPart(stripped, m.start())) {
        words.add(m.group());
      }
    }
    return words;
  }

  private static boolean isNumberPart(String s, int start) {
    return start > 0 && (Character.isDigit(s.charAt(start - 1)) || s.charAt(start - 1) == '.');
  }

  private static Set<String> metricNames(String query) {
    Set<String> names = new TreeSet<>();
    for (String word : words(query)) {
      if (word.startsWith("robots_")) {
        names.add(word);
      }
    }
    return names;
  }

  private static String datasourceVariable() {
    for (Map<String, Object> v : variables()) {
      if ("datasource".equals(v.get("type")) && "prometheus".equals(v.get("query"))) {
        return (String) v.get("name");
      }
    }
    throw new AssertionError("no prometheus datasource variable");
  }

  private static List<String> allExprs() {
    List<String> exprs = new ArrayList<>();
    for (Map<String, Object> panel : panels()) {
      for (Map<String, Object> t : targets(panel)) {
        exprs.add((String) t.get("expr"));
      }
    }
    return exprs;
  }

  private static List<Map<String, Object>> variables() {
    return list(map(dashboard.get("templating")).get("list"));
  }

  private static List<Map<String, Object>> panels() {
    return list(dashboard.get("panels"));
  }

  private static List<Map<String, Object>> targets(Map<String, Object> panel) {
    Object targets = panel.get("targets");
    return targets == null ? List.of() : list(targets);
  }

  private static String title(Map<String, Object> panel) {
    return String.valueOf(panel.get("title"));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    assertThat(o).isInstanceOf(Map.class);
    return (Map<String, Object>) o;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> list(Object o) {
    assertThat(o).isInstanceOf(List.class);
    return (List<Map<String, Object>>) o;
  }
}
