package io.github.reactiverobots.robotstxt.page;

/** The largest image preview a page allows ({@code max-image-preview}), smallest first. */
public enum ImagePreview {
  /** {@code none}: no image preview. */
  NONE,
  /** {@code standard}: a default-size preview. */
  STANDARD,
  /** {@code large}: a preview up to the viewport's width. */
  LARGE
}
