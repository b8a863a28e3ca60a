package dev.tracedeck.cli.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in the README, the pages under docs/ and the sample logs' README reaches a file of the
 * repository, and a link with a {@code #fragment} a heading (or an {@code id}) of the page it names, as GitHub
 * renders them. Links with a scheme ({@code https:}) are not followed.
 */
class DocsLinksTest {

    private static final Path ROOT = Path.of(System.getProperty("basedir", "."), "..").toAbsolutePath().normalize();

    private static final Pattern INLINE = Pattern.compile("!?\\[(?:[^\\[\\]]|\\[[^\\[\\]]*\\])*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern REFERENCE = Pattern.compile("^\\s{0,3}\\[[^\\]]+\\]:\\s*<?(\\S+?)>?(?:\\s+\"[^\"]*\")?\\s*$");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");
    private static final Pattern HEADING = Pattern.compile("^\\s{0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern HTML_ID = Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"");
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");

    private final Map<Path, Set<String>> anchors = new HashMap<>();

    @Test
    void everyRelativeLinkReachesAFileAndItsAnchor() throws IOException {
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : pages()) {
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            boolean[] fenced = fenced(lines);
            for (int i = 0; i < lines.size(); i++) {
                for (String target : fenced[i] ? List.<String>of() : links(lines.get(i))) {
                    checked++;
                    problem(page, target).ifPresent(broken::add);
                }
            }
        }
        assertTrue(checked > 20, "links found: " + checked);
        assertEquals(List.of(), broken, "broken links");
    }

    @Test
    void anchorsAreSluggedAsGitHubSlugsThem() {
        assertEquals("live-listen-and-watch", slug("Live: `listen` and `watch`"));
        assertEquals("--parse-text-calls", slug("`--parse-text-calls`"));
        assertEquals("big-traces-every-aim-against-its-baseline-in-one-run", slug("Big traces: every aim against its baseline, in one run"));
        assertEquals("runs-search-baseline-write-triage", slug("`runs`, `search`, `baseline write`, `triage`"));
        assertEquals("the-workspace", slug("The [workspace](workspace.md)"));
    }

    @Test
    void aBrokenLinkIsFound() throws IOException {
        Path readme = ROOT.resolve("README.md");
        assertTrue(problem(readme, "docs/no-such-page.md").isPresent());
        assertTrue(problem(readme, "#no-such-heading").isPresent());
        assertTrue(problem(readme, "../outside.md").isPresent(), "a file outside the repository");
        assertFalse(problem(readme, "https://example.com/x.md").isPresent());
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("sample-logs/README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** The link targets on a line outside code blocks, none inside a code span. */
    private static List<String> links(String text) {
        String line = CODE_SPAN.matcher(text).replaceAll("code");
        List<String> targets = new ArrayList<>();
        Matcher inline = INLINE.matcher(line);
        while (inline.find()) {
            targets.add(inline.group(1));
        }
        Matcher reference = REFERENCE.matcher(line);
        if (reference.matches()) {
            targets.add(reference.group(1));
        }
        return targets;
    }

    /** Which lines belong to a fenced code block, its fences included. */
    private static boolean[] fenced(List<String> lines) {
        boolean[] fenced = new boolean[lines.size()];
        boolean in = false;
        for (int i = 0; i < lines.size(); i++) {
            boolean fence = lines.get(i).strip().startsWith("```") || lines.get(i).strip().startsWith("~~~");
            fenced[i] = in || fence;
            if (fence) {
                in = !in;
            }
        }
        return fenced;
    }

    private java.util.Optional<String> problem(Path page, String target) throws IOException {
        if (SCHEME.matcher(target).find()) {
            return java.util.Optional.empty();
        }
        String where = ROOT.relativize(page) + ": " + target;
        int hash = target.indexOf('#');
        String path = URLDecoder.decode(hash < 0 ? target : target.substring(0, hash), StandardCharsets.UTF_8);
        Path file = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
        if (!file.startsWith(ROOT)) {
            return java.util.Optional.of(where + " (outside the repository)");
        }
        if (!Files.exists(file)) {
            return java.util.Optional.of(where + " (no such file)");
        }
        if (hash >= 0) {
            String fragment = target.substring(hash + 1);
            if (!file.toString().endsWith(".md") || !anchors(file).contains(fragment)) {
                return java.util.Optional.of(where + " (no such anchor in " + ROOT.relativize(file) + ")");
            }
        }
        return java.util.Optional.empty();
    }

    private Set<String> anchors(Path page) throws IOException {
        Set<String> known = anchors.get(page);
        if (known == null) {
            known = new HashSet<>();
            Map<String, Integer> used = new HashMap<>();
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            boolean[] fenced = fenced(lines);
            for (int i = 0; i < lines.size(); i++) {
                Matcher id = HTML_ID.matcher(lines.get(i));
                while (id.find()) {
                    known.add(id.group(1));
                }
                Matcher heading = HEADING.matcher(lines.get(i));
                if (!fenced[i] && heading.matches()) {
                    String slug = slug(heading.group(2));
                    int n = used.merge(slug, 1, Integer::sum) - 1;
                    known.add(n == 0 ? slug : slug + "-" + n);
                }
            }
            anchors.put(page, known);
        }
        return known;
    }

    /** GitHub's heading id: the text as rendered, lower-cased, without punctuation but - and _, spaces as -. */
    static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1").toLowerCase(Locale.ROOT);
        StringBuilder slug = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (c == ' ') {
                slug.append('-');
            } else if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                slug.appendCodePoint(c);
            }
        });
        return slug.toString();
    }
}
