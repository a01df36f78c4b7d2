package dev.enclave.app.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and docs/ as a reader follows them: every relative link (outside code) reaches a file that exists, and
 * every {@code #anchor} a heading of that file (GitHub's anchors); every page in docs/ can be reached from the
 * README; and the README stays a five-minute read.
 */
class DocumentationLinksTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern LINK = Pattern.compile("(?<!!)\\[[^\\]]*]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern IMAGE = Pattern.compile("!\\[[^\\]]*]\\(([^)\\s]+)\\)");
    private static final int README_LINES = 150;

    @Test
    void everyRelativeLink_reachesAFileAndItsHeading() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : pages()) {
            for (String target : links(page, true)) {
                String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (!Files.exists(resolved)) {
                    broken.add(ROOT.relativize(page) + ": " + target + " (no such file)");
                } else if (target.contains("#") && resolved.toString().endsWith(".md")
                        && !anchors(resolved).contains(target.substring(target.indexOf('#') + 1))) {
                    broken.add(ROOT.relativize(page) + ": " + target + " (no such heading in "
                            + ROOT.relativize(resolved) + ")");
                }
            }
        }
        assertThat(broken).as("broken links:\n" + String.join("\n", broken)).isEmpty();
    }

    @Test
    void everyPageInDocs_isReachableFromTheReadme() throws IOException {
        Set<Path> reached = new HashSet<>();
        Deque<Path> next = new ArrayDeque<>(List.of(ROOT.resolve("README.md")));
        while (!next.isEmpty()) {
            Path page = next.pop();
            if (!reached.add(page)) {
                continue;
            }
            for (String target : links(page, false)) {
                String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                Path linked = page.getParent().resolve(file).normalize();
                if (file.endsWith(".md") && Files.isRegularFile(linked)) {
                    next.push(linked);
                }
            }
        }
        TreeSet<String> orphans = new TreeSet<>();
        pages().stream().filter(page -> !reached.contains(page)).forEach(page -> orphans.add(ROOT.relativize(page)
                .toString()));
        assertThat(orphans).as("pages no link from the README leads to").isEmpty();
    }

    @Test
    void readme_isAFiveMinuteRead() throws IOException {
        assertThat(Files.readAllLines(ROOT.resolve("README.md"))).hasSizeLessThanOrEqualTo(README_LINES);
    }

    @Test
    void anchors_areGitHubs() throws IOException {
        Path page = Files.createTempFile("anchors", ".md");
        Files.writeString(page, "# Two commands\n## 3. The service\n## `enclave.cursor-key`: why?\n## A\n## A\n"
                + "```\n# not a heading\n```\n");

        assertThat(anchors(page)).containsExactlyInAnyOrder("two-commands", "3-the-service",
                "enclavecursor-key-why", "a", "a-1");
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        for (String top : List.of("SECURITY.md", "UPGRADING.md")) {
            if (Files.exists(ROOT.resolve(top))) {
                pages.add(ROOT.resolve(top));
            }
        }
        return pages;
    }

    /** Relative link targets outside fenced code and inline code; images too when {@code withImages}. */
    private static List<String> links(Path page, boolean withImages) throws IOException {
        List<String> targets = new ArrayList<>();
        for (String line : prose(page)) {
            String text = line.replaceAll("`[^`]*`", "");
            Matcher link = LINK.matcher(text);
            while (link.find()) {
                targets.add(link.group(1));
            }
            Matcher image = IMAGE.matcher(text);
            while (withImages && image.find()) {
                targets.add(image.group(1));
            }
        }
        return targets.stream().filter(t -> !t.matches("^[a-z]+:.*")).toList();
    }

    /** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
    private static Set<String> anchors(Path page) throws IOException {
        Set<String> anchors = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose(page)) {
            if (line.matches("^#{1,6}\\s.*")) {
                String slug = line.replaceFirst("^#+\\s+", "").strip().toLowerCase(Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{N}\\s_-]", "").replace(' ', '-');
                int count = seen.merge(slug, 1, Integer::sum);
                anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
            }
        }
        return anchors;
    }

    private static List<String> prose(Path page) throws IOException {
        List<String> prose = new ArrayList<>();
        boolean code = false;
        for (String line : Files.readAllLines(page)) {
            if (line.strip().startsWith("```")) {
                code = !code;
            } else if (!code) {
                prose.add(line);
            }
        }
        return prose;
    }
}
