package io.github.reactiverobots.crawlercommons;

import io.github.reactiverobots.crawlercommons.ReactiveRobotRules.Mode;
import io.github.reactiverobots.robotstxt.AgentRules;
import io.github.reactiverobots.robotstxt.ParseOptions;
import io.github.reactiverobots.robotstxt.RobotsTxt;
import io.github.reactiverobots.robotstxt.model.Profile;
import io.github.reactiverobots.robotstxt.model.Rule;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.io.Serial;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The serialised form of {@link ReactiveRobotRules}, small by construction: a version, the kind of
 * answer, the profile, the deferred and wildcard flags, the crawl delay, the sitemaps and, for a
 * parsed file, only the crawler's rules, written as a robots.txt of one {@code *} group whose
 * patterns are those written in the file (so that parsing it again under the same profile gives the
 * same patterns, priorities and verdicts). A body that is not UTF-8 (whose patterns' texts are not
 * its bytes) is written whole instead, with the crawler's names. Externalizable, so the stream
 * holds this one class and its bytes.
 */
final class SerialForm implements Externalizable {
  @Serial private static final long serialVersionUID = 1L;

  private static final int VERSION = 1;
  private static final int DEFER = 1;
  private static final int WILDCARD = 2;
  private static final int WHOLE = 4;

  /**
   * Set in a form that cannot be read back exactly: rules from the cache whose patterns are not
   * UTF-8 (the cache keeps no body). Equality may compare it; serialisation refuses it.
   */
  static final int INEXACT = 8;

  private byte[] data;

  /** For deserialisation only. */
  public SerialForm() {}

  SerialForm(byte[] data) {
    this.data = data;
  }

  /** The form of {@code r}. */
  static byte[] bytes(ReactiveRobotRules r) {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream(64);
    try (DataOutputStream out = new DataOutputStream(buffer)) {
      out.writeByte(VERSION);
      out.writeByte(r.mode().ordinal());
      out.writeByte(r.profile().ordinal());
      boolean whole = r.rawBody() != null;
      boolean inexact = !whole && r.mode() == Mode.RULES && !textsAreExact(r);
      out.writeByte(
          (r.isDeferVisits() ? DEFER : 0)
              | (r.isMatchedWildcard() ? WILDCARD : 0)
              | (whole ? WHOLE : 0)
              | (inexact ? INEXACT : 0));
      out.writeLong(r.getCrawlDelay());
      out.writeInt(r.getSitemaps().size());
      for (String sitemap : r.getSitemaps()) {
        writeBytes(out, sitemap.getBytes(StandardCharsets.UTF_8));
      }
      if (whole) {
        List<String> names = r.crawler() == null ? List.of() : r.crawler().chain();
        out.writeInt(names.size());
        for (String name : names) {
          writeBytes(out, name.getBytes(StandardCharsets.US_ASCII));
        }
        writeBytes(out, r.rawBody());
      } else {
        writeBytes(out, r.mode() == Mode.RULES ? body(r) : new byte[0]);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return buffer.toByteArray();
  }

  private static void writeBytes(DataOutputStream out, byte[] b) throws IOException {
    out.writeInt(b.length);
    out.write(b);
  }

  /** Whether no pattern's text holds U+FFFD, which bytes that are not UTF-8 decode to. */
  private static boolean textsAreExact(ReactiveRobotRules r) {
    return r.rules().stream().noneMatch(rule -> rule.pattern().indexOf('\uFFFD') >= 0);
  }

  /** The flags byte of a form. */
  static int flags(byte[] form) {
    return form[3];
  }

  /**
   * The crawler's rules as a robots.txt of one {@code *} group, empty when no group applied. {@code
   * GOOGLE} cuts lines at 16,664 bytes, so its keys are the shortest it reads ({@code disalow} is
   * one of its spellings of {@code disallow}): no line is longer than the one it came from.
   */
  private static byte[] body(ReactiveRobotRules r) {
    AgentRules rules = r.agentRules();
    if (!rules.hasGroup()) {
      return new byte[0];
    }
    boolean google = r.profile() == Profile.GOOGLE;
    StringBuilder sb = new StringBuilder("user-agent:*\n");
    for (Rule rule : rules.rules()) {
      String pattern = rule.pattern();
      sb.append(rule.allow() ? "allow:" : google ? "disalow:" : "disallow:")
          .append(pattern)
          .append('\n');
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** {@code body} parsed with {@code options}, whatever its length. */
  static RobotsTxt parse(byte[] body, ParseOptions options) {
    if (body.length > options.parseLimit()) {
      options = options.withParseLimit(body.length);
    }
    return RobotsTxt.parse(body, options);
  }

  @Override
  public void writeExternal(ObjectOutput out) throws IOException {
    out.writeInt(data.length);
    out.write(data);
  }

  @Override
  public void readExternal(ObjectInput in) throws IOException {
    int n = in.readInt();
    if (n < 0) {
      throw new InvalidObjectException("negative length " + n);
    }
    data = new byte[n];
    in.readFully(data);
  }

  @Serial
  private Object readResolve() throws IOException {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
      int version = in.readUnsignedByte();
      if (version != VERSION) {
        throw new InvalidObjectException("unknown ReactiveRobotRules form version " + version);
      }
      Mode mode = Mode.values()[checked(in.readUnsignedByte(), Mode.values().length)];
      Profile profile = Profile.values()[checked(in.readUnsignedByte(), Profile.values().length)];
      int flags = in.readUnsignedByte();
      long crawlDelay = in.readLong();
      int sitemaps = in.readInt();
      String[] urls = new String[checked(sitemaps, data.length)];
      for (int i = 0; i < sitemaps; i++) {
        urls[i] = new String(readBytes(in), StandardCharsets.UTF_8);
      }
      ReactiveRobotRules r;
      if ((flags & WHOLE) != 0) {
        int n = checked(in.readInt(), data.length);
        List<String> names = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          names.add(new String(readBytes(in), StandardCharsets.US_ASCII));
        }
        r =
            ReactiveRobotRules.restoredWhole(
                profile, readBytes(in), names.isEmpty() ? null : RobotNames.identity(names));
      } else {
        r = ReactiveRobotRules.restored(mode, profile, readBytes(in));
      }
      r.setDeferVisits((flags & DEFER) != 0);
      r.setMatchedWildcard((flags & WILDCARD) != 0);
      r.setCrawlDelay(crawlDelay);
      for (String url : urls) {
        r.addSitemap(url);
      }
      return r;
    }
  }

  private byte[] readBytes(DataInputStream in) throws IOException {
    byte[] b = new byte[checked(in.readInt(), data.length + 1)];
    in.readFully(b);
    return b;
  }

  private static int checked(int value, int bound) throws InvalidObjectException {
    if (value < 0 || value >= bound) {
      throw new InvalidObjectException("ReactiveRobotRules form: " + value + " out of range");
    }
    return value;
  }
}
