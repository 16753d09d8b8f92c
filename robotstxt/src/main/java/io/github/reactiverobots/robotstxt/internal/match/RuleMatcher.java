package io.github.reactiverobots.robotstxt.internal.match;

import io.github.reactiverobots.robotstxt.internal.bytes.HeapSizes;
import java.util.Arrays;

/**
 * A compiled set of allow/disallow patterns answering "which pattern decides this path"
 * (SEMANTICS.md §3, §4): the longest matching pattern wins, measured in octets of the normalised
 * pattern; on a tie allow wins; {@code *} matches any run of octets and a final {@code $} anchors
 * the match at the end of the path.
 *
 * <p>Plain patterns live in a radix trie, so a check costs O(path length) whatever the number of
 * rules. Patterns with an inner {@code *} live in a second radix trie, whose edges stop at each
 * star, walked with a state set: each star node, once reached, stays active (it absorbs any byte),
 * and the literal continuations of all active states advance one byte at a time. A state (a node,
 * and how much of the edge into it has matched) is never active twice at one position, so the work
 * per byte is bounded by the trie's label bytes and nothing backtracks. States whose best pattern
 * cannot beat the best match so far are dropped.
 *
 * <p>The tries are flat int arrays whose labels are ranges of the {@link PatternTable}'s bytes:
 * compiling copies no pattern. A match answers the pattern's index in the table. Immutable and
 * thread-safe.
 */
public final class RuleMatcher {
  private static final RuleMatcher EMPTY = compile(PatternTable.builder(0, 0).build(), new int[0]);

  private final Trie plain;
  private final WildcardTrie wildcard;

  /**
   * The highest priority of any wildcard pattern: a plain match above it needs no wildcard walk,
   * which would stop at its root. Kept here, so such a check reads nothing of the wildcard trie.
   */
  private final int wildcardMax;

  private RuleMatcher(Trie plain, WildcardTrie wildcard) {
    this.plain = plain;
    this.wildcard = wildcard;
    this.wildcardMax = wildcard == null ? -1 : wildcard.maxPriority();
  }

  /**
   * A matcher with no patterns: nothing matches.
   *
   * @return the empty matcher
   */
  public static RuleMatcher empty() {
    return EMPTY;
  }

  /**
   * Compiles the patterns {@code members} of {@code table}.
   *
   * @param table the patterns of a robots.txt
   * @param members the indices of the patterns to compile, in any order; not kept, but reordered
   *     (the caller hands over an array of its own)
   * @return the matcher
   */
  public static RuleMatcher compile(PatternTable table, int[] members) {
    int wild = 0;
    for (int m : members) {
      wild += table.wildcard(m) ? 1 : 0;
    }
    if (wild == 0) {
      // Most selections hold no wildcard pattern: their members are the plain trie's, as they are.
      return new RuleMatcher(Trie.build(table, members, false), null);
    }
    int[] plainMembers = new int[members.length - wild];
    int[] wildMembers = new int[wild];
    for (int i = 0, p = 0, w = 0; i < members.length; i++) {
      int m = members[i];
      if (table.wildcard(m)) {
        wildMembers[w++] = m;
      } else {
        plainMembers[p++] = m;
      }
    }
    int[] ranked = WildcardScan.rank(table, wildMembers);
    return new RuleMatcher(
        Trie.build(table, plainMembers, false),
        new WildcardTrie(Trie.build(table, wildMembers, true), ranked));
  }

  /**
   * A builder that collects patterns into a table of its own, for callers that have no table.
   *
   * @return an empty builder
   */
  static Builder builder() {
    return new Builder();
  }

  /**
   * The deciding pattern for {@code path}.
   *
   * @param path the path bytes
   * @return its index in the table, or -1 when no pattern matches
   */
  int match(byte[] path) {
    return match(path, 0, path.length);
  }

  /**
   * The deciding pattern for the path {@code bytes[from, to)}. The bytes are read, never kept or
   * changed.
   *
   * @param bytes an array holding the path
   * @param from its first byte
   * @param to the index after its last byte
   * @return the pattern's index in the table, or -1 when no pattern matches
   */
  public int match(byte[] bytes, int from, int to) {
    int best = matchPlain(bytes, from, to);
    if (wildcard != null && wildcardMax >= plain.priority(best)) {
      best = wildcard.match(bytes, from, to, best, null);
    }
    return best;
  }

  /**
   * Like {@link #match} but returns the number of trie steps taken by the wildcard walk, so tests
   * can bound the work on adversarial input without timing it.
   */
  long wildcardSteps(byte[] path) {
    if (wildcard == null) {
      return 0;
    }
    long[] steps = new long[1];
    wildcard.match(path, 0, path.length, matchPlain(path, 0, path.length), steps);
    return steps[0];
  }

  /**
   * An estimate of the retained heap size of the tries, in bytes; the table is not counted.
   *
   * @return the estimate
   */
  public long estimatedBytes() {
    long bytes =
        HeapSizes.object(2L * HeapSizes.REFERENCE + Integer.BYTES) + plain.estimatedBytes();
    return wildcard == null ? bytes : bytes + wildcard.estimatedBytes();
  }

  private int matchPlain(byte[] path, int from, int n) {
    Trie t = plain;
    int best = t.prefixTerm(0);
    if (n == from) {
      return t.better(best, t.exactTerm(0));
    }
    int node = 0;
    int pos = from;
    while (pos < n) {
      int child = t.child(node, path[pos]);
      if (child < 0) {
        break;
      }
      int len = t.labelLength(child);
      if (pos + len > n || !t.edgeMatches(child, path, pos)) {
        break;
      }
      pos += len;
      node = child;
      best = t.better(best, t.prefixTerm(node));
      if (pos == n) {
        best = t.better(best, t.exactTerm(node));
      }
    }
    return best;
  }

  /** Collects patterns into a table of its own and compiles them all; not thread-safe. */
  static final class Builder {
    private final PatternTableBuilder table = PatternTable.builder(16, 256);

    private Builder() {}

    /**
     * Adds a pattern.
     *
     * @param normalisedPattern the pattern after percent-encoding normalisation; copied
     * @param allow whether it is an allow rule
     * @return the index {@link #match} answers when this pattern decides: 0 for the first added,
     *     then 1, 2...
     */
    int add(byte[] normalisedPattern, boolean allow) {
      return table.add(normalisedPattern, 0, normalisedPattern.length, allow);
    }

    /**
     * Compiles every pattern added.
     *
     * @return the matcher
     */
    RuleMatcher build() {
      int[] all = new int[table.size()];
      Arrays.setAll(all, i -> i);
      return compile(table.build(), all);
    }
  }
}
