package io.github.reactiverobots.netty;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Exports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The module exports its API package only. */
class ModuleExportsTest {
  @Test
  void exportsOnlyTheApiPackage() throws Exception {
    Path classes =
        Path.of(
            NettyRobotsFetcher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    ModuleDescriptor module;
    try (InputStream in = Files.newInputStream(classes.resolve("module-info.class"))) {
      module = ModuleDescriptor.read(in);
    }
    assertThat(module.exports()).allSatisfy(e -> assertThat(e.isQualified()).isFalse());
    assertThat(module.exports().stream().map(Exports::source).collect(Collectors.toSet()))
        .containsExactly("io.github.reactiverobots.netty");
  }
}
