package io.github.reactiverobots.robotstxt.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * The corpus of real robots.txt files, read from the class path under {@code /corpus/} (core's test
 * resources, bundled in core's test-jar; its {@code README.md} says where each file comes from):
 * the bodies in {@code files/}, the check rows of {@code urls.tsv} and the per-file descriptions of
 * {@code MANIFEST.tsv}. A jar cannot be listed, so {@code MANIFEST.tsv} is the index of the files.
 *
 * <p>Two selections: {@link #full()}, every file and row, and {@link #odditySample()}, the 320
 * files chosen for tests. Each is read once, on first use, and shared. Immutable and thread-safe;
 * bodies are shared arrays that nobody may modify. A missing or malformed resource throws {@link
 * IllegalStateException} (or {@link UncheckedIOException} when it cannot be read).
 */
public final class Corpus {
  private static final String ROOT = "/corpus/";

  private final String description;
  private final List<CorpusFile> files;
  private final Map<String, CorpusFile> byName;
  private final List<UrlRow> rows;
  private final Map<String, ManifestEntry> manifest;
  private final long totalBytes;

  private Corpus(
      String description,
      List<CorpusFile> files,
      List<UrlRow> rows,
      Map<String, ManifestEntry> manifest) {
    this.description = description;
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

  /**
   * The whole corpus: every file of {@code MANIFEST.tsv} and every row of {@code urls.tsv}. Its
   * distribution is that of the sites it was collected from: headline benchmarks use it.
   */
  public static Corpus full() {
    return Full.CORPUS;
  }

  /**
   * The oddity sample: the 320 files named in {@code oddity-sample.txt}, chosen to cover the hard
   * cases (encodings, NULs, HTML served as robots.txt, bodies above 500 KiB...), and the {@code
   * urls.tsv} rows of those files, in {@code urls.tsv} order. Tests iterate this sample.
   */
  public static Corpus odditySample() {
    return OdditySample.CORPUS;
  }

  /** Holds the full corpus, read when first asked for. */
  private static final class Full {
    static final Corpus CORPUS = read("full corpus", null);
  }

  /** Holds the oddity sample, read when first asked for (without reading the other files). */
  private static final class OdditySample {
    static final Corpus CORPUS =
        read("oddity sample", new LinkedHashSet<>(names(lines("oddity-sample.txt"))));
  }

  /** Reads the files in {@code selection} (all when null) and their rows. */
  private static Corpus read(String description, Set<String> selection) {
    Map<String, ManifestEntry> all = readManifest();
    if (selection != null && !all.keySet().containsAll(selection)) {
      Set<String> unknown = new LinkedHashSet<>(selection);
      unknown.removeAll(all.keySet());
      throw new IllegalStateException("not in corpus/MANIFEST.tsv: " + unknown);
    }
    List<CorpusFile> files = new ArrayList<>();
    Map<String, ManifestEntry> manifest = new LinkedHashMap<>();
    for (ManifestEntry entry : all.values()) {
      if (selection == null || selection.contains(entry.file())) {
        String name = entry.file();
        files.add(new CorpusFile(name, CorpusFile.originOf(name), bytes("files/" + name)));
        manifest.put(name, entry);
      }
    }
    return new Corpus(description, files, readRows(all.keySet(), manifest.keySet()), manifest);
  }

  /** The rows of {@code urls.tsv} for {@code selected} files; every row must name a known one. */
  private static List<UrlRow> readRows(Set<String> known, Set<String> selected) {
    List<UrlRow> rows = new ArrayList<>();
    List<String> lines = lines("urls.tsv");
    for (int i = 1; i < lines.size(); i++) {
      String[] cols = lines.get(i).split("\t", -1);
      if (cols.length != 3) {
        throw new IllegalStateException("corpus/urls.tsv line " + (i + 1) + ": expected 3 columns");
      }
      if (!known.contains(cols[0])) {
        throw new IllegalStateException(
            "corpus/urls.tsv line " + (i + 1) + ": unknown file " + cols[0]);
      }
      if (selected.contains(cols[0])) {
        rows.add(new UrlRow(cols[0], cols[1], cols[2], i + 1));
      }
    }
    return rows;
  }

  private static Map<String, ManifestEntry> readManifest() {
    List<String> lines = lines("MANIFEST.tsv");
    List<String> header = List.of(lines.get(0).split("\t", -1));
    Map<String, ManifestEntry> manifest = new LinkedHashMap<>();
    for (int i = 1; i < lines.size(); i++) {
      String[] cols = lines.get(i).split("\t", -1);
      if (cols.length != header.size()) {
        throw new IllegalStateException(
            "corpus/MANIFEST.tsv line " + (i + 1) + ": expected " + header.size() + " columns");
      }
      ManifestEntry entry = ManifestEntry.of(header, cols);
      if (manifest.put(entry.file(), entry) != null) {
        throw new IllegalStateException(
            "corpus/MANIFEST.tsv line " + (i + 1) + ": " + entry.file() + " again");
      }
    }
    return manifest;
  }

  /** The non-blank lines that are not {@code #} comments, stripped. */
  private static List<String> names(List<String> lines) {
    return lines.stream()
        .map(String::strip)
        .filter(l -> !l.isEmpty() && !l.startsWith("#"))
        .toList();
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

  /** All bodies, in {@code MANIFEST.tsv} order (by name). */
  public List<CorpusFile> files() {
    return files;
  }

  /** The file called {@code name}; throws {@link NullPointerException} if it is not in here. */
  public CorpusFile file(String name) {
    return Objects.requireNonNull(byName.get(name), () -> "no file " + name + " in the " + this);
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

  /** The {@code urls.tsv} rows of these files, in {@code urls.tsv} order. */
  public List<UrlRow> rows() {
    return rows;
  }

  /** The manifest entry of {@code name}, or null when {@code name} is not in here. */
  public ManifestEntry manifest(String name) {
    return manifest.get(name);
  }

  /** The sum of all body lengths. */
  public long totalBytes() {
    return totalBytes;
  }

  /** Which corpus this is and its size, for messages: {@code oddity sample (320 files)}. */
  @Override
  public String toString() {
    return description + " (" + files.size() + " files)";
  }

  /**
   * What {@code MANIFEST.tsv} says about a file (its {@code README.md} describes the columns).
   *
   * @param file the file name
   * @param bytes the body's size
   * @param lines the body's line count
   * @param sourceRepo the repository the body was taken from ({@code scrapy/protego})
   * @param sourcePath its path in that repository
   * @param sourceCommit the commit it was taken at
   * @param source the short name of the source ({@code protego}, {@code gptfirewall}...)
   * @param kind {@code robots}, {@code html}, {@code other} or {@code empty}
   * @param sha256 the SHA-256 of the body, in lower-case hex
   * @param rules the allow and disallow lines the collector counted
   * @param flags features noted (crlf, wildcard, bom_utf8, non_ascii...)
   * @param dupSites how many other sites of the source served the same bytes
   * @param note what the source did to the body, or empty
   */
  public record ManifestEntry(
      String file,
      long bytes,
      int lines,
      String sourceRepo,
      String sourcePath,
      String sourceCommit,
      String source,
      String kind,
      String sha256,
      int rules,
      List<String> flags,
      int dupSites,
      String note) {
    public ManifestEntry {
      flags = List.copyOf(flags);
    }

    /** The entry of one {@code MANIFEST.tsv} row, its columns named by {@code header}. */
    static ManifestEntry of(List<String> header, String[] cols) {
      Function<String, String> c =
          name -> {
            int i = header.indexOf(name);
            if (i < 0) {
              throw new IllegalStateException("corpus/MANIFEST.tsv has no column " + name);
            }
            return cols[i];
          };
      String flags = c.apply("flags");
      return new ManifestEntry(
          c.apply("file"),
          Long.parseLong(c.apply("bytes")),
          Integer.parseInt(c.apply("lines")),
          c.apply("source_repo"),
          c.apply("source_path"),
          c.apply("source_commit"),
          c.apply("source_label"),
          c.apply("kind"),
          c.apply("sha256"),
          Integer.parseInt(c.apply("rules")),
          flags.isEmpty() ? List.of() : List.of(flags.split(",")),
          Integer.parseInt(c.apply("dup_sites")),
          c.apply("note"));
    }
  }
}
