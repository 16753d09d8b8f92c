package io.github.reactiverobots.bench.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The benchmark corpus, read from the class path: the robots.txt bodies listed in {@code
 * corpus/index.txt} (a jar cannot be listed portably, so the index names them), the check rows of
 * {@code corpus/urls.tsv} and the per-file descriptions of {@code corpus/MANIFEST.tsv}.
 * Immutable and thread-safe once loaded; bodies are shared arrays that nobody may modify.
 */
public final class Corpus {
  private static final String ROOT = "/corpus/";
  private static volatile Corpus instance;

  private final List<CorpusFile> files;
  private final Map<String, CorpusFile> byName;
  private final List<UrlRow> rows;
  private final Map<String, ManifestEntry> manifest;
  private final long totalBytes;

  private Corpus(List<CorpusFile> files, List<UrlRow> rows, Map<String, ManifestEntry> manifest) {
    this.files = List.copyOf(files);
    Map<String, CorpusFile> map = new LinkedHashMap<>();
    long total = 0;
    for (CorpusFile f : files) {
      map.put(f.name(), f);
      total += f.body().length;
    }
    this.byName = Collections.unmodifiableMap(map);
    this.rows = List.copyOf(rows);
    this.manifest = Collections.unmodifiableMap(manifest);
    this.totalBytes = total;
  }

  /** The corpus on the class path, loaded once and shared. */
  public static Corpus load() {
    Corpus c = instance;
    if (c == null) {
      synchronized (Corpus.class) {
        c = instance;
        if (c == null) {
          c = read();
          instance = c;
        }
      }
    }
    return c;
  }

  private static Corpus read() {
    List<CorpusFile> files = new ArrayList<>();
    for (String line : lines("index.txt")) {
      String name = line.strip();
      if (name.isEmpty() || name.startsWith("#")) {
        continue;
      }
      files.add(new CorpusFile(name, CorpusFile.originOf(name), bytes("files/" + name)));
    }
    Map<String, CorpusFile> known = new LinkedHashMap<>();
    files.forEach(f -> known.put(f.name(), f));

    List<UrlRow> rows = new ArrayList<>();
    List<String> urlLines = lines("urls.tsv");
    for (int i = 1; i < urlLines.size(); i++) {
      String[] cols = urlLines.get(i).split("\t", -1);
      if (cols.length != 3) {
        throw new IllegalStateException("corpus/urls.tsv line " + (i + 1) + ": expected 3 columns");
      }
      if (!known.containsKey(cols[0])) {
        throw new IllegalStateException(
            "corpus/urls.tsv line " + (i + 1) + ": unknown file " + cols[0]);
      }
      rows.add(new UrlRow(cols[0], cols[1], cols[2], i + 1));
    }

    Map<String, ManifestEntry> manifest = new LinkedHashMap<>();
    List<String> manifestLines = lines("MANIFEST.tsv");
    List<String> header = List.of(manifestLines.get(0).split("\t", -1));
    int kind = header.indexOf("kind");
    int flags = header.indexOf("flags");
    int source = header.indexOf("source_label");
    for (int i = 1; i < manifestLines.size(); i++) {
      String[] cols = manifestLines.get(i).split("\t", -1);
      manifest.put(cols[0], new ManifestEntry(cols[0], cols[kind], cols[source],
          cols[flags].isEmpty() ? List.of() : List.of(cols[flags].split(","))));
    }
    return new Corpus(files, rows, manifest);
  }

  private static byte[] bytes(String resource) {
    try (InputStream in = Corpus.class.getResourceAsStream(ROOT + resource)) {
      if (in == null) {
        throw new IllegalStateException("missing class path resource " + ROOT + resource);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("reading " + ROOT + resource, e);
    }
  }

  private static List<String> lines(String resource) {
    return new String(bytes(resource), StandardCharsets.UTF_8).lines().toList();
  }

  /** All bodies, in index order. */
  public List<CorpusFile> files() {
    return files;
  }

  /** The file called {@code name}. */
  public CorpusFile file(String name) {
    return Objects.requireNonNull(byName.get(name), () -> "no corpus file " + name);
  }

  /** The largest body. */
  public CorpusFile largest() {
    CorpusFile best = files.get(0);
    for (CorpusFile f : files) {
      if (f.body().length > best.body().length) {
        best = f;
      }
    }
    return best;
  }

  /** All {@code urls.tsv} rows, in file order. */
  public List<UrlRow> rows() {
    return rows;
  }

  /** The manifest entry of {@code name}, or null. */
  public ManifestEntry manifest(String name) {
    return manifest.get(name);
  }

  /** The sum of all body lengths. */
  public long totalBytes() {
    return totalBytes;
  }

  /**
   * What {@code MANIFEST.tsv} says about a file.
   *
   * @param file the file name
   * @param kind {@code robots}, {@code html} or {@code other}
   * @param source where the file came from
   * @param flags features noted (crlf, wildcard, bom_utf8, non_ascii...)
   */
  public record ManifestEntry(String file, String kind, String source, List<String> flags) {}
}
