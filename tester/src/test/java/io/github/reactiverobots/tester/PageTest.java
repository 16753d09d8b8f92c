package io.github.reactiverobots.tester;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import reactor.core.publisher.Mono;

/**
 * The page in a real headless Chromium: edit and see the verdict and the highlighted line change;
 * the matrix with two agents and a fallback chain, both profiles side by side, CSV; the diff; a
 * live fetch of a loopback origin mapped by {@code --resolve}; hostile input that executes nothing.
 * Keeps a screenshot in {@code target/screenshots/}.
 */
class PageTest {
  private static final String HOSTILE_BODY =
      "User-agent: <script>window.__pwned=1</script>\n"
          + "Disallow: /<img src=x onerror=\"window.__pwned=2\">\n"
          + "Disallow: /\u001b]0;pwned\u0007\u001b[2J\n"
          + "# "
          + "<b>".repeat(350_000)
          + "\n"
          + "Allow: /ok\n";

  /** What the hostile site serves: markup in every field, an escape sequence. */
  private static final String FETCHED =
      "User-agent: <svg onload=window.__pwned=5>\n"
          + "Disallow: /\"><script>window.__pwned=6</script>\n"
          + "Sitemap: javascript:window.__pwned=7\n";

  @TempDir static Path tmp;
  static ChromeDriver driver;
  static WebServer server;
  static OriginServer origin;

  @BeforeAll
  static void start() throws Exception {
    driver = Browser.start(tmp.resolve("chromium-profile"));
    origin =
        OriginServer.start(
            (req, res) ->
                res.header("Cache-Control", "max-age=600")
                    .sendString(
                        Mono.just(
                            req.requestHeaders().get("Host").startsWith("evil")
                                ? FETCHED
                                : "User-agent: *\nDisallow: /staging-only/\n"))
                    .then());
    server =
        WebServer.start(
            "127.0.0.1",
            0,
            Resolves.parse(
                List.of(origin.resolve("staging.example.com"), origin.resolve("evil.example.com"))),
            true);
  }

  @AfterAll
  static void stop() {
    if (driver != null) {
      driver.quit();
    }
    if (server != null) {
      server.close();
    }
    if (origin != null) {
      origin.close();
    }
  }

  @BeforeEach
  void open() {
    driver.get(server.url());
    waitFor(d -> text("status").startsWith("checked"));
  }

  @Test
  void editingTheFileChangesTheVerdictAndTheHighlightedLine() {
    fill("agents", "MyBot");
    fill("urls", "https://example.com/private/x");
    fill("robots", "User-agent: *\nDisallow: /private/\n");
    click("check");
    waitFor(d -> cell(0, 0).contains("DISALLOWED") && cell(0, 0).contains("line 2"));
    assertThat(decidingLine()).isEqualTo("2");
    fill("robots", "User-agent: *\nDisallow: /private/\nAllow: /private/x\n");
    click("check");
    waitFor(d -> cell(0, 0).contains("ALLOWED") && cell(0, 0).contains("Allow: /private/x"));
    assertThat(decidingLine()).isEqualTo("3");
    assertThat(text("dRule")).isEqualTo("Allow: /private/x (line 3)");
    assertThat(text("dRunner")).isEqualTo("Disallow: /private/ (line 2)");
    assertThat(text("dTie")).isEqualTo("the longest match wins: 10 octets against 9");
    assertThat(text("dWhy")).contains("for '*' applies");
  }

