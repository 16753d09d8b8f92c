package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.internal.bytes.HeapSizes;
import io.github.reactiverobots.robotstxt.model.Profile;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A file's compiled rules per group selection, in the array the file holds: each compiled the first
 * time it is asked for, without a lock (a racing thread may compile it too; the first one stored
 * wins). Stateless.
 */
final class CompiledSelections {
  private static final VarHandle COMPILED =
      MethodHandles.arrayElementVarHandle(CompiledRules[].class);

  private CompiledSelections() {}

  /** The compiled rules of {@code selection} of {@code robots}, whose array {@code compiled} is. */
  static CompiledRules get(CompiledRules[] compiled, int selection, RobotsTxt robots) {
    CompiledRules held = compiled[selection];
    if (held != null) {
      return held;
    }
    Profile profile = robots.options().profile();
    CompiledRules fresh =
        robots.groupTable().hasGroups(selection)
            ? CompiledRules.compile(robots, selection)
            : CompiledRules.noGroup(profile);
    CompiledRules raced =
        (CompiledRules) COMPILED.compareAndExchange(compiled, selection, null, fresh);
    return raced != null ? raced : fresh;
  }

  /** The array and the matchers compiled so far, in bytes. */
  static long estimatedBytes(CompiledRules[] compiled, Profile profile) {
    long bytes = HeapSizes.array(compiled.length, HeapSizes.REFERENCE);
    for (int s = 0; s < compiled.length; s++) {
      CompiledRules c = (CompiledRules) COMPILED.getVolatile(compiled, s);
      if (c != null && c != CompiledRules.noGroup(profile)) {
        bytes += c.estimatedBytes();
      }
    }
    return bytes;
  }
}
