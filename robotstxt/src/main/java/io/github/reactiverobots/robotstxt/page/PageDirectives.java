package io.github.reactiverobots.robotstxt.page;

import io.github.reactiverobots.robotstxt.internal.aipref.UsageBits;
import io.github.reactiverobots.robotstxt.usage.Preference;
import io.github.reactiverobots.robotstxt.usage.UsageCategory;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What a page's own directives say for one crawler (SEMANTICS.md §9): the robots rules of its
 * {@code X-Robots-Tag} headers and robots {@code <meta>} tags, as Google documents them, and the
 * usage preferences of its {@code Content-Usage} header (draft-ietf-aipref-attach §2). Several
 * sources combine with {@link #mostRestrictive}. Read them with {@link RobotsTags}. Immutable and
 * thread-safe.
 */
public final class PageDirectives {
  static final int NOINDEX = 1;
  static final int NOFOLLOW = 2;
  static final int NOARCHIVE = 4;
  static final int NOSNIPPET = 8;
  static final int NOTRANSLATE = 16;
  static final int NOIMAGEINDEX = 32;
  static final int INDEXIFEMBEDDED = 64;

  /** A {@code max-snippet} or {@code max-video-preview} not given. */
  static final int UNSET = Integer.MIN_VALUE;

  /** No directive: everything allowed, every usage category unknown. */
  public static final PageDirectives NONE =
      new PageDirectives(0, UNSET, null, UNSET, null, UsageBits.UNKNOWN);

  private final int flags;
  private final int maxSnippet;
  private final ImagePreview maxImagePreview;
  private final int maxVideoPreview;
  private final Instant unavailableAfter;
  private final int usage;

  PageDirectives(
      int flags,
      int maxSnippet,
      ImagePreview maxImagePreview,
      int maxVideoPreview,
      Instant unavailableAfter,
      int usage) {
    this.flags = flags;
    this.maxSnippet = maxSnippet;
    this.maxImagePreview = maxImagePreview;
    this.maxVideoPreview = maxVideoPreview;
    this.unavailableAfter = unavailableAfter;
    this.usage = usage;
  }

  /**
   * Whether the page may be indexed: no {@code noindex} (or {@code none}). See {@link
   * #mayIndexAt(Instant)} for {@code unavailable_after}.
   *
   * @return false when a source says {@code noindex}
   */
  public boolean mayIndex() {
    return (flags & NOINDEX) == 0;
  }

  /**
   * Whether the page may be indexed at {@code now}: {@link #mayIndex()} and not past its {@code
   * unavailable_after} date.
   *
   * @param now the time of the decision
   * @return whether the page may be shown in results at {@code now}
   */
  public boolean mayIndexAt(Instant now) {
    return mayIndex() && (unavailableAfter == null || !now.isAfter(unavailableAfter));
  }

  /**
   * Whether the page's links may be followed: no {@code nofollow} (or {@code none}).
   *
   * @return false when a source says {@code nofollow}
   */
  public boolean mayFollow() {
    return (flags & NOFOLLOW) == 0;
  }

  /**
   * Whether a cached copy may be shown: no {@code noarchive}.
   *
   * @return false when a source says {@code noarchive}
   */
  public boolean mayArchive() {
    return (flags & NOARCHIVE) == 0;
  }

  /**
   * Whether a text snippet may be shown: neither {@code nosnippet} nor {@code max-snippet:0}.
   *
   * @return false when snippets are forbidden
   */
  public boolean maySnippet() {
    return (flags & NOSNIPPET) == 0 && maxSnippet != 0;
  }

  /**
   * The longest snippet allowed, in characters, when {@code max-snippet} is given: {@code -1} for
   * no limit, 0 for none; 0 also when {@code nosnippet} is given.
   *
   * @return the limit; empty when not given
   */
  public OptionalInt maxSnippet() {
    if ((flags & NOSNIPPET) != 0) {
      return OptionalInt.of(0);
    }
    return maxSnippet == UNSET ? OptionalInt.empty() : OptionalInt.of(maxSnippet);
  }

  /**
   * The largest image preview allowed, when {@code max-image-preview} is given.
   *
   * @return the setting; empty when not given
   */
  public Optional<ImagePreview> maxImagePreview() {
    return Optional.ofNullable(maxImagePreview);
  }

  /**
   * The longest video preview allowed, in seconds, when {@code max-video-preview} is given: {@code
   * -1} for no limit, 0 for a still image at most.
   *
   * @return the limit; empty when not given
   */
  public OptionalInt maxVideoPreview() {
    return maxVideoPreview == UNSET ? OptionalInt.empty() : OptionalInt.of(maxVideoPreview);
  }

  /**
   * Whether a translation may be offered: no {@code notranslate}.
   *
   * @return false when a source says {@code notranslate}
   */
  public boolean mayTranslate() {
    return (flags & NOTRANSLATE) == 0;
  }

  /**
   * Whether the page's images may be indexed: no {@code noimageindex}.
   *
   * @return false when a source says {@code noimageindex}
   */
  public boolean mayIndexImages() {
    return (flags & NOIMAGEINDEX) == 0;
  }

  /**
   * Whether {@code indexifembedded} is given: the content may be indexed where another page embeds
   * it, despite {@code noindex}.
   *
   * @return true when a source says so
   */
  public boolean indexIfEmbedded() {
    return (flags & INDEXIFEMBEDDED) != 0;
  }

  /**
   * The {@code unavailable_after} date, when a valid one is given.
   *
   * @return the earliest such date
   */
  public Optional<Instant> unavailableAfter() {
    return Optional.ofNullable(unavailableAfter);
  }

  /**
   * The preference of the {@code Content-Usage} header about {@code category}.
   *
   * @param category a category of use
   * @return allow, disallow or unknown (no header, or one that does not parse)
   */
  public Preference usage(UsageCategory category) {
    return UsageBits.get(usage, category);
  }

  /**
   * This and {@code other} combined, the most restrictive winning (Google: "if there are
   * conflicting rules, the more restrictive one applies"): any {@code no...} rule, the smallest
   * limits, the smallest image preview, the earliest {@code unavailable_after}, usage combined as
   * draft-ietf-aipref-vocab §5.1 says. {@code indexifembedded} is kept when either gives it, since
   * Google documents it as combining with a {@code noindex} from another tag or header.
   *
   * @param other directives from another source
   * @return the combination
   */
  public PageDirectives mostRestrictive(PageDirectives other) {
    Objects.requireNonNull(other, "other");
    ImagePreview image =
        maxImagePreview == null
            ? other.maxImagePreview
            : other.maxImagePreview == null || maxImagePreview.compareTo(other.maxImagePreview) <= 0
                ? maxImagePreview
                : other.maxImagePreview;
    Instant after =
        unavailableAfter == null
            ? other.unavailableAfter
            : other.unavailableAfter == null || unavailableAfter.isBefore(other.unavailableAfter)
                ? unavailableAfter
                : other.unavailableAfter;
    return new PageDirectives(
        flags | other.flags,
        smallerLimit(maxSnippet, other.maxSnippet),
        image,
        smallerLimit(maxVideoPreview, other.maxVideoPreview),
        after,
        UsageBits.mostRestrictive(usage, other.usage));
  }

  /** The stricter of two limits where -1 is none and {@link #UNSET} not given. */
  static int smallerLimit(int a, int b) {
    if (a == UNSET || a == -1) {
      return b == UNSET ? a : b;
    }
    if (b == UNSET || b == -1) {
      return a;
    }
    return Math.min(a, b);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PageDirectives p
        && flags == p.flags
        && maxSnippet == p.maxSnippet
        && maxImagePreview == p.maxImagePreview
        && maxVideoPreview == p.maxVideoPreview
        && Objects.equals(unavailableAfter, p.unavailableAfter)
        && usage == p.usage;
  }

  @Override
  public int hashCode() {
    return Objects.hash(
        flags, maxSnippet, maxImagePreview, maxVideoPreview, unavailableAfter, usage);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("PageDirectives{");
    String[] names = {
      "noindex",
      "nofollow",
      "noarchive",
      "nosnippet",
      "notranslate",
      "noimageindex",
      "indexifembedded"
    };
    for (int k = 0; k < names.length; k++) {
      if ((flags & (1 << k)) != 0) {
        sb.append(names[k]).append(", ");
      }
    }
    maxSnippet().ifPresent(n -> sb.append("max-snippet:").append(n).append(", "));
    maxImagePreview()
        .ifPresent(
            p ->
                sb.append("max-image-preview:")
                    .append(p.name().toLowerCase(java.util.Locale.ROOT))
                    .append(", "));
    maxVideoPreview().ifPresent(n -> sb.append("max-video-preview:").append(n).append(", "));
    unavailableAfter().ifPresent(t -> sb.append("unavailable_after:").append(t).append(", "));
    for (UsageCategory c : UsageCategory.values()) {
      Preference p = usage(c);
      if (p != Preference.UNKNOWN) {
        sb.append(c.label()).append('=').append(p == Preference.ALLOW ? 'y' : 'n').append(", ");
      }
    }
    if (sb.charAt(sb.length() - 1) == ' ') {
      sb.setLength(sb.length() - 2);
    }
    return sb.append('}').toString();
  }

  /** The largest image preview a page allows ({@code max-image-preview}), smallest first. */
  public enum ImagePreview {
    /** {@code none}: no image preview. */
    NONE,
    /** {@code standard}: a default-size preview. */
    STANDARD,
    /** {@code large}: a preview up to the viewport's width. */
    LARGE
  }
}
