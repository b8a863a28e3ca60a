package dev.tracedeck.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.URI;
import org.junit.jupiter.api.Test;

/** A relative path becomes a relative reference that reads back as the same path, whatever its names hold. */
class SarifUriTest {

    @Test
    void aColonInTheFirstSegmentIsNotTakenForAScheme() throws Exception {
        URI uri = new URI(SarifReport.uri("run:1/a.log"));
        assertNull(uri.getScheme(), uri.toString());
        assertEquals("run:1/a.log", uri.getPath());
    }

    @Test
    void segmentsArePercentEncodedAndDotSegmentsKept() throws Exception {
        String uri = SarifReport.uri("../traces/a b#c?d%e ü.log");
        assertEquals("../traces/a%20b%23c%3Fd%25e%20%C3%BC.log", uri);
        assertEquals("../traces/a b#c?d%e ü.log", new URI(uri).getPath());
    }
}