  @Test
  void theMatrixFollowsFallbackChainsShowsBothProfilesAndExportsCsv() throws Exception {
    fill(
        "robots",
        "User-agent: Googlebot\nDisallow: /g/\nCrawl-delay: 3\n"
            + "Content-Usage: / train-ai=n\n\nUser-agent: *\nDisallow: /s/\n\n"
            + "User-agent: MyBot\nDisallow: /%7Euser\n");
    fill("agents", "Googlebot-Image\nMyBot");
    fill("fallbacks", "Googlebot-Image: Googlebot");
    fill("urls", "https://example.com/g/1\nhttps://example.com/s/1\nhttps://example.com/~user");
    click("check");
    waitFor(d -> cell(0, 0).contains("Disallow: /g/"));
    assertThat(cell(0, 0)).startsWith("DISALLOWED");
    assertThat(cell(1, 0)).startsWith("ALLOWED");
    assertThat(cell(0, 1)).startsWith("ALLOWED");
    assertThat(js("return document.querySelector('#matrix th:nth-child(2)').innerText"))
        .contains("chain: googlebot-image > googlebot")
        .contains("obeys googlebot");
    driver.executeScript("document.querySelector(\"td.cell[data-u='0'][data-a='0']\").click()");
    waitFor(d -> text("dWhy").contains("the fallback 'googlebot'"));
    assertThat(decidingLine()).isEqualTo("2");
    assertThat(text("agentsTable")).contains("crawl-delay=3s").contains("train-ai=n");
    assertThat(csv())
        .contains(
            "\"google\",\"https://example.com/g/1\",\"Googlebot-Image\","
                + "\"DISALLOWED\",\"a disallow rule matches: disallowed\",\"Disallow: /g/ (line 2)\",\"2\",\"1\"");
    new Select(driver.findElement(By.id("profile"))).selectByValue("both");
    waitFor(
        d ->
            driver.findElements(By.cssSelector("td.cell[data-u='2'][data-a='1'] div")).size() == 2);
    String tilde = "td.cell[data-u='2'][data-a='1']";
    assertThat(js("return document.querySelector(\"" + tilde + "\").className"))
        .contains("differs");
    assertThat(
            js(
                "return document.querySelector(\""
                    + tilde
                    + " div[data-profile='google']\").innerText"))
        .contains("ALLOWED")
        .doesNotContain("DISALLOWED");
    assertThat(
            js(
                "return document.querySelector(\""
                    + tilde
                    + " div[data-profile='rfc9309']\").innerText"))
        .contains("DISALLOWED");
    screenshot("matrix.png");
  }

  @Test
  void theDiffListsTheVerdictsThatFlip() {
    fill("old", "User-agent: *\nDisallow: /private/\n");
    fill("robots", "User-agent: *\nDisallow: /private/\nDisallow: /drafts/\n");
    fill("agents", "MyBot");
    fill("urls", "https://example.com/drafts/1\nhttps://example.com/private/1");
    click("diffGo");
    waitFor(d -> text("diffSummary").startsWith("1 verdicts flip"));
    assertThat(driver.findElement(By.cssSelector("#diffTable tr.flip")).getText())
        .contains("MyBot")
        .contains("https://example.com/drafts/1")
        .contains("ALLOWED")
        .contains("DISALLOWED")
        .contains("Disallow: /drafts/ (line 3)");
  }

  @Test
  void aLiveFetchOfALoopbackOriginMappedByResolveLoadsTheFile() {
    fill("liveUrl", "http://staging.example.com:" + origin.port() + "/staging-only/x");
    fill("liveAgent", "TestBot");
    click("liveGo");
    waitFor(d -> text("liveOut").contains("verdict"));
    assertThat(text("liveOut"))
        .contains("verdict\tDISALLOWED\ta disallow rule matches: disallowed")
        .contains("header\tcache-control: max-age=600")
        .contains("kept\t600s");
    assertThat(value("robots")).isEqualTo("User-agent: *\nDisallow: /staging-only/\n");
  }

