package io.github.reactiverobots.core.internal.match;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A compiled set of allow/disallow patterns answering "which rule decides this path"
 * (SEMANTICS.md §3, §4): the longest matching pattern wins, measured in octets of the normalised
 * pattern; on a tie allow wins; {@code *} matches any run of octets and a final {@code $} anchors
 * the match at the end of the path.
 *
 * <p>Plain patterns live in a radix trie, so a check costs O(path length) whatever the number of
 * rules. Patterns with an inner {@code *} live in a second radix trie, whose edges stop at each
 * star, walked with a state set: each star node, once reached, stays active (it absorbs any
 * byte), and the literal continuations of all active states advance one byte at a time. A state
 * (a node, and how much of the edge into it has matched) is never active twice at one position,
 * so the work per byte is bounded by the trie's label bytes and nothing backtracks. States whose
 * best pattern cannot beat the best match so far are dropped.
 *
 * <p>Immutable and thread-safe.
 */
public final class RuleMatcher {
  /** This object with its fields, and the terminal arrays' headers. */
  private static final int SHELL_BYTES = 48 + 16 + 48;
  /** Per terminal: its priority (int), allow flag (boolean) and payload reference. */
  private static final int TERMINAL_BYTES = Integer.BYTES + 1 + 4 + 4;
  private static final RuleMatcher EMPTY = new Builder().build();

  private final Trie plain;
  private final WildcardTrie wildcard;
  private final int[] termPriority;
  private final boolean[] termAllow;
  private final Object[] termPayload;

  private RuleMatcher(Trie plain, WildcardTrie wildcard, Terminals terms) {
    this.plain = plain;
    this.wildcard = wildcard;
    this.termPriority = terms.priority();
    this.termAllow = terms.allow();
    this.termPayload = terms.payload();
  }

  /** A matcher with no rules: nothing matches. */
  public static RuleMatcher empty() {
    return EMPTY;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Whether any rule was compiled. */
  public boolean isEmpty() {
    return termPayload.length == 0;
  }

  /** The payload of the deciding rule for {@code path}, or null when no rule matches. */
  public Object match(byte[] path) {
    return match(path, 0, path.length);
  }

  /**
   * The payload of the deciding rule for the path {@code bytes[from, to)}, or null when no rule
   * matches. The bytes are read, never kept or changed.
   */
  public Object match(byte[] bytes, int from, int to) {
    int best = matchPlain(bytes, from, to);
    if (wildcard != null) {
      best = wildcard.match(bytes, from, to, best, this, null);
    }
    return best < 0 ? null : termPayload[best];
  }

  /**
   * Like {@link #match} but returns the number of trie steps taken by the wildcard walk, so
   * tests can bound the work on adversarial input without timing it.
   */
  long wildcardSteps(byte[] path) {
    if (wildcard == null) {
      return 0;
    }
    long[] steps = new long[1];
    wildcard.match(path, 0, path.length, matchPlain(path, 0, path.length), this, steps);
    return steps[0];
  }

  /** An estimate of the retained heap size, in bytes, excluding the payloads. */
  public long estimatedBytes() {
    long bytes = SHELL_BYTES + plain.estimatedBytes() + (long) TERMINAL_BYTES * termPayload.length;
    return wildcard == null ? bytes : bytes + wildcard.estimatedBytes();
  }

  private int matchPlain(byte[] path, int from, int n) {
    Trie t = plain;
    int best = t.prefixTerm[0];
    if (n == from) {
      return better(best, t.exactTerm[0]);
    }
    int node = 0;
    int pos = from;
    while (pos < n) {
      int child = t.child(node, path[pos]);
      if (child < 0) {
        break;
      }
      int len = t.edgeLength[child];
      if (pos + len > n || !t.edgeMatches(child, path, pos)) {
        break;
      }
      pos += len;
      node = child;
      best = better(best, t.prefixTerm[node]);
      if (pos == n) {
        best = better(best, t.exactTerm[node]);
      }
    }
    return best;
  }

  /** The better of two terminals (-1 is none): higher priority, then allow. */
  int better(int a, int b) {
    if (b < 0) {
      return a;
    }
    if (a < 0) {
      return b;
    }
    int pa = termPriority[a];
    int pb = termPriority[b];
    return pb > pa || (pb == pa && termAllow[b] && !termAllow[a]) ? b : a;
  }

  int priority(int term) {
    return term < 0 ? -1 : termPriority[term];
  }

  /** Collects patterns; not thread-safe. */
  public static final class Builder {
    private final List<PatternEntry> entries = new ArrayList<>();

    private Builder() {}

    /**
     * Adds a rule.
     *
     * @param normalisedPattern the pattern after percent-encoding normalisation; kept, not
     *     copied, until {@link #build()}, so it must not change meanwhile
     * @param allow whether it is an allow rule
     * @param payload what {@link #match} returns when this rule decides
     */
    public Builder add(byte[] normalisedPattern, boolean allow, Object payload) {
      entries.add(PatternEntry.of(normalisedPattern, allow, payload));
      return this;
    }

    public RuleMatcher build() {
      List<PatternEntry> plainEntries = new ArrayList<>(entries.size());
      List<PatternEntry> wildEntries = new ArrayList<>();
      for (PatternEntry e : entries) {
        (e.wildcard ? wildEntries : plainEntries).add(e);
      }
      sortIfNeeded(plainEntries);
      sortIfNeeded(wildEntries);
      Terminals terms = new Terminals(entries.size());
      Trie plain = Trie.build(plainEntries, false, terms);
      WildcardTrie wild = wildEntries.isEmpty()
          ? null : new WildcardTrie(Trie.build(wildEntries, true, terms), terms);
      return new RuleMatcher(plain, wild, terms);
    }
  }

  /** Sorts by body, skipping the sort when the rules were written in order (often so). */
  private static void sortIfNeeded(List<PatternEntry> entries) {
    for (int i = 1; i < entries.size(); i++) {
      if (PatternEntry.BY_BODY.compare(entries.get(i - 1), entries.get(i)) > 0) {
        entries.sort(PatternEntry.BY_BODY);
        return;
      }
    }
  }

  /** Terminal storage shared by both tries; merges patterns that end at the same node. */
  static final class Terminals implements Trie.TerminalSink {
    private int[] priority;
    private boolean[] allow;
    private Object[] payload;
    private int size;

    /** Sized for {@code patterns} terminals, the most there can be. */
    Terminals(int patterns) {
      int capacity = Math.max(1, patterns);
      priority = new int[capacity];
      allow = new boolean[capacity];
      payload = new Object[capacity];
    }

    @Override
    public int merge(int existing, PatternEntry e) {
      if (existing >= 0) {
        int p = priority[existing];
        if (e.priority > p || (e.priority == p && e.allow && !allow[existing])) {
          priority[existing] = e.priority;
          allow[existing] = e.allow;
          payload[existing] = e.payload;
        }
        return existing;
      }
      if (size == priority.length) {
        priority = Arrays.copyOf(priority, size * 2);
        allow = Arrays.copyOf(allow, size * 2);
        payload = Arrays.copyOf(payload, size * 2);
      }
      priority[size] = e.priority;
      allow[size] = e.allow;
      payload[size] = e.payload;
      return size++;
    }

    int priorityOf(int term) {
      return priority[term];
    }

    int[] priority() {
      return Arrays.copyOf(priority, size);
    }

    boolean[] allow() {
      return Arrays.copyOf(allow, size);
    }

    Object[] payload() {
      return Arrays.copyOf(payload, size);
    }
  }
}
