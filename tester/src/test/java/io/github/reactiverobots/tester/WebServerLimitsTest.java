package io.github.reactiverobots.tester;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.reactiverobots.robotstxt.testing.Json;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What the page's server reads and writes, over loopback: the body cap for every framing, the read
 * timeout once the headers are in, the answer's bound, per-URL errors in the matrix, malformed
 * requests logged once.
 */
class WebServerLimitsTest {
  /** The longest any read of these tests waits. */
  private static final Duration DEADLINE = Duration.ofSeconds(20);

  private static WebServer start(WebServer.Limits limits, Consumer<String> console) {
    return start(0, limits, console);
  }

  private static WebServer start(int port, WebServer.Limits limits, Consumer<String> console) {
    return WebServer.start(
        "127.0.0.1",
        port,
        WebServer.liveSettings(Resolves.none(), false, UnaryOperator.identity()),
        limits,
        console);
  }

  private static WebServer start() {
    return start(WebServer.Limits.DEFAULT, line -> {});
  }

  @Test
  void aChunkedBodyPastTheCapIsRefusedWith413() throws Exception {
    ExecutorService sender = Executors.newSingleThreadExecutor();
    try (WebServer server = start();
        RawHttp client = RawHttp.connect(server.port(), DEADLINE)) {
      client.send(RawHttp.analyzeHead(server.port(), "Transfer-Encoding: chunked\r\n"));
      // 48 chunks of 1 MiB from another thread, while this one reads the answer.
      byte[] chunk = ("100000\r\n" + "a".repeat(1 << 20) + "\r\n").getBytes(StandardCharsets.UTF_8);
      Future<Integer> sent =
          sender.submit(
              () -> {
                int mib = 0;
                try {
                  client.send("7\r\nrobots=\r\n");
                  for (; mib < 48; mib++) {
                    client.send(chunk);
                  }
                  client.send("0\r\n\r\n");
                } catch (java.io.IOException closedByTheServer) {
                  // expected: the server stops reading
                }
                return mib;
              });
      String answer = client.readAll();
      assertThat(answer)
          .startsWith("HTTP/1.1 413 ")
          .containsIgnoringCase("connection: close")
          .contains("request larger than 4194304 bytes");
      assertThat(sent.get(DEADLINE.toSeconds(), TimeUnit.SECONDS)).isLessThan(48);
    } finally {
      sender.shutdownNow();
    }
  }

  @Test
  void aDeclaredLengthPastTheCapIsRefusedAtOnce() throws Exception {
    // A read timeout longer than the client's deadline: only an answer at once can pass.
    try (WebServer server =
        start(new WebServer.Limits(4 * 1024 * 1024, Duration.ofMinutes(5)), line -> {})) {
      for (String length : List.of("5000000000", "4194305")) {
        try (RawHttp client = RawHttp.connect(server.port(), DEADLINE)) {
          client.send(
              RawHttp.analyzeHead(server.port(), "Content-Length: " + length + "\r\n") + "robots");
          assertThat(client.readAll())
              .as(length)
              .startsWith("HTTP/1.1 413 ")
              .containsIgnoringCase("connection: close");
        }
      }
    }
  }

