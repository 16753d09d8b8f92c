package io.github.reactiverobots.core.parse;

import java.util.Arrays;

/** A growable list of ints, for builders; not thread-safe. */
final class Ints {
  private int[] values;
  private int size;

  Ints(int capacity) {
    values = new int[Math.max(4, capacity)];
  }

  void add(int v) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
    }
    values[size++] = v;
  }

  int get(int i) {
    return values[i];
  }

  void set(int i, int v) {
    values[i] = v;
  }

  int size() {
    return size;
  }

  int last() {
    return values[size - 1];
  }

  /** Whether {@code other} holds the same values in the same order. */
  boolean sameAs(Ints other) {
    return Arrays.equals(values, 0, size, other.values, 0, other.size);
  }

  int[] toArray() {
    return Arrays.copyOf(values, size);
  }
}
