package io.github.reactiverobots.core.internal.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI runs with nothing but the core's own classes: no Reactor, no Caffeine. */
class CliClassPathTest {
  @TempDir Path dir;

  @Test
  void runsWithoutReactorOrCaffeineOnTheClassPath() throws Exception {
    URL classes = RobotsCli.class.getProtectionDomain().getCodeSource().getLocation();
    Path robots = Files.writeString(dir.resolve("robots.txt"), "User-agent: *\nDisallow: /x\n");
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader())) {
      assertThatThrownBy(() -> Class.forName("reactor.core.publisher.Mono", false, loader))
          .isInstanceOf(ClassNotFoundException.class);
      assertThatThrownBy(() -> Class.forName("com.github.benmanes.caffeine.cache.Cache", false, loader))
          .isInstanceOf(ClassNotFoundException.class);
      Class<?> cli = Class.forName(RobotsCli.class.getName(), true, loader);
      assertThat(cli.getClassLoader()).isSameAs(loader);
      Constructor<?> ctor = cli.getDeclaredConstructor(InputStream.class, PrintStream.class,
          PrintStream.class);
      ctor.setAccessible(true);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Object instance = ctor.newInstance(new ByteArrayInputStream(new byte[0]),
          new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
      Method run = cli.getDeclaredMethod("run", String[].class);
      run.setAccessible(true);
      Object status = run.invoke(instance, (Object) new String[] {robots.toString(), "bot", "http://a/x"});
      assertThat(status).isEqualTo(1);
      assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("DISALLOWED");
      Object lint = run.invoke(instance, (Object) new String[] {"lint", robots.toString()});
      assertThat(lint).isEqualTo(0);
    }
  }
}
