package io.github.reactiverobots.robotstxt.internal.rules;

import io.github.reactiverobots.robotstxt.OriginState;
import io.github.reactiverobots.robotstxt.Verdict;
import io.github.reactiverobots.robotstxt.usage.Usage;
import java.util.Objects;

/**
 * The byte-offset checks of {@code parse.AgentRules}, for the cache, which reads a URL's path into
 * an array and matches it in place. They are not API: {@code AgentRules} keeps them package-private
 * and hands this class an implementation when it is initialised (as the JDK's shared secrets do),
 * and this package is not exported. The rules type is a parameter so that this package does not
 * depend on {@code parse}. Thread-safe.
 */
public final class ByteChecks {
  private static Class<?> registeredType;
  private static Checks<?> registered;

  private ByteChecks() {}

  /**
   * The checks on a path held as UTF-8 bytes in {@code utf8[from, to)}, read in place, never kept
   * or changed.
   *
   * @param <R> the rules type
   */
  public interface Checks<R> {
    /**
     * The verdict for the path, with {@code originState} attached.
     *
     * @param rules the rules
     * @param utf8 an array holding the path
     * @param from the index of the path's first byte
     * @param to the index after its last byte
     * @param originState the origin's state, or null for none
     * @return the verdict
     */
    Verdict check(R rules, byte[] utf8, int from, int to, OriginState originState);

    /**
     * Whether the path is allowed, without building a verdict.
     *
     * @param rules the rules
     * @param utf8 an array holding the path
     * @param from the index of the path's first byte
     * @param to the index after its last byte
     * @return whether the path may be fetched
     */
    boolean allowed(R rules, byte[] utf8, int from, int to);

    /**
     * The usage answer for the path, with {@code originState} attached to its verdict.
     *
     * @param rules the rules
     * @param utf8 an array holding the path
     * @param from the index of the path's first byte
     * @param to the index after its last byte
     * @param originState the origin's state, or null for none
     * @return the answer
     */
    Usage usage(R rules, byte[] utf8, int from, int to, OriginState originState);
  }

  /**
   * Called once, by the rules type's static initialiser.
   *
   * @param <R> the rules type
   * @param type the rules type
   * @param checks its checks
   * @throws IllegalStateException if checks were registered already
   */
  public static synchronized <R> void register(Class<R> type, Checks<R> checks) {
    if (registered != null) {
      throw new IllegalStateException("byte checks registered already");
    }
    registeredType = Objects.requireNonNull(type, "type");
    registered = Objects.requireNonNull(checks, "checks");
  }

  /**
   * The checks of {@code type}, initialising it first so that it has registered them.
   *
   * @param <R> the rules type
   * @param type the rules type
   * @return its checks
   * @throws IllegalStateException if {@code type} registered none
   */
  @SuppressWarnings("unchecked")
  public static <R> Checks<R> of(Class<R> type) {
    try {
      Class.forName(type.getName(), true, type.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
    synchronized (ByteChecks.class) {
      if (registeredType != type) {
        throw new IllegalStateException("no byte checks registered for " + type.getName());
      }
      return (Checks<R>) registered;
    }
  }
}
