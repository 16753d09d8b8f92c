package io.github.reactiverobots.robotstxt;

import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.nio.charset.StandardCharsets;

/** Test shorthands. */
final class Robots {
  private Robots() {}

  static RobotsTxt rfc(String body) {
    return RobotsTxt.parse(body, ParseOptions.of(Profile.RFC_9309));
  }

  static RobotsTxt google(String body) {
    return RobotsTxt.parse(body, ParseOptions.of(Profile.GOOGLE));
  }

  static RobotsTxt parse(byte[] body, Profile profile) {
    return RobotsTxt.parse(body, ParseOptions.of(profile));
  }

  static boolean allowed(String body, String agent, String path) {
    return rfc(body).forAgent(agent).check(path).allowed();
  }

  static Verdict verdict(String body, String agent, String path) {
    return rfc(body).forAgent(agent).check(path);
  }

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    byte[] out = new byte[n];
    int at = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }
}
