package io.github.reactiverobots.robotstxt.usage;

import java.util.Optional;

/**
 * The categories of use of the AI preferences vocabulary, as {@code Content-Usage} rules and
 * headers name them: {@code train-ai} and {@code search} as draft-ietf-aipref-vocab-07 (August
 * 2026) defines them, a flat list without hierarchy, and {@code ai-use}, which files carry from the
 * drafts that defined it and which -08 is reported to bring back. The labels of earlier drafts
 * ({@code train-genai}, {@code ai-output}, {@code bots}, {@code all}) are no category; how they are
 * read is in SEMANTICS.md §8. The draft also says that a use which is search (as it defines search)
 * is governed by the {@link #SEARCH} preference, even where it involves training or AI input; which
 * category a use falls into is the caller's to decide.
 */
public enum UsageCategory {
  /** {@code train-ai}: using the content to train a generative AI model. */
  TRAIN_AI("train-ai"),
  /** {@code ai-use}: using the content as input to a generative AI model (not training). */
  AI_USE("ai-use"),
  /** {@code search}: using the content in a search application that links back to it. */
  SEARCH("search");

  private static final UsageCategory[] ALL = values();

  private final String label;

  UsageCategory(String label) {
    this.label = label;
  }

  /**
   * The label a preference dictionary uses for this category.
   *
   * @return the label, such as {@code train-ai}
   */
  public String label() {
    return label;
  }

  /**
   * The category a dictionary key names; keys are case-sensitive.
   *
   * @param label a dictionary key
   * @return the category, or empty for a key the vocabulary does not define
   */
  public static Optional<UsageCategory> ofLabel(String label) {
    for (UsageCategory c : ALL) {
      if (c.label.equals(label)) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }
}
