package example;

import io.github.reactiverobots.core.RobotsCache;
import io.github.reactiverobots.netty.AddressPolicy;
import io.github.reactiverobots.netty.RobotsCaches;
import io.github.reactiverobots.robotstxt.model.Verdict;
import java.net.InetAddress;
import java.util.List;

/** May MyCrawler fetch this URL, and why? Fetches the site's robots.txt once, then answers. */
public final class HelloWorld {
  public static void main(String[] args) {
    if (args.length == 0) {
      System.err.println("usage: HelloWorld [--local] URL   (--local: a server on this machine)");
      System.exit(2);
    }
    boolean local = args[0].equals("--local");
    String url = args[args.length - 1];
    // The crawler's identity, once: the User-Agent the fetcher sends, whose product token
    // (MyCrawler) selects the robots.txt groups that apply.
    try (RobotsCache robots =
        RobotsCaches.create(
            "MyCrawler/1.0 (+https://example.com/bot)",
            fetcher -> {
              if (local) { // every name is this machine, and loopback (refused by default) is let in
                fetcher
                    .resolver(host -> List.of(InetAddress.getLoopbackAddress()))
                    .addressPolicy(AddressPolicy.permitAll());
              }
            })) {
      Verdict verdict = robots.check(url).block(); // a Mono: block only in a main like this one
      System.out.println(url + ": " + verdict);
    } // close() ends the fetcher's connections
  }
}
