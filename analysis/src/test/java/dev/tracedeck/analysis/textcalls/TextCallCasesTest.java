package dev.tracedeck.analysis.textcalls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tracedeck.model.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The table of real-shaped model outputs in {@code src/test/resources/textcalls/cases.txt}: per case, every
 * call the parser must return (and nothing more), or that it must return nothing a rule would act on. The
 * file's header explains the syntax; each case names where its text comes from.
 */
class TextCallCasesTest {

    private static final TextCallParser PARSER = TextCallParser.standard();

    record Expected(String format, String name, String args, String status, String confidence) {
    }

    record Case(String id, int line, Set<String> tools, String text, List<Expected> calls, Double noneAbove,
                List<String> lost) {
    }

    @TestFactory
    Stream<DynamicTest> everyCaseParsesAsTheTableSays() throws IOException {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.id() + " (line " + c.line() + ")", () -> check(c)));
    }

    @Test
    void theTableCoversEveryFormatWithCallsAndWithNonCalls() throws IOException {
        List<Case> cases = cases();
        for (TextCallFormat format : TextCallFormat.values()) {
            long positives = cases.stream().filter(c -> c.calls().stream().anyMatch(e -> e.format().equals(format.id())))
                    .count();
            assertTrue(positives >= 3, format.id() + " has only " + positives + " cases with calls");
        }
        long negatives = cases.stream().filter(c -> c.noneAbove() != null).count();
        assertTrue(negatives >= 15, "only " + negatives + " cases that must not be taken for calls");
    }

    private static void check(Case c) {
        List<TextToolCall> actual = PARSER.parse(c.text(), c.tools());
        String shown = describe(actual);
        if (c.noneAbove() != null) {
            for (TextToolCall call : actual) {
                assertTrue(call.confidence().value() < c.noneAbove(),
                        "must not be taken for a call at " + c.noneAbove() + ", got:\n" + shown);
            }
            if (c.noneAbove() == 0.0) {
                assertTrue(actual.isEmpty(), "expected no candidate at all, got:\n" + shown);
            }
        }
        if (!c.calls().isEmpty() || c.noneAbove() == null) {
            assertEquals(c.calls().size(), actual.size(), "number of calls; got:\n" + shown);
        }
        for (int i = 0; i < c.calls().size(); i++) {
            Expected e = c.calls().get(i);
            TextToolCall a = actual.get(i);
            String where = "call " + i + " of:\n" + shown;
            assertEquals(e.format(), a.formatId(), "format, " + where);
            assertEquals(e.name(), a.name(), "name, " + where);
            assertEquals(e.args(), a.arguments().map(JsonValue::toCompactString).orElse("-"), "arguments, " + where);
            assertEquals(e.status(), a.argumentsStatus().name().toLowerCase(Locale.ROOT), "status, " + where);
            checkConfidence(e.confidence(), a.confidence().value(), where);
            assertEquals(a.span().end() - a.span().start(), a.span().of(c.text()).length());
            assertFalse(a.confidence().reasons().isEmpty(), "a confidence always has reasons");
        }
        for (String lost : c.lost()) {
            assertTrue(actual.stream().anyMatch(a -> a.unrecovered().stream().anyMatch(u -> u.contains(lost))),
                    "some call should report as unrecovered: " + lost + "\n" + shown);
        }
    }

    private static void checkConfidence(String spec, double value, String where) {
        if (spec.equals("*")) {
            return;
        }
        double bound = Double.parseDouble(spec.replaceAll("[<>=]", ""));
        if (spec.startsWith(">=")) {
            assertTrue(value >= bound, "confidence " + value + " should be >= " + bound + ", " + where);
        } else if (spec.startsWith("<")) {
            assertTrue(value < bound, "confidence " + value + " should be < " + bound + ", " + where);
        } else {
            fail("bad confidence spec " + spec);
        }
    }

    private static String describe(List<TextToolCall> calls) {
        if (calls.isEmpty()) {
            return "  (no calls)";
        }
        return calls.stream().map(c -> "  " + c.formatId() + " | " + c.name() + " | "
                        + c.arguments().map(JsonValue::toCompactString).orElse("-") + " | "
                        + c.argumentsStatus().name().toLowerCase(Locale.ROOT) + " | " + c.confidence().value()
                        + " " + c.confidence().reasons() + " lost=" + c.unrecovered() + " span=" + c.span())
                .collect(Collectors.joining("\n"));
    }

    static List<Case> cases() throws IOException {
        String table;
        try (InputStream in = TextCallCasesTest.class.getResourceAsStream("/textcalls/cases.txt")) {
            table = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<Case> cases = new ArrayList<>();
        String[] lines = table.split("\n", -1);
        int i = 0;
        while (i < lines.length) {
            if (!lines[i].startsWith("=== ")) {
                i++;
                continue;
            }
            String id = lines[i].substring(4).strip();
            int line = i + 1;
            i++;
            Set<String> tools = new LinkedHashSet<>();
            List<String> text = new ArrayList<>();
            List<Expected> calls = new ArrayList<>();
            List<String> lost = new ArrayList<>();
            Double noneAbove = null;
            boolean inText = false;
            while (i < lines.length && !lines[i].startsWith("=== ")) {
                String l = lines[i];
                if (l.startsWith("expect:") || l.startsWith("lost:")) {
                    inText = false;
                }
                if (inText) {
                    text.add(l);
                } else if (l.startsWith("text:")) {
                    inText = true;
                } else if (l.startsWith("tools:")) {
                    Arrays.stream(l.substring(6).split(",")).map(String::strip).filter(s -> !s.isEmpty())
                            .forEach(tools::add);
                } else if (l.startsWith("lost:")) {
                    lost.add(l.substring(5).strip());
                } else if (l.startsWith("expect: none")) {
                    String rest = l.substring("expect: none".length()).strip();
                    noneAbove = rest.isEmpty() ? 0.0 : Double.parseDouble(rest.replace("above", "").strip());
                } else if (l.startsWith("expect:")) {
                    String[] f = l.substring(7).split(" \\| ");
                    if (f.length != 5) {
                        throw new IllegalArgumentException("line " + (i + 1) + ": want 5 fields: " + l);
                    }
                    calls.add(new Expected(f[0].strip(), f[1].strip(), f[2].strip(), f[3].strip(), f[4].strip()));
                }
                i++;
            }
            while (!text.isEmpty() && text.get(text.size() - 1).isEmpty()) {
                text.remove(text.size() - 1);
            }
            cases.add(new Case(id, line, tools, String.join("\n", text), calls, noneAbove, lost));
        }
        return cases;
    }
}
