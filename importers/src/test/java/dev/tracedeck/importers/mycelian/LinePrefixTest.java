package dev.tracedeck.importers.mycelian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class LinePrefixTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "2025-09-05 10:15:03,003 [message_logger.py:log_conversation_message] MSG x|2025-09-05 10:15:03,003",
        "10:15:03 [INFO] MSG x|10:15:03",
        "2025-09-05 10:15:03,003 - lme.agent - INFO - MSG x|2025-09-05 10:15:03,003",
        "INFO lme.agent: MSG x|''",
        "INFO:lme.agent:MSG x|''",
        "WARNING:root:MSG x|''",
    })
    void findsTheMessageAfterEveryPrefixStyle(String line, String time) {
        LinePrefix prefix = LinePrefix.parse(line);
        assertTrue(prefix.present());
        assertTrue(prefix.strong());
        assertEquals(time, prefix.time(line));
        assertEquals("MSG x", line.substring(prefix.messageStart()));
    }

    @Test
    void bracketTagsAloneAreAWeakPrefix() {
        LinePrefix prefix = LinePrefix.parse("[agent] MSG x");
        assertTrue(prefix.present());
        assertFalse(prefix.strong());
        assertEquals("MSG x", "[agent] MSG x".substring(prefix.messageStart()));
    }

    @Test
    void textThatMerelyLooksLikeATimeIsNoPrefix() {
        assertFalse(LinePrefix.parse("10:15:03abc MSG").present());
        assertFalse(LinePrefix.parse("Lisbon at 10 am").present());
        assertEquals(0, LinePrefix.parse("MSG thread_id=x").messageStart());
    }
}
