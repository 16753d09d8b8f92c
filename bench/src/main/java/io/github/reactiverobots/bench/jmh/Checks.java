package io.github.reactiverobots.bench.jmh;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Counts the checks a benchmark made; JMH reports it as checks per second. */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class Checks {
  /** Checks made in this iteration. */
  public long checks;

  @Setup(Level.Iteration)
  public void reset() {
    checks = 0;
  }
}