  @Test
  void aHostileFileUrlListAgentAndFetchedBodyExecuteNothing() {
    fill("robots", HOSTILE_BODY);
    fill("agents", "<img src=x onerror=window.__pwned=3>\nMyBot");
    fill(
        "urls",
        "https://example.com/<script>window.__pwned=4</script>\n"
            + "https://example.com/\u001b[2J");
    click("check");
    waitFor(d -> cell(0, 1).contains("ALLOWED"));
    fill("liveUrl", "http://evil.example.com:" + origin.port() + "/x");
    click("liveGo");
    waitFor(d -> text("liveOut").contains("verdict") && displayed("livePrompt"));
    click("liveReplace");
    waitFor(d -> value("robots").equals(FETCHED));
    waitFor(d -> text("status").startsWith("checked"));
    new Select(driver.findElement(By.id("testAgent"))).selectByValue("");
    type("testAgentText", "<img src=x onerror=window.__pwned=8>");
    type("testUrl", "https://example.com/<script>window.__pwned=9</script>");
    waitFor(d -> text("testOut").contains("ALLOWED"));
    JavascriptExecutor js = driver;
    assertThat(js.executeScript("return window.__pwned === undefined")).isEqualTo(true);
    assertThat(driver.findElements(By.tagName("img"))).isEmpty();
    assertThat(driver.findElements(By.tagName("b"))).isEmpty();
    assertThat(driver.findElements(By.tagName("svg"))).isEmpty();
    assertThat(driver.findElements(By.tagName("script"))).hasSize(1);
    assertThat(js("return document.querySelector('#matrix th:nth-child(2)').innerText"))
        .contains("<img src=x onerror=window.__pwned=3>");
    assertThat(text("matrix")).contains("https://example.com/<script>window.__pwned=4</script>");
    fill("robots", HOSTILE_BODY);
    click("check");
    waitFor(d -> text("lint").contains("control character 0x1B"));
    assertThat(js.executeScript("return window.__pwned === undefined")).isEqualTo(true);
  }

  @Test
  void theCrawlerPickerAndTheUrlBoxAnswerAsYouType() {
    assertThat(text("testOut")).contains("Type a URL");
    Select crawler = new Select(driver.findElement(By.id("testAgent")));
    assertThat(crawler.getOptions().stream().map(WebElement::getText))
        .contains(
            "Googlebot",
            "Bingbot",
            "GPTBot",
            "ClaudeBot",
            "CCBot",
            "Applebot",
            "PerplexityBot",
            "Google-Extended",
            "Other (type it)");
    assertThat(displayed("testAgentText")).isFalse();
    crawler.selectByValue("GPTBot");
    type("testUrl", "https://example.com/");
    waitFor(d -> text("testOut").contains("DISALLOWED"));
    assertThat(text("testOut"))
        .contains("a disallow rule matches: disallowed")
        .contains("Disallow: / (line 11)");
    assertThat(decidingLine()).isEqualTo("11");
    crawler.selectByValue("Googlebot");
    waitFor(d -> text("testOut").contains("no rule matches: allowed"));
    assertThat(text("testOut")).startsWith("ALLOWED");
    // Every keystroke is answered: the answer changes while the URL is typed.
    crawler.selectByValue("");
    assertThat(displayed("testAgentText")).isTrue();
    type("testAgentText", "MyBot");
    waitFor(d -> text("testOut").contains("no rule matches: allowed"));
    type("testUrl", "private/x");
    waitFor(d -> text("testOut").contains("Disallow: /private/ (line 2)"));
    assertThat(text("testOut")).startsWith("DISALLOWED");
    assertThat(decidingLine()).isEqualTo("2");
    assertThat(text("dRule")).isEqualTo("Disallow: /private/ (line 2)");
    // So is every edit of the file.
    fill("robots", "User-agent: *\nAllow: /private/\n");
    waitFor(d -> text("testOut").contains("an allow rule matches: allowed"));
    assertThat(text("testOut")).contains("Allow: /private/ (line 2)");
    // And the pair goes into the matrix on request.
    fill("agents", "Googlebot");
    fill("urls", "https://example.com/");
    click("addToMatrix");
    assertThat(value("agents")).isEqualTo("Googlebot\nMyBot");
    assertThat(value("urls")).isEqualTo("https://example.com/\nhttps://example.com/private/x");
    waitFor(d -> cell(1, 1).startsWith("ALLOWED") && cell(1, 1).contains("Allow: /private/"));
  }

