package io.github.reactiverobots.spring;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start-up stopped by {@link NettyCheck}: the Netty versions found, what reactor-netty
 * asks for, and how to manage one Netty. Registered in {@code META-INF/spring.factories}.
 */
final class NettyMismatchFailureAnalyzer extends AbstractFailureAnalyzer<NettyMismatchException> {

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, NettyMismatchException cause) {
    return new FailureAnalysis(
        cause.getMessage(),
        "Manage every io.netty artifact at one version that reactor-netty accepts: under Spring"
            + " Boot's dependency management, remove the netty.version property (Boot's own Netty"
            + " fits its reactor-netty) or set it to "
            + NettyCheck.BUILT_ON
            + "; otherwise import io.netty:netty-bom:"
            + NettyCheck.BUILT_ON
            + " (reactive-robots-bom imports it) before any other BOM that manages Netty."
            + " 'mvn dependency:tree -Dincludes=io.netty' shows where each version comes from.",
        cause);
  }
}
