package io.github.reactiverobots.bench.sim;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * What share of the simulated origins answer {@code /robots.txt} in each way, in percent; the rest
 * answer 200 with a corpus body. Immutable.
 */
public final class Mix {
  /** How an origin of the farm answers. */
  public enum Behaviour {
    /** 200 with a corpus body. */
    OK,
    /** 404. */
    NOT_FOUND,
    /** 503. */
    SERVER_ERROR,
    /** 200 with a corpus body, after a delay. */
    SLOW,
    /** 301 to another path on the same host, which answers 200. */
    REDIRECT,
    /** 200 with a gzip-compressed body and {@code Content-Encoding: gzip}. */
    GZIP,
    /** No answer before the fetcher's timeout. */
    TIMEOUT
  }

  private final EnumMap<Behaviour, Double> percent;
  private final double[] cumulative;

  private Mix(EnumMap<Behaviour, Double> percent) {
    double others = 0;
    for (Map.Entry<Behaviour, Double> e : percent.entrySet()) {
      if (e.getKey() != Behaviour.OK) {
        if (e.getValue() < 0) {
          throw new IllegalArgumentException("negative share for " + name(e.getKey()));
        }
        others += e.getValue();
      }
    }
    if (others > 100) {
      throw new IllegalArgumentException("the shares add up to " + others + " %, over 100 %");
    }
    percent.put(Behaviour.OK, 100 - others);
    this.percent = percent;
    Behaviour[] all = Behaviour.values();
    cumulative = new double[all.length];
    double sum = 0;
    for (int i = 0; i < all.length; i++) {
      sum += percent.getOrDefault(all[i], 0.0);
      cumulative[i] = sum;
    }
  }

  /** 8 % 404, 3 % 503, 2 % slow, 3 % redirect, 10 % gzip, 0.5 % timeout, the rest 200. */
  public static Mix defaults() {
    return parse("404=8,5xx=3,slow=2,redirect=3,gzip=10,timeout=0.5");
  }

  /**
   * Parses {@code name=percent} pairs separated by commas; names: {@code 404}, {@code 5xx}, {@code
   * slow}, {@code redirect}, {@code gzip}, {@code timeout}. Unnamed shares are 0.
   */
  public static Mix parse(String spec) {
    EnumMap<Behaviour, Double> p = new EnumMap<>(Behaviour.class);
    if (!spec.isBlank()) {
      for (String part : spec.split(",")) {
        int eq = part.indexOf('=');
        if (eq < 0) {
          throw new IllegalArgumentException("mix entry without '=': " + part);
        }
        Behaviour b = behaviour(part.substring(0, eq).strip());
        double v;
        try {
          v = Double.parseDouble(part.substring(eq + 1).strip());
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("mix share is not a number: " + part);
        }
        p.put(b, v);
      }
    }
    return new Mix(p);
  }

  private static Behaviour behaviour(String name) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "404" -> Behaviour.NOT_FOUND;
      case "5xx" -> Behaviour.SERVER_ERROR;
      case "slow" -> Behaviour.SLOW;
      case "redirect" -> Behaviour.REDIRECT;
      case "gzip" -> Behaviour.GZIP;
      case "timeout" -> Behaviour.TIMEOUT;
      default ->
          throw new IllegalArgumentException(
              "unknown mix entry '" + name + "' (404, 5xx, slow, redirect, gzip, timeout)");
    };
  }

  private static String name(Behaviour b) {
    return switch (b) {
      case NOT_FOUND -> "404";
      case SERVER_ERROR -> "5xx";
      default -> b.name().toLowerCase(Locale.ROOT);
    };
  }

  /** The behaviour for a uniform draw {@code u} in [0, 1). */
  public Behaviour pick(double u) {
    double x = u * 100;
    Behaviour[] all = Behaviour.values();
    for (int i = 0; i < all.length; i++) {
      if (x < cumulative[i]) {
        return all[i];
      }
    }
    return Behaviour.OK;
  }

  /** The share of {@code b}, in percent. */
  public double percent(Behaviour b) {
    return percent.getOrDefault(b, 0.0);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    for (Behaviour b : Behaviour.values()) {
      double v = percent(b);
      if (v > 0) {
        sb.append(sb.length() == 0 ? "" : ", ")
            .append(b == Behaviour.OK ? "200" : name(b))
            .append(' ')
            .append(String.format(Locale.ROOT, "%.1f", v))
            .append('%');
      }
    }
    return sb.toString();
  }
}