  @Test
  void theUrlBoxShowsTheUsageAnswerWithItsSourcesAndTheLicences() {
    fill(
        "robots",
        "License: https://l.example/rsl.xml\nUser-agent: *\nContent-Signal: ai-train=no\n"
            + "Content-Usage: / search=y\nDisallow: /never/\n");
    new Select(driver.findElement(By.id("testAgent"))).selectByValue("");
    type("testAgentText", "AiBot");
    type("testUrl", "https://example.com/page");
    waitFor(d -> text("dUsageAnswer").contains("train-ai"));
    assertThat(text("dUsageAnswer"))
        .isEqualTo(
            "tdm=unknown; train-ai=reserved (content-signal, line 3); ai-use=unknown;"
                + " search=allowed (content-usage, line 4)");
    assertThat(text("dLicenses")).isEqualTo("https://l.example/rsl.xml");
    assertThat(text("testOut")).contains("usage: tdm=unknown; train-ai=reserved");
    // A URL robots.txt disallows has no usage answer; its licences still apply.
    fill("testUrl", "https://example.com/never/x");
    waitFor(d -> text("testOut").startsWith("DISALLOWED"));
    assertThat(text("dUsageAnswer")).doesNotContain("reserved").doesNotContain("allowed");
    assertThat(text("testOut")).doesNotContain("train-ai=reserved");
    assertThat(text("dLicenses")).isEqualTo("https://l.example/rsl.xml");
  }

  @Test
  void aLiveFetchReplacesEditedTextOnlyWhenAskedAndCanDiffAgainstItInstead() {
    assertThat(displayed("liveOut")).as("no empty box before a fetch").isFalse();
    assertThat(displayed("livePrompt")).isFalse();
    String mine = "User-agent: *\nDisallow: /mine/\n";
    fill("robots", mine);
    fill("agents", "TestBot");
    fill("urls", "https://example.com/staging-only/x");
    fill("liveUrl", "http://staging.example.com:" + origin.port() + "/staging-only/x");
    click("liveGo");
    waitFor(d -> displayed("livePrompt"));
    assertThat(displayed("liveOut")).isTrue();
    assertThat(text("liveOut")).contains("verdict\tDISALLOWED");
    assertThat(value("robots")).isEqualTo(mine);
    click("liveCompare");
    waitFor(d -> text("diffSummary").startsWith("1 verdicts flip"));
    assertThat(value("old")).isEqualTo("User-agent: *\nDisallow: /staging-only/\n");
    assertThat(value("robots")).isEqualTo(mine);
    assertThat(displayed("livePrompt")).isFalse();
    click("liveGo");
    waitFor(d -> displayed("livePrompt"));
    click("liveKeep");
    assertThat(displayed("livePrompt")).isFalse();
    assertThat(value("robots")).isEqualTo(mine);
    click("liveGo");
    waitFor(d -> displayed("livePrompt"));
    click("liveReplace");
    waitFor(d -> value("robots").equals("User-agent: *\nDisallow: /staging-only/\n"));
    // The fetched file is now the page's own: a second fetch loads without asking.
    click("liveGo");
    waitFor(d -> text("liveOut").startsWith("verdict"));
    assertThat(displayed("livePrompt")).isFalse();
  }

  @Test
  void reasonsAreWordsAndAUrlTheProfileRefusesIsMarkedNotChecked() {
    fill("robots", "User-agent: *\nDisallow: /x\n");
    fill("agents", "MyBot");
    fill("urls", "https://example.com/y\nhttp://example.com:99999/x");
    new Select(driver.findElement(By.id("profile"))).selectByValue("rfc9309");
    waitFor(d -> cell(1, 0).startsWith("NOT CHECKED"));
    assertThat(cell(0, 0)).startsWith("ALLOWED").contains("no rule matches: allowed");
    assertThat(cell(1, 0)).contains("bad port: out of range (over 65535)");
    assertThat(text("matrix")).doesNotContain("no_matching_rule");
    assertThat(csv())
        .contains("\"rfc9309\",\"https://example.com/y\",\"MyBot\",\"ALLOWED\",\"no rule matches:")
        .contains("\"rfc9309\",\"http://example.com:99999/x\",\"MyBot\",\"ERROR\"");
  }

