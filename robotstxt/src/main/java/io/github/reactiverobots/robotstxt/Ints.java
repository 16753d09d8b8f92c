package io.github.reactiverobots.robotstxt;

import java.util.Arrays;

/** A growable list of ints, for builders; not thread-safe. */
final class Ints {
  private static final int[] NONE = new int[0];

  private int[] values;
  private int size;

  /** An empty list that starts in {@code values}, a scratch array (its contents are ignored). */
  Ints(int[] values) {
    this.values = values;
  }

  /** The array the values are in, for reuse as another list's scratch once this one is done. */
  int[] array() {
    return values;
  }

  /** A list for about {@code capacity} values; allocates nothing until the first when 0. */
  Ints(int capacity) {
    values = capacity == 0 ? NONE : new int[Math.max(4, capacity)];
  }

  void add(int v) {
    if (size == values.length) {
      values = Arrays.copyOf(values, Math.max(4, size * 2));
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

  /** The values, then zeros up to {@code length} values (at least {@link #size()}). */
  int[] copyOf(int length) {
    return Arrays.copyOf(values, length);
  }

  int[] toArray() {
    return size == 0 ? NONE : Arrays.copyOf(values, size);
  }
}
