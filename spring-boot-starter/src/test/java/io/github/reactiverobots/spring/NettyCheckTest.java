package io.github.reactiverobots.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.netty.util.Version;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * The start-up check of the class path's Netty against reactor-netty: one version, inside the range
 * reactor-netty's manifest imports; a class path that fails it stops the start with a report naming
 * the versions, before any bean is created. The consumer build {@code spring-boot-netty-mismatch}
 * (examples/) runs the same on a real Netty 4.1 under Spring Boot's dependency management.
 */
@ExtendWith(OutputCaptureExtension.class)
class NettyCheckTest {
  private static final String UA = "reactive-robots.user-agent=" + StarterTests.USER_AGENT;

  @Test
  void theNettyThisStarterIsTestedOnIsTheOneItNamesAndPassesTheCheck() {
    assertThat(Version.identify().get("netty-common").artifactVersion())
        .as("NettyCheck.BUILT_ON follows the build's netty.version")
        .isEqualTo(NettyCheck.BUILT_ON);
    assertThatCode(() -> NettyCheck.check(getClass().getClassLoader())).doesNotThrowAnyException();
  }

  @Test
  void reactorNettysRangeIsReadFromItsManifest() {
    assertThat(
            NettyCheck.channelRange(
                "io.netty.channel.kqueue;version=\"[4.2,5)\",io.netty.channel;version=\"[4.2,5)\","
                    + "io.netty.channel.epoll;version=\"[4.2,5)\""))
        .isEqualTo("[4.2,5)");
    assertThat(NettyCheck.channelRange("io.netty.channel.epoll;version=\"[4.1,5)\"")).isNull();
    assertThat(NettyCheck.inRange("4.2.17.Final", "[4.2,5)")).isTrue();
    assertThat(NettyCheck.inRange("4.2.0.Final", "[4.2,5)")).isTrue();
    assertThat(NettyCheck.inRange("4.1.125.Final", "[4.2,5)")).isFalse();
    assertThat(NettyCheck.inRange("5.0.0.Alpha2", "[4.2,5)")).isFalse();
  }

  @Test
  void oneNettyOutsideTheRangeIsNamedWithWhatReactorNettyAsksFor() {
    assertThat(NettyCheck.problem(netty("4.2.17.Final"), "1.3.7.RELEASE", "[4.2,5)")).isEmpty();
    assertThat(NettyCheck.problem(netty("4.1.125.Final"), "1.3.7.RELEASE", "[4.2,5)"))
        .hasValue(
            "Netty 4.1.125.Final is on the class path (netty-common, netty-handler)."
                + " reactor-netty 1.3.7 (which reactive-robots-netty-fetcher runs"
                + " on) needs Netty [4.2,5), one version for every Netty artifact; reactive-robots"
                + " is built and tested on Netty "
                + NettyCheck.BUILT_ON
                + ".");
  }

  @Test
  void nettyArtifactsOfSeveralVersionsAreNamedByVersion() {
    Map<String, String> mixed = new TreeMap<>(netty("4.2.17.Final"));
    mixed.put("netty-handler", "4.1.125.Final");
    assertThat(NettyCheck.problem(mixed, null, null))
        .hasValueSatisfying(
            p ->
                assertThat(p)
                    .startsWith(
                        "Netty artifacts of 2 versions are on the class path: 4.1.125.Final"
                            + " (netty-handler), 4.2.17.Final (netty-common).")
                    .contains("reactor-netty (which reactive-robots-netty-fetcher runs on) needs"));
  }

  @Test
  void aMixedNettyStopsTheStartBeforeAnyBeanAndTheReportNamesTheVersions(@TempDir Path dir)
      throws IOException {
    ClassLoader withOldHandler = withNettyArtifact(dir, "netty-handler", "4.1.125.Final");
    StarterTests.runner()
        .withClassLoader(withOldHandler)
        .withPropertyValues(UA)
        .run(
            context -> {
              assertThat(context).hasFailed();
              FailureAnalysis analysis =
                  new NettyMismatchFailureAnalyzer().analyze(context.getStartupFailure());
              assertThat(analysis).isNotNull();
              assertThat(analysis.getDescription())
                  .startsWith("Netty artifacts of 2 versions are on the class path:")
                  .contains("4.1.125.Final (netty-handler)")
                  .contains("needs Netty [4.2,5)");
              assertThat(analysis.getAction())
                  .contains("remove the netty.version property")
                  .contains("io.netty:netty-bom:" + NettyCheck.BUILT_ON);
            });
  }

  @Test
  void springBootPrintsTheNettyReportInsteadOfAStackTrace(@TempDir Path dir, CapturedOutput output)
      throws IOException {
    ClassLoader withOldHandler = withNettyArtifact(dir, "netty-handler", "4.1.125.Final");
    Throwable failure =
        catchThrowable(
            () ->
                new SpringApplicationBuilder(App.class)
                    .resourceLoader(
                        new org.springframework.core.io.DefaultResourceLoader(withOldHandler))
                    .web(WebApplicationType.NONE)
                    .properties(UA)
                    .run());
    assertThat(failure).isInstanceOf(NettyMismatchException.class);
    assertThat(output.getOut() + output.getErr())
        .contains("APPLICATION FAILED TO START")
        .contains("Netty artifacts of 2 versions are on the class path")
        .contains("Manage every io.netty artifact at one version");
  }

  private static Map<String, String> netty(String version) {
    return new TreeMap<>(Map.of("netty-common", version, "netty-handler", version));
  }

  /**
   * The test class path, plus a Netty versions file for {@code artifact} at {@code version}, as a
   * stray jar of another Netty line would bring.
   */
  private static ClassLoader withNettyArtifact(Path dir, String artifact, String version)
      throws IOException {
    Path file = dir.resolve("io.netty.versions.properties");
    String date = "2025-01-01 00\\:00\\:00 +0000";
    Files.writeString(
        file,
        String.join(
            "\n",
            artifact + ".version=" + version,
            artifact + ".buildDate=" + date,
            artifact + ".commitDate=" + date,
            artifact + ".shortCommitHash=0000000",
            artifact + ".longCommitHash=0000000000000000000000000000000000000000",
            artifact + ".repoStatus=clean\n"));
    URL extra = file.toUri().toURL();
    ClassLoader parent = NettyCheckTest.class.getClassLoader();
    return new ClassLoader(parent) {
      @Override
      public Enumeration<URL> getResources(String name) throws IOException {
        List<URL> urls = Collections.list(parent.getResources(name));
        if (name.equals("META-INF/io.netty.versions.properties")) {
          urls.add(extra);
        }
        return Collections.enumeration(urls);
      }
    };
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {}
}