  @Test
  void longUrlsFitTheLayout() {
    String longUrl =
        "https://www.example.com/catalogue/category/subcategory/products/"
            + "a-rather-long-product-name-with-many-words-in-it?colour=blue&size=large&ref=home";
    fill("urls", longUrl + "\nhttps://example.com/");
    click("check");
    waitFor(d -> text("matrix").contains("a-rather-long-product-name"));
    assertThat(number("return document.documentElement.scrollWidth - window.innerWidth"))
        .as("no sideways scrolling")
        .isLessThanOrEqualTo(0);
    assertThat(number("return document.querySelector('#matrix td.url').offsetWidth"))
        .as("the URL column")
        .isGreaterThanOrEqualTo(280);
    assertThat(number("return document.getElementById('urls').offsetWidth"))
        .as("the URL list")
        .isGreaterThanOrEqualTo(600);
    assertThat(number("return document.getElementById('testUrl').offsetWidth"))
        .as("the URL box")
        .isGreaterThanOrEqualTo(800);
  }

  /** The picture in docs/tester.md: rewritten with -Dscreenshot.write=true, else in target/. */
  @Test
  void theScreenshotOfTheDocs() throws Exception {
    new Select(driver.findElement(By.id("profile"))).selectByValue("both");
    waitFor(
        d ->
            driver.findElements(By.cssSelector("td.cell[data-u='0'][data-a='0'] div")).size() == 2);
    new Select(driver.findElement(By.id("testAgent"))).selectByValue("Googlebot-Image");
    type("testUrl", "https://example.com/no-google/a");
    waitFor(d -> text("testOut").contains("Disallow: /no-google/ (line 7)"));
    assertThat(decidingLine()).isEqualTo("7");
    Path shot = screenshot("tester.png");
    if (Boolean.getBoolean("screenshot.write")) {
      Files.copy(shot, Path.of("..", "docs", "tester.png"), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static String csv() {
    return URLDecoder.decode(
        driver
            .findElement(By.id("csv"))
            .getAttribute("href")
            .substring("data:text/csv;charset=utf-8,".length()),
        StandardCharsets.UTF_8);
  }

  private static long number(String script) {
    return ((Number) driver.executeScript(script)).longValue();
  }

  private static boolean displayed(String id) {
    return driver.findElement(By.id(id)).isDisplayed();
  }

  /** Types into a field key by key, as a user does (each key an input event). */
  private static void type(String id, String keys) {
    driver.findElement(By.id(id)).sendKeys(keys);
  }

  private static String js(String script) {
    return String.valueOf(driver.executeScript(script));
  }

  private static void waitFor(Function<WebDriver, Boolean> condition) {
    new WebDriverWait(driver, Duration.ofSeconds(30)).until(condition::apply);
  }

  private static void fill(String id, String value) {
    driver.executeScript(
        "const e = document.getElementById(arguments[0]); e.value = arguments[1];"
            + " e.dispatchEvent(new Event('input'));",
        id,
        value);
  }

  private static void click(String id) {
    driver.findElement(By.id(id)).click();
  }

  private static String text(String id) {
    return (String)
        driver.executeScript(
            "const e = document.getElementById(arguments[0]);" + " return e ? e.textContent : ''",
            id);
  }

  private static String value(String id) {
    return (String) driver.executeScript("return document.getElementById(arguments[0]).value", id);
  }

  /** The cell's text as shown; read in one script, so a re-rendered table is never stale. */
  private static String cell(int url, int agent) {
    return (String)
        driver.executeScript(
            "const c = document.querySelector("
                + "'td.cell[data-u=\"' + arguments[0] + '\"][data-a=\"' + arguments[1] + '\"]');"
                + " return c ? c.innerText : ''",
            url,
            agent);
  }

  private static String decidingLine() {
    List<WebElement> lines = driver.findElements(By.cssSelector("#gutter .deciding"));
    assertThat(lines).hasSize(1);
    return lines.get(0).getAttribute("data-line");
  }

  private static Path screenshot(String name) throws Exception {
    Path dir = Files.createDirectories(Path.of("target", "screenshots"));
    return Files.copy(
        driver.getScreenshotAs(OutputType.FILE).toPath(),
        dir.resolve(name),
        StandardCopyOption.REPLACE_EXISTING);
  }
}
