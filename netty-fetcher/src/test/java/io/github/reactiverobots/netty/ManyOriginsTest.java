package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * 15,000 new origins on 64 loopback addresses, 512 checks in flight, in a JVM whose descriptor
 * limit is 4,096 ({@code ulimit -n} in the shell that starts it): no fetch fails, the open
 * descriptors stay within three times the in-flight cap above the baseline (both ends of every
 * connection are in that process, since the servers are too, and a finished fetch's socket may
 * still be closing as the next one opens; runs have peaked at 1.6 to 1.8 times), and they are back
 * to the baseline within 5 s of the scan's end.
 */
class ManyOriginsTest {
  private static final int ORIGINS = 15_000;
  private static final int IN_FLIGHT = 512;
  private static final int LIMIT = 4096;

  @Test
  void aScanOfManyNewOriginsKeepsDescriptorsBoundedAndBlamesNoSite() throws Exception {
    assumeThat(Files.isDirectory(Path.of("/proc/self/fd"))).as("Linux /proc").isTrue();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classpath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    String script =
        "ulimit -n "
            + LIMIT
            + " && exec \"$0\" -Xmx512m -cp \"$1\" "
            + ManyOriginsApp.class.getName()
            + " "
            + ORIGINS
            + " 64 "
            + IN_FLIGHT
            + " "
            + LIMIT;
    Process app =
        new ProcessBuilder(List.of("bash", "-c", script, java, classpath))
            .redirectErrorStream(true)
            .start();
    byte[] out;
    try (InputStream in = app.getInputStream()) {
      out = in.readAllBytes();
    }
    if (!app.waitFor(300, TimeUnit.SECONDS)) {
      app.destroyForcibly();
      throw new IllegalStateException("the scan did not finish");
    }
    String report = new String(out, StandardCharsets.UTF_8);
    assertThat(app.exitValue()).as(report).isZero();
    Matcher m =
        Pattern.compile(
                "RESULT checks=(\\d+) outcomes=\\{(.*)} baseline=(\\d+) peak=(\\d+)"
                    + " after=(\\d+) settleMillis=(\\d+)")
            .matcher(report);
    assertThat(m.find()).as(report).isTrue();
    assertThat(Integer.parseInt(m.group(1))).isEqualTo(ORIGINS);
    assertThat(m.group(2)).as(report).isEqualTo("OK/disallowed=" + ORIGINS);
    int baseline = Integer.parseInt(m.group(3));
    int peak = Integer.parseInt(m.group(4));
    assertThat(peak - baseline).as(report).isLessThanOrEqualTo(3 * IN_FLIGHT);
    assertThat(Integer.parseInt(m.group(5))).as(report).isLessThanOrEqualTo(baseline);
    assertThat(Long.parseLong(m.group(6))).as(report).isLessThanOrEqualTo(5_000);
    System.out.println("ManyOriginsTest: " + report.strip());
  }
}
