package io.github.reactiverobots.bench.compare;

/**
 * Why reactive-robots and crawler-commons gave different verdicts on a row, and what SEMANTICS.md
 * says about it. The classification is made from probes (see {@link Observation}), so it names the
 * most likely cause, not a proof.
 */
public enum Cause {
  OUR_RULE_DOES_NOT_MATCH(
      "reactive-robots' deciding rule does not match the path",
      "crawler-commons: by SEMANTICS.md §3 (* any run, $ only at the end) the rule reactive-robots"
          + " reports does not match this path at all: a reactive-robots matcher bug"),
  ROBOTS_TXT_ITSELF(
      "/robots.txt itself",
      "reactive-robots: SEMANTICS.md §4 (RFC_9309) always allows /robots.txt"),
  PARSE_LIMIT(
      "body above the 500 KiB parse limit",
      "reactive-robots: SEMANTICS.md §1 parses only the first 500 KiB (RFC 9309 §2.5 minimum);"
          + " the rule that decides for crawler-commons lies past it"),
  THEIR_URL_PARSING(
      "crawler-commons could not parse the URL",
      "reactive-robots: java.net.URL/URI reject this URL (a space, a backslash...), so"
          + " crawler-commons' answer does not come from the path; SEMANTICS.md §4 matches the"
          + " path as given"),
  NO_PRODUCT_TOKEN(
      "agent string without a product token (*, 008, 5erue)",
      "reactive-robots, literally: SEMANTICS.md §2 reads an empty token from such a string and"
          + " matches it to groups whose name is empty too (User-agent: 008); crawler-commons"
          + " refuses '*' and is given a name no group uses. No real crawler passes such a name"),
  GROUP_CONTINUES_PAST_RECORD(
      "user-agent lines separated only by crawl-delay / request-rate",
      "reactive-robots: the agent's user-agent line is followed by a crawl-delay or"
          + " request-rate line and then another user-agent line before any rule. SEMANTICS.md §2"
          + " starts a new group only at a user-agent line after a rule, so these agents share one"
          + " group (as in RFC 9309's grammar and Google's reference parser, where crawl-delay is"
          + " an unknown key); that group's rules decide, none matched, and a named group replaces"
          + " '*'. crawler-commons gave another answer"),
  GROUP_SELECTION(
      "agent token / group selection (other)",
      "unsure: the two chose different groups; SEMANTICS.md §2 selects by exact, case-insensitive"
          + " equality of the product token with the user-agent line's leading [A-Za-z_-] run"),
  SPACE_IN_PATH(
      "space in the path and the rule",
      "reactive-robots: SEMANTICS.md §3-4 normalise path and pattern alike, so a literal space"
          + " matches a literal space; crawler-commons treats the two differently"),
  PERCENT_ENCODING(
      "percent-encoding normalisation",
      "reactive-robots: SEMANTICS.md §3-4 normalise paths and patterns alike (decode unreserved"
          + " %xx, upper-case hex, encode non-ASCII as UTF-8, keep %2F encoded)"),
  ENCODING(
      "body encoding or line ends (BOM, UTF-16, invalid UTF-8, NUL, bare CR)",
      "reactive-robots where the file has a BOM, is UTF-16 or ends lines with a bare CR"
          + " (SEMANTICS.md §1); unsure for invalid UTF-8 and NUL bytes"),
  NON_ROBOTS_BODY(
      "body is not a robots.txt (HTML or other)",
      "unsure: SEMANTICS.md §1 skips lines it can't read, so only stray key: value lines count;"
          + " the two parsers pick different stray lines"),
  MISSPELT_DIRECTIVE(
      "misspelt directive or missing colon",
      "reactive-robots: SEMANTICS.md §1 accepts the listed misspellings and key/value lines"
          + " without a colon"),
  WILDCARD(
      "wildcard / $ matching",
      "unsure: the deciding rule uses * or $ and does match by SEMANTICS.md §3; check whether"
          + " crawler-commons or a longer rule should have decided"),
  LONGEST_MATCH(
      "longest match / allow-wins tie",
      "reactive-robots: SEMANTICS.md §4 longest normalised pattern wins, allow on a tie"),
  NO_RULE_MATCHED(
      "no rule matched for reactive-robots",
      "unsure: reactive-robots found no matching rule where crawler-commons did; check the row"),
  AGENT_AS_PASSED(
      "agent string matched as passed (GOOGLE profile)",
      "by design: SEMANTICS.md §2/§7, the GOOGLE profile matches the crawler string as given"),
  UNCLASSIFIED("unclassified", "unsure: no probe explained the difference");

  private final String title;
  private final String verdict;

  Cause(String title, String verdict) {
    this.title = title;
    this.verdict = verdict;
  }

  /** A short name for the report. */
  public String title() {
    return title;
  }

  /** Which side SEMANTICS.md supports, and why, or "unsure". */
  public String supportedBy() {
    return verdict;
  }

  /** As {@link #supportedBy()}, for a difference seen under {@code profile}. */
  public String supportedBy(io.github.reactiverobots.robotstxt.model.Profile profile) {
    if (this == ROBOTS_TXT_ITSELF
        && profile == io.github.reactiverobots.robotstxt.model.Profile.GOOGLE) {
      return "by design: the GOOGLE profile does not allow /robots.txt implicitly (SEMANTICS.md"
          + " §7); crawler-commons always does";
    }
    if (this == PERCENT_ENCODING
        && profile == io.github.reactiverobots.robotstxt.model.Profile.GOOGLE) {
      return "by design: the GOOGLE profile matches the URL as the caller encoded it, without"
          + " normalisation (SEMANTICS.md §7); crawler-commons decodes it";
    }
    return verdict;
  }
}
