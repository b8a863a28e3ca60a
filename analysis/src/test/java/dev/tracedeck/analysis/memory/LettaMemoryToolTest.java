package dev.tracedeck.analysis.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LettaMemoryToolTest {

    @Test
    void createAndStrReplaceKeepASlashInTheLabelTheOtherCommandsMakeIt_() {
        assertEquals("project/notes", LettaMemoryTool.label("/memories/project/notes"));
        assertEquals("project_notes", LettaMemoryTool.flatLabel("/memories/project/notes"));
        assertEquals("human", LettaMemoryTool.label("/human"));
        assertEquals("human", LettaMemoryTool.label("human"));
    }
}
