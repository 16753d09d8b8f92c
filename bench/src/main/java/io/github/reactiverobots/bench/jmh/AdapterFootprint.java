package io.github.reactiverobots.bench.jmh;

import io.github.reactiverobots.bench.BenchCorpus;
import io.github.reactiverobots.robotstxt.testing.CorpusFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * What the crawler-commons API costs in memory on either engine, per corpus file parsed for {@link
 * MemoryFootprint#AGENT}: the heap retained by reactive-robots' {@code ReactiveRobotRules} and by
 * crawler-commons' {@code SimpleRobotRules}, and the bytes of each once serialised (one {@code
 * ObjectOutputStream} per rules object, as a crawler storing rules per origin writes them): mean
 * and median.
 *
 * @param adapterRetained mean retained heap per {@code ReactiveRobotRules}
 * @param theirsRetained mean retained heap per {@code SimpleRobotRules}
 * @param adapterSerialisedMean mean serialised bytes of {@code ReactiveRobotRules}
 * @param theirsSerialisedMean mean serialised bytes of {@code SimpleRobotRules}
 * @param adapterSerialisedMedian median serialised bytes of {@code ReactiveRobotRules}
 * @param theirsSerialisedMedian median serialised bytes of {@code SimpleRobotRules}
 */
public record AdapterFootprint(
    double adapterRetained,
    double theirsRetained,
    double adapterSerialisedMean,
    double theirsSerialisedMean,
    double adapterSerialisedMedian,
    double theirsSerialisedMedian) {

  /** Measures over the bench's corpus with {@code copies} copies of each result kept. */
  public static AdapterFootprint measure(int copies) {
    List<CorpusFile> files = BenchCorpus.selected().files();
    Function<CorpusFile, Object> ours =
        f -> CrawlerCommons.parseWithAdapter(f.url("/robots.txt"), f.body(), MemoryFootprint.AGENT);
    Function<CorpusFile, Object> theirs =
        f -> CrawlerCommons.parse(f.url("/robots.txt"), f.body(), MemoryFootprint.AGENT);
    long[] a = serialised(files, ours);
    long[] t = serialised(files, theirs);
    return new AdapterFootprint(
        MemoryFootprint.retainedPerResult(files, copies, ours),
        MemoryFootprint.retainedPerResult(files, copies, theirs),
        Arrays.stream(a).average().orElse(0),
        Arrays.stream(t).average().orElse(0),
        a[a.length / 2],
        t[t.length / 2]);
  }

  /** The serialised size of each file's rules, sorted. */
  private static long[] serialised(List<CorpusFile> files, Function<CorpusFile, Object> parse) {
    long[] sizes = new long[files.size()];
    for (int i = 0; i < sizes.length; i++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (ObjectOutputStream o = new ObjectOutputStream(out)) {
        o.writeObject((Serializable) parse.apply(files.get(i)));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      sizes[i] = out.size();
    }
    Arrays.sort(sizes);
    return sizes;
  }
}
