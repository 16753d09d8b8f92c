package io.github.reactiverobots.bench.compare;

import io.github.reactiverobots.robotstxt.model.Reason;
import java.util.List;

/**
 * What the probes found about one row where the verdicts differ: the two verdicts and the same
 * question asked in slightly different ways. A plain value, so that {@link #classify()} is a pure
 * function that can be tested without either parser. Immutable.
 *
 * @param ours reactive-robots' verdict (allowed?) in the profile under comparison
 * @param theirs crawler-commons' verdict
 * @param oursReason why reactive-robots decided
 * @param oursRule the pattern of reactive-robots' deciding rule, or null
 * @param oursRuleMatches whether that pattern matches the path by a plain reading of SEMANTICS.md
 *     §3, or null when there is no rule or either contains {@code %} or non-ASCII
 * @param path the row's path
 * @param oursWholeBody reactive-robots' verdict with a parse limit above the body size, or null
 *     when the body is within the default limit
 * @param theirUrlRejected whether {@code java.net.URL} rejects the row's URL
 * @param oursStar reactive-robots' verdict for an agent named by no group
 * @param theirsStar crawler-commons' verdict for an agent named by no group
 * @param oursAsIs reactive-robots' verdict in the other profile's URL handling: for RFC_9309 rows,
 *     the GOOGLE profile (no normalisation) given crawler-commons' lower-case token
 * @param kind the manifest kind ({@code robots}, {@code html}, {@code other})
 * @param flags the manifest flags
 * @param misspelt whether the body has a misspelt directive or a key/value line without colon
 * @param agentHasToken whether the agent string starts with a product token ({@code A-Z a-z _ -})
 * @param runPastRecord whether a user-agent line naming the agent's token is followed, before any
 *     allow or disallow line, by another record (crawl-delay, request-rate...) and then by another
 *     user-agent line
 */
public record Observation(
    boolean ours,
    boolean theirs,
    Reason oursReason,
    String oursRule,
    Boolean oursRuleMatches,
    String path,
    Boolean oursWholeBody,
    boolean theirUrlRejected,
    boolean oursStar,
    boolean theirsStar,
    boolean oursAsIs,
    String kind,
    List<String> flags,
    boolean misspelt,
    boolean agentHasToken,
    boolean runPastRecord) {

  /** The most likely cause, probes tried in a fixed order. */
  public Cause classify() {
    if (ours == theirs) {
      throw new IllegalStateException("the verdicts agree");
    }
    if (Boolean.FALSE.equals(oursRuleMatches)) {
      return Cause.OUR_RULE_DOES_NOT_MATCH;
    }
    if (oursReason == Reason.ROBOTS_TXT_ITSELF) {
      return Cause.ROBOTS_TXT_ITSELF;
    }
    if (oursWholeBody != null && oursWholeBody == theirs) {
      return Cause.PARSE_LIMIT;
    }
    if (theirUrlRejected) {
      return Cause.THEIR_URL_PARSING;
    }
    boolean weUsedStarAnswer = ours == oursStar && theirsStar == ours;
    boolean theyUsedStarAnswer = theirs == theirsStar && oursStar == theirs;
    if (weUsedStarAnswer || theyUsedStarAnswer) {
      if (!agentHasToken) {
        return Cause.NO_PRODUCT_TOKEN;
      }
      return runPastRecord ? Cause.GROUP_CONTINUES_PAST_RECORD : Cause.GROUP_SELECTION;
    }
    if (path.indexOf(' ') >= 0) {
      return Cause.SPACE_IN_PATH;
    }
    if (hasEscapeOrNonAscii(path) && oursAsIs == theirs) {
      return Cause.PERCENT_ENCODING;
    }
    if (flags.stream()
        .anyMatch(
            f ->
                f.startsWith("bom_")
                    || f.equals("invalid_utf8")
                    || f.equals("nul")
                    || f.equals("bare_cr"))) {
      return Cause.ENCODING;
    }
    if (!"robots".equals(kind)) {
      return Cause.NON_ROBOTS_BODY;
    }
    if (misspelt) {
      return Cause.MISSPELT_DIRECTIVE;
    }
    if (oursRule != null && (oursRule.contains("*") || oursRule.contains("$"))) {
      return Cause.WILDCARD;
    }
    if (oursReason == Reason.MATCHED_ALLOW || oursReason == Reason.MATCHED_DISALLOW) {
      return Cause.LONGEST_MATCH;
    }
    if (oursReason == Reason.NO_MATCHING_RULE) {
      return Cause.NO_RULE_MATCHED;
    }
    return Cause.UNCLASSIFIED;
  }

  /**
   * Whether {@code pattern} matches the start of {@code path} by a plain reading of SEMANTICS.md §3
   * ({@code *} any run, a final {@code $} anchors), or null when either has a {@code %} or a
   * non-ASCII character (normalisation would be needed) or there is no pattern. A reference for the
   * report, independent of both libraries' matchers.
   */
  public static Boolean referenceMatch(String pattern, String path) {
    if (pattern == null || hasEscapeOrNonAscii(pattern) || hasEscapeOrNonAscii(path)) {
      return null;
    }
    boolean anchored = pattern.endsWith("$");
    String body = anchored ? pattern.substring(0, pattern.length() - 1) : pattern;
    StringBuilder regex = new StringBuilder();
    for (String piece : body.split("\\*", -1)) {
      if (regex.length() > 0) {
        regex.append(".*");
      }
      regex.append(java.util.regex.Pattern.quote(piece));
    }
    if (anchored) {
      regex.append('$');
    }
    return java.util.regex.Pattern.compile(regex.toString(), java.util.regex.Pattern.DOTALL)
        .matcher(path)
        .lookingAt();
  }

  static boolean hasEscapeOrNonAscii(String path) {
    for (int i = 0; i < path.length(); i++) {
      char c = path.charAt(i);
      if (c == '%' || c > 0x7e) {
        return true;
      }
    }
    return false;
  }
}
