package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documented application with netty.version pinned to 4.1.125.Final: started as a user starts
 * it (java -cp ... example.CrawlerApplication), it stops at start-up with Spring Boot's failure
 * report, which names the Netty found and the range reactor-netty asks for.
 */
class NettyMismatchTest {
  @Test
  void theApplicationFailsAtStartUpNamingTheVersions(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("app.log");
    String classPath =
        System.getProperty("classes.directory")
            + File.pathSeparator
            + Files.readString(Path.of(System.getProperty("runtime.classpath"))).strip();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process app =
        new ProcessBuilder(
                java,
                "-cp",
                classPath,
                "example.CrawlerApplication",
                "--server.port=0",
                "--server.address=127.0.0.1",
                "--reactive-robots.user-agent=MyCrawler/1.0 (+https://example.com/bot)")
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    boolean stopped = app.waitFor(60, TimeUnit.SECONDS);
    if (!stopped) {
      app.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertTrue(stopped, "the application started instead of failing:\n" + output);
    System.out.println(output);
    assertEquals(1, app.exitValue(), output);
    assertTrue(output.contains("APPLICATION FAILED TO START"), output);
    assertTrue(output.contains("4.1.125.Final"), output);
    assertTrue(output.contains("reactor-netty 1.3.6"), output);
    assertTrue(output.contains("needs Netty [4.2,5)"), output);
    assertTrue(output.contains("remove the netty.version property"), output);
  }
}
