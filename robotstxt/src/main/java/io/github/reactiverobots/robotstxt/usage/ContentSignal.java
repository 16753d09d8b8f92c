package io.github.reactiverobots.robotstxt.usage;

import java.util.Locale;
import java.util.Optional;

/**
 * The signals of Cloudflare's Content Signals Policy, written in robots.txt as {@code
 * Content-Signal: search=yes, ai-train=no}, each {@code yes} or {@code no}.
 */
public enum ContentSignal {
  /** {@code search}: building a search index and showing links and short excerpts. */
  SEARCH("search", UsageCategory.SEARCH),
  /** {@code ai-input}: using the content as input to an AI model (grounding, RAG). */
  AI_INPUT("ai-input", UsageCategory.AI_USE),
  /** {@code ai-train}: training or fine-tuning AI models. */
  AI_TRAIN("ai-train", UsageCategory.TRAIN_AI);

  private static final ContentSignal[] ALL = values();

  private final String label;
  private final UsageCategory closest;

  ContentSignal(String label, UsageCategory closest) {
    this.label = label;
    this.closest = closest;
  }

  /**
   * The key the signal is written with.
   *
   * @return the key, such as {@code ai-train}
   */
  public String label() {
    return label;
  }

  /**
   * The aipref category closest to this signal: {@code search} to {@code search}, {@code ai-input}
   * to {@code ai-use}, {@code ai-train} to {@code train-ai}. Their definitions differ in detail;
   * this library uses the mapping only where it says so.
   *
   * @return the category
   */
  public UsageCategory closestCategory() {
    return closest;
  }

  /**
   * The signal a key names, compared case-insensitively.
   *
   * @param label a key
   * @return the signal, or empty for a key the policy does not define
   */
  public static Optional<ContentSignal> ofLabel(String label) {
    String lower = label.toLowerCase(Locale.ROOT);
    for (ContentSignal s : ALL) {
      if (s.label.equals(lower)) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }
}
