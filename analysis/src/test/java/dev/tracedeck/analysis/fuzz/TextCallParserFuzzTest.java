package dev.tracedeck.analysis.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.tracedeck.analysis.textcalls.TextCallParser;
import dev.tracedeck.analysis.textcalls.TextSpan;
import dev.tracedeck.analysis.textcalls.TextToolCall;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Any assistant text, whole or cut by a log: the parser returns calls (throwing nothing) that stand inside the
 * text, in text order and without overlapping, as {@link TextCallParser} promises. Seeds (the texts of
 * {@code textcalls/cases.txt}) and kept findings: {@code TextCallParserFuzzTestInputs/parse}.
 */
class TextCallParserFuzzTest {

    private static final TextCallParser PARSER = TextCallParser.standard();
    private static final Set<String> KNOWN = Set.of("get_weather", "core_memory_append", "search");

    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    @DictionaryFile(resourcePath = "textcalls.dict")
    void parse(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        inTextOrder(text, PARSER.parse(text));
        inTextOrder(text, PARSER.parseCut(text, KNOWN));
    }

    private static void inTextOrder(String text, List<TextToolCall> calls) {
        int end = 0;
        for (TextToolCall call : calls) {
            TextSpan span = call.span();
            assertTrue(span.start() >= end && span.end() <= text.length(), () -> "span " + span + " after " + calls);
            assertTrue(span.codePointEnd() == text.codePointCount(0, span.end()), () -> "code points of " + span);
            end = span.end();
        }
    }
}