  @Test
  void aBodyThatStallsIsAnswered408AndClosedWithinTheReadTimeout() throws Exception {
    try (WebServer server =
        start(new WebServer.Limits(4 * 1024 * 1024, Duration.ofMillis(300)), line -> {})) {
      try (RawHttp client = RawHttp.connect(server.port(), DEADLINE)) {
        client.send(RawHttp.analyzeHead(server.port(), "Content-Length: 100\r\n") + "robots=");
        assertThat(client.readAll())
            .startsWith("HTTP/1.1 408 ")
            .contains("the request body did not arrive within");
      }
      // A body sent in time is answered as usual.
      HttpResponse<String> ok = post(server, form("robots", "User-agent: *", "agents", "a"));
      assertThat(ok.statusCode()).isEqualTo(200);
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void twoThousandRulesFourAgentsAndFiveHundredUrlsAreAnsweredWithinTheBound() throws Exception {
    String robots = "User-agent: *\n" + "Disallow: /\n".repeat(2000);
    String agents = "a0\na1\na2\na3";
    String urls =
        IntStream.range(0, 500)
            .mapToObj(i -> "https://e.com/" + i)
            .collect(Collectors.joining("\n"));
    try (WebServer server = start()) {
      String body = form("robots", robots, "agents", agents, "urls", urls, "profile", "both");
      assertThat(body.length()).isLessThan(64 * 1024);
      HttpResponse<String> answer = post(server, body);
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
      assertThat(answer.body().length()).isLessThan(Api.MAX_ANSWER);
      Map<String, Object> json = (Map<String, Object>) Json.parse(answer.body());
      List<Map<String, Object>> profiles = (List<Map<String, Object>>) json.get("profiles");
      assertThat(profiles).hasSize(2);
      for (Map<String, Object> p : profiles) {
        List<List<Map<String, Object>>> cells = (List<List<Map<String, Object>>>) p.get("cells");
        assertThat(cells).hasSize(500).allSatisfy(row -> assertThat(row).hasSize(4));
        for (List<Map<String, Object>> row : cells) {
          for (Map<String, Object> cell : row) {
            assertThat(cell)
                .containsEntry("allowed", false)
                .containsEntry("matchCount", 2000.0)
                .containsEntry("groupCount", 1.0);
            assertThat((List<?>) cell.get("matches")).hasSize(JsonAnswers.MAX_LISTED);
          }
        }
      }
    }
  }

  @Test
  void anAnswerPastTheBoundIsRefusedWithAMessage() throws Exception {
    String a = "a".repeat(300_000);
    String robots = "User-agent: *\nDisallow: /" + a + "\n";
    String urls =
        IntStream.range(0, 10)
            .mapToObj(i -> "https://e.com/" + a + "/" + i)
            .collect(Collectors.joining("\n"));
    String agents =
        IntStream.range(0, 20).mapToObj(i -> "bot" + i).collect(Collectors.joining("\n"));
    try (WebServer server = start()) {
      HttpResponse<String> answer =
          post(server, form("robots", robots, "agents", agents, "urls", urls));
      assertThat(answer.statusCode()).isEqualTo(400);
      assertThat(answer.body())
          .isEqualTo(
              "{\"error\":\"the answer for 20 agents x 10 URLs is more than 16 MiB: check fewer or"
                  + " shorter URLs or agents, or a smaller file\"}");
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void aUrlOrAgentAProfileRefusesIsMarkedInItsCellsAndTheRestIsAnswered() throws Exception {
    String urls = "https://e.com/x\nhttp://e.com:99999/\nx";
    try (WebServer server = start()) {
      HttpResponse<String> answer =
          post(
              server,
              form(
                  "robots",
                  "User-agent: *\nDisallow: /x\n",
                  "agents",
                  "MyBot\nhttps://e.com/",
                  "urls",
                  urls,
                  "profile",
                  "both"));
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
      Map<String, Object> json = (Map<String, Object>) Json.parse(answer.body());
      List<Map<String, Object>> profiles = (List<Map<String, Object>>) json.get("profiles");
      List<List<Map<String, Object>>> google =
          (List<List<Map<String, Object>>>) profiles.get(0).get("cells");
      List<List<Map<String, Object>>> rfc =
          (List<List<Map<String, Object>>>) profiles.get(1).get("cells");
      for (List<List<Map<String, Object>>> cells : List.of(google, rfc)) {
        assertThat(cells.get(0).get(0))
            .containsEntry("error", null)
            .containsEntry("verdict", "DISALLOWED");
        // Swapped arguments (a URL as the agent, a word as the URL): refused in every profile.
        assertThat(cells.get(2).get(1)).containsEntry("allowed", null);
        assertThat((String) cells.get(2).get(1).get("error")).contains("the URL comes first");
      }
      assertThat(google.get(1).get(0)).containsEntry("error", null).containsEntry("allowed", true);
      assertThat(rfc.get(1).get(0)).containsEntry("allowed", null);
      assertThat((String) rfc.get(1).get(0).get("error"))
          .isEqualTo("bad port: out of range (over 65535): \"http://e.com:99999/\"");
      assertThat((String) rfc.get(1).get(0).get("reason")).startsWith("not checked: bad port");
    }
  }

  @Test
  void threeHundredMalformedRequestsLogOneConsoleLine() throws Exception {
    List<String> console = new CopyOnWriteArrayList<>();
    try (WebServer server = start(WebServer.Limits.DEFAULT, console::add)) {
      String host = "Host: 127.0.0.1:" + server.port() + "\r\n";
      List<String> malformed =
          List.of(
              "GARBAGE \u0001 nonsense\r\n\r\n",
              "GET / HTTP/1.1\r\n" + host + "Bad Header Line\r\n\r\n",
              "GET /" + "a".repeat(9000) + " HTTP/1.1\r\n" + host + "\r\n",
              "GET / HTTP/1.1\r\n" + host + "X: " + "a".repeat(17_000) + "\r\n\r\n",
              RawHttp.analyzeHead(server.port(), "Content-Length: abc\r\n"),
              RawHttp.analyzeHead(server.port(), "Transfer-Encoding: chunked\r\n") + "zz\r\n");
      for (int i = 0; i < 300; i++) {
        try (RawHttp client = RawHttp.connect(server.port(), DEADLINE)) {
          String request = malformed.get(i % malformed.size());
          client.send(request);
          String answer = client.readAll();
          if (!request.endsWith("zz\r\n")) { // a bad chunk ends the connection, unanswered
            assertThat(answer).as(request.substring(0, 20)).matches("(?s)HTTP/1.1 4(00|14|31) .*");
          }
        }
      }
      awaitTrue(() -> server.malformedRequests() == 300 && !console.isEmpty());
      assertThat(console)
          .singleElement()
          .asString()
          .startsWith("robots-tester: refused a malformed request from /127.0.0.1:")
          .endsWith("further ones are logged at most once every 60 s");
    }
  }

  @Test
  void aTakenPortIsNamedWithTheOptionsThatMendIt() throws Exception {
    try (java.net.ServerSocket taken =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      assertThatThrownBy(() -> start(port, WebServer.Limits.DEFAULT, line -> {}).close())
          .isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("cannot listen on 127.0.0.1:" + port + ": ")
          .hasMessageEndingWith(
              "(choose another port with --port, 0 for any free one, or another address with"
                  + " --bind)");
    }
  }

  /** Polls {@code condition} until it holds, failing after {@link #DEADLINE}. */
  static void awaitTrue(BooleanSupplier condition) {
    long deadline = System.nanoTime() + DEADLINE.toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime() - deadline).as("waited " + DEADLINE).isNegative();
      LockSupport.parkNanos(Duration.ofMillis(5).toNanos());
    }
  }

  static String form(String... pairs) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < pairs.length; i += 2) {
      sb.append(i == 0 ? "" : "&")
          .append(pairs[i])
          .append('=')
          .append(URLEncoder.encode(pairs[i + 1], StandardCharsets.UTF_8));
    }
    return sb.toString();
  }

  static HttpResponse<String> post(WebServer server, String form) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(server.url() + "api/analyze"))
                .header("X-Robots-Tester", "1")
                .header("Content-Type", "application/x-www-form-urlencoded")
                .timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(form))
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }
}
