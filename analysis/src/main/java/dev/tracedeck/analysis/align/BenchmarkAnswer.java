package dev.tracedeck.analysis.align;

import dev.tracedeck.model.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The verdict of a run of the smolagents benchmark ({@code examples/smolagents_benchmark/run.py}), whose line records
 * the question's {@code true_answer} beside the agent's {@code answer} but no score: the benchmark scores it with its
 * own rule ({@code score.ipynb}'s {@code get_correct}), which this applies as written there. A {@code MATH} answer
 * passes when the last number in it is within a relative 1e-5 (absolute 1e-7) of the true answer. Any other: a true
 * answer that is a number passes an answer that is that number once {@code $ % ,} are taken out; one holding
 * {@code ,} or {@code ;} is a list, compared item by item (as numbers where the true item is one, else as text without
 * whitespace, in lower case); else the two as text without whitespace and ASCII punctuation, in lower case. A line
 * with no answer (the run raised, and the script wrote none) or an {@code error} fails.
 */
final class BenchmarkAnswer {

    private static final Pattern NUMBER = Pattern.compile("-?(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?");
    /** What Python's {@code float()} reads, bar underscores: the benchmark asks it whether a true answer is a number. */
    private static final Pattern FLOAT = Pattern.compile(
            "[+-]?(?:(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?|inf|infinity|nan)", Pattern.CASE_INSENSITIVE);
    private static final String PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

    private BenchmarkAnswer() {
    }

    /** True for a benchmark line's record: the question and its true answer. */
    static boolean isBenchmarkRun(JsonValue run) {
        return run.get("question").isPresent() && run.get("true_answer").isPresent();
    }

    static Outcome of(JsonValue run) {
        Optional<JsonValue> error = run.get("error").filter(e -> !(e instanceof JsonValue.JsonNull));
        if (error.isPresent()) {
            return Outcome.fail("error: " + error.get().asText().orElse(error.get().toCompactString()));
        }
        Optional<String> answer = run.get("answer").flatMap(BenchmarkAnswer::text);
        Optional<String> truth = run.get("true_answer").flatMap(BenchmarkAnswer::text);
        if (truth.isEmpty()) {
            return Outcome.UNKNOWN;
        }
        if (answer.isEmpty()) {
            return Outcome.fail("no answer (true answer " + truth.get() + ")");
        }
        String source = run.get("source").flatMap(JsonValue::asText).orElse("");
        Optional<Boolean> correct = source.equals("MATH") ? math(answer.get(), truth.get()) : gaia(answer.get(), truth.get());
        String said = "answer " + answer.get() + (correct.orElse(false) ? " = " : " ≠ ") + truth.get();
        return correct.map(c -> c ? Outcome.pass(said) : Outcome.fail(said)).orElse(Outcome.unknown(said));
    }

    /** Python's {@code str()} of the value: text as it is, numbers and booleans as Python prints them. */
    private static Optional<String> text(JsonValue value) {
        if (value instanceof JsonValue.JsonNull) {
            return Optional.empty();
        }
        if (value instanceof JsonValue.JsonBoolean b) {
            return Optional.of(b.value() ? "True" : "False");
        }
        return value.asText().or(() -> Optional.of(value.toCompactString()));
    }

    /** The last number of the answer against the true answer; empty when the true answer is no number. */
    static Optional<Boolean> math(String answer, String truth) {
        OptionalDouble expected = pythonFloat(truth);
        if (expected.isEmpty()) {
            return Optional.empty();
        }
        Matcher m = NUMBER.matcher(answer);
        String last = null;
        while (m.find()) {
            last = m.group();
        }
        if (last == null) {
            return Optional.of(false);
        }
        double got = Double.parseDouble(last.replace(",", ""));
        double want = expected.getAsDouble();
        return Optional.of(Math.abs(got - want) <= 1e-7 + 1e-5 * Math.abs(want));
    }

    static Optional<Boolean> gaia(String answer, String truth) {
        OptionalDouble number = pythonFloat(truth);
        if (number.isPresent()) {
            return Optional.of(numberOf(answer) == number.getAsDouble());
        }
        if (truth.contains(",") || truth.contains(";")) {
            List<String> want = split(truth);
            List<String> got = split(answer);
            if (want.size() != got.size()) {
                return Optional.of(false);
            }
            for (int i = 0; i < want.size(); i++) {
                OptionalDouble item = pythonFloat(want.get(i));
                boolean same = item.isPresent() ? numberOf(got.get(i)) == item.getAsDouble()
                        : squeezed(got.get(i), false).equals(squeezed(want.get(i), false));
                if (!same) {
                    return Optional.of(false);
                }
            }
            return Optional.of(true);
        }
        return Optional.of(squeezed(answer, true).equals(squeezed(truth, true)));
    }

    /** The answer as a number once {@code $ % ,} are out; infinity (equal to no true number) when it is none. */
    private static double numberOf(String answer) {
        String bare = answer.replace("$", "").replace("%", "").replace(",", "");
        return pythonFloat(bare).orElse(Double.POSITIVE_INFINITY);
    }

    static OptionalDouble pythonFloat(String text) {
        String t = text.strip();
        if (!FLOAT.matcher(t).matches()) {
            return OptionalDouble.empty();
        }
        String lower = t.toLowerCase(Locale.ROOT);
        if (lower.endsWith("inf") || lower.endsWith("infinity")) {
            return OptionalDouble.of(lower.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
        }
        if (lower.endsWith("nan")) {
            return OptionalDouble.of(Double.NaN);
        }
        return OptionalDouble.of(Double.parseDouble(t));
    }

    private static List<String> split(String s) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == ',' || s.charAt(i) == ';') {
                parts.add(s.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(s.substring(start));
        return parts;
    }

    /** Without whitespace, in lower case, and without ASCII punctuation when asked. */
    private static String squeezed(String s, boolean punctuation) {
        StringBuilder out = new StringBuilder(s.length());
        s.codePoints().forEach(c -> {
            if (Character.isWhitespace(c) || Character.isSpaceChar(c) || punctuation && c < 128 && PUNCTUATION.indexOf(c) >= 0) {
                return;
            }
            out.appendCodePoint(c);
        });
        return out.toString().toLowerCase(Locale.ROOT);
    }
}
