package io.github.reactiverobots.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/** The heap in use after full collections, for the bench's memory figures. Not thread-safe. */
public final class HeapInUse {
  private HeapInUse() {}

  /**
   * Heap in use ({@link MemoryMXBean}) after {@code System.gc()}, repeated until two readings in a
   * row agree within {@code settledWithin} bytes, or the last of {@code attempts} readings.
   */
  public static long afterGc(int attempts, long settledWithin) {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    long last = Long.MAX_VALUE;
    for (int i = 0; i < attempts; i++) {
      System.gc();
      long used = memory.getHeapMemoryUsage().getUsed();
      if (Math.abs(used - last) < settledWithin) {
        return used;
      }
      last = used;
    }
    return last;
  }
}
