package io.github.reactiverobots.netty;

import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;

/**
 * Recognises a response that identifies itself as a bot challenge, by the markers the CDNs that
 * send them document; nothing is guessed from a body or a server name. Stateless.
 *
 * <ul>
 *   <li>Cloudflare: "the Challenge Page response (regardless of the Challenge Page type) will have
 *       the {@code cf-mitigated} header present and set to {@code challenge}", the only valid value
 *       (developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/
 *       detect-response); its challenge pages answer 403
 *       (developers.cloudflare.com/rules/custom-errors/reference/error-page-types).
 *   <li>AWS WAF (CloudFront and the other services it protects): a Challenge action answers with
 *       {@code x-amzn-waf-action: challenge} and 202, a CAPTCHA action with {@code
 *       x-amzn-waf-action: captcha} and 405
 *       (docs.aws.amazon.com/waf/latest/developerguide/waf-captcha-and-challenge-actions.html).
 * </ul>
 *
 * <p>Akamai, Fastly, DataDome, Imperva and Sucuri document no response marker that tells a
 * challenge from the site's own answer (DataDome's {@code X-DataDome} header is on every protected
 * response, allowed ones too), so none of theirs is used.
 */
final class BotChallenges {
  /** A documented marker: a header and the value that means "challenge". */
  private record Marker(String header, String value) {
    String describe() {
      return header + ": " + value;
    }
  }

  private static final List<Marker> MARKERS =
      List.of(
          new Marker("cf-mitigated", "challenge"),
          new Marker("x-amzn-waf-action", "challenge"),
          new Marker("x-amzn-waf-action", "captcha"));

  private BotChallenges() {}

  /**
   * The marker {@code headers} carry, as {@code name: value}, or null when they carry none. Header
   * names are matched case-insensitively, values ignoring case and surrounding space.
   */
  static String marker(HttpHeaders headers) {
    for (Marker m : MARKERS) {
      for (String value : headers.getAll(m.header())) {
        if (value.trim().equalsIgnoreCase(m.value())) {
          return m.describe();
        }
      }
    }
    return null;
  }
}
